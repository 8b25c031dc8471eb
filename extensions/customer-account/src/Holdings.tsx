import type { ComponentChildren } from "preact";
import { humanize, isHttpUrl, longDate, metadataValue, money, formatNumber, pageLanguage, serialLabel, t } from "./i18n";
import { GiftActions } from "./GiftForm";
import type { Card, ChainLine, Holdings as HoldingsData, Twin } from "./types";

/** The customer's cards and twins, as the storefront's My cards block shows them. */
export function HoldingsGrid({ holdings, onChanged }: { holdings: HoldingsData; onChanged: () => void }) {
  if (!holdings.cards.length && !holdings.twins.length) {
    return <s-paragraph>{t("list.empty")}</s-paragraph>;
  }
  return (
    <s-grid gridTemplateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap="base">
      {holdings.cards.map((card) => (
        <CardItem key={card.id} card={card} certificates={holdings.certificatePageUrl} passes={passesOf(holdings)} onChanged={onChanged} />
      ))}
      {holdings.twins.map((twin) => (
        <TwinItem key={twin.id} twin={twin} certificates={holdings.certificatePageUrl} passes={passesOf(holdings)} />
      ))}
    </s-grid>
  );
}

/** An item's picture, or a tinted square with its name's first letter. */
export function Picture({ url, name }: { url: string | undefined; name: string }) {
  if (isHttpUrl(url)) return <s-image src={url} alt={name} aspectRatio="1" objectFit="cover" borderRadius="base" loading="lazy" />;
  // No picture: a tinted square with the name's first letter (the heading names the item).
  return (
    <s-box background="subdued" borderRadius="base" padding="large-300" accessibilityVisibility="hidden">
      <s-paragraph textAlign="center" color="subdued">
        {name.trim().charAt(0).toUpperCase()}
      </s-paragraph>
    </s-box>
  );
}

/** Label/value rows; empty values are left out. */
function Details({ rows }: { rows: [string, string | null][] }) {
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (!shown.length) return null;
  return (
    <s-stack direction="block" gap="small-300">
      {shown.map(([label, value]) => (
        <s-text key={label}>
          <s-text color="subdued">{label}: </s-text>
          {value}
        </s-text>
      ))}
    </s-stack>
  );
}

function Chain({ chain, title }: { chain: ChainLine | null; title: string }) {
  if (!chain) return null;
  const minted = chain.status === "MINTED";
  return (
    <s-text color="subdued">
      {minted ? t("list.nft_minted") : t("list.nft_pending")}{" "}
      {minted && isHttpUrl(chain.explorerUrl) ? (
        <s-link href={chain.explorerUrl} target="_blank" accessibilityLabel={`${t("list.nft_view")}: ${title}`}>
          {t("list.nft_view")}
        </s-link>
      ) : null}
    </s-text>
  );
}

function Item({
  picture,
  title,
  serial,
  badge,
  children,
}: {
  picture: string | undefined;
  title: string;
  serial: string | null;
  badge: string;
  children: ComponentChildren;
}) {
  return (
    <s-box border="base" borderRadius="base" padding="base">
      <s-stack direction="block" gap="small">
        <Picture url={picture} name={title} />
        <s-badge>{badge}</s-badge>
        <s-heading>{title}</s-heading>
        {serial ? <s-text type="strong">{serial}</s-text> : null}
        {children}
      </s-stack>
    </s-box>
  );
}

/** The item's printable PDF certificate (A4), from the storefront, which knows the logged-in customer. */
function CertificateLink({ base, id, title }: { base: string; id: string; title: string }) {
  return (
    <s-link
      href={`${base}/${encodeURIComponent(id)}?size=a4&lang=${encodeURIComponent(pageLanguage())}`}
      target="_blank"
      accessibilityLabel={`${t("list.certificate")}: ${title}`}
    >
      {t("list.certificate")}
    </s-link>
  );
}

/** Where each wallet's link points on the storefront; null: that wallet is off. */
interface PassUrls {
  apple: string | null;
  google: string | null;
}

const passesOf = (holdings: HoldingsData): PassUrls => ({ apple: holdings.applePassesUrl, google: holdings.googleWalletUrl ?? null });

/**
 * "Add to Apple Wallet" (the item's pass) and "Add to Google Wallet" (a redirect to Google's save link),
 * from the storefront, where the customer is logged in too.
 */
function WalletLinks({ passes, id, title }: { passes: PassUrls; id: string; title: string }) {
  // The account page's language: the pass is written in it (issue 39, item 3).
  const language = encodeURIComponent(pageLanguage());
  const links = [
    passes.apple && { href: `${passes.apple}/${encodeURIComponent(id)}.pkpass?locale=${language}`, label: t("list.add_to_apple_wallet") },
    passes.google && { href: `${passes.google}/${encodeURIComponent(id)}?locale=${language}`, label: t("list.add_to_google_wallet") },
  ].filter((link): link is { href: string; label: string } => Boolean(link));
  return (
    <>
      {links.map((link) => (
        <s-link key={link.href} href={link.href} target="_blank" accessibilityLabel={`${link.label}: ${title}`}>
          {link.label}
        </s-link>
      ))}
    </>
  );
}

function CardItem(props: { card: Card; certificates: string; passes: PassUrls; onChanged: () => void }) {
  const { card, certificates, passes, onChanged } = props;
  const owned = card.status === "OWNED";
  const when = card.redeemedAt ?? card.createdAt;
  const date = when ? longDate(when) : null;
  return (
    <Item
      picture={card.media.imageUrls[0]}
      title={card.name}
      serial={serialLabel(card)}
      badge={owned ? t("list.status_owned") : card.status === "PENDING_TRANSFER" ? t("list.status_giving") : t("list.status_pending")}
    >
      <Details rows={card.metadata.map((entry) => [humanize(entry.key), metadataValue(entry)])} />
      {card.custody === "HELD" ? <s-text>{t("list.custody_held")}</s-text> : null}
      {owned ? <WalletLinks passes={passes} id={card.id} title={card.name} /> : null}
      <Chain chain={card.chain} title={card.name} />
      {date ? <s-text color="subdued">{card.redeemedAt ? t("list.claimed_on", { date }) : t("list.added_on", { date })}</s-text> : null}
      {owned || card.status === "PENDING_TRANSFER" ? <CertificateLink base={certificates} id={card.id} title={card.name} /> : null}
      <GiftActions card={card} onChanged={onChanged} />
      {card.status !== "PENDING_REDEMPTION" && isHttpUrl(card.verifyUrl) ? (
        <s-link href={card.verifyUrl} target="_blank" accessibilityLabel={`${t("list.history")}: ${card.name}`}>
          {t("list.history")}
        </s-link>
      ) : null}
    </Item>
  );
}

function TwinItem({ twin, certificates, passes }: { twin: Twin; certificates: string; passes: PassUrls }) {
  const link = twin.links.find(isHttpUrl);
  return (
    <Item picture={twin.images[0]} title={twin.title} serial={serialLabel(twin)} badge={t("list.twin_badge")}>
      {twin.brand ? <s-text type="strong">{twin.brand}</s-text> : null}
      {twin.description ? <s-paragraph>{twin.description}</s-paragraph> : null}
      <Details
        rows={[
          [t("list.price"), twin.price === null ? null : money(twin.price, twin.currency)],
          [t("list.quantity"), formatNumber(twin.quantity)],
          [t("list.universal_name"), twin.uns_name],
        ]}
      />
      <Chain chain={twin.chain} title={twin.title} />
      {link ? (
        <s-link href={link} target="_blank" accessibilityLabel={`${t("list.view_product")}: ${twin.title}`}>
          {t("list.view_product")}
        </s-link>
      ) : null}
      <CertificateLink base={certificates} id={twin.id} title={twin.title} />
      <WalletLinks passes={passes} id={twin.id} title={twin.title} />
    </Item>
  );
}
