import type { ComponentChildren } from "preact";
import { isHttpUrl, longDate, metadataLabel, metadataValue, money, formatNumber, pageLanguage, serialLabel, t } from "./i18n";
import { GiftActions } from "./GiftForm";
import type { Card, ChainLine, Holdings as HoldingsData, ItemAction, Twin } from "./types";

/** The customer's cards and twins, as the storefront's My cards block shows them. */
export function HoldingsGrid({ holdings, onChanged }: { holdings: HoldingsData; onChanged: () => void }) {
  if (!holdings.cards.length && !holdings.twins.length) {
    return (
      <s-stack direction="block" gap="base">
        <s-paragraph>{t("list.empty")}</s-paragraph>
        <GivenList given={holdings.given ?? []} />
      </s-stack>
    );
  }
  return (
    <s-stack direction="block" gap="base">
      <s-grid gridTemplateColumns="repeat(auto-fill, minmax(240px, 1fr))" gap="base">
        {holdings.cards.map((card) => (
          <CardItem key={card.id} card={card} proxyUrl={holdings.proxyUrl} giverName={holdings.firstName ?? ""} onChanged={onChanged} />
        ))}
        {holdings.twins.map((twin) => (
          <TwinItem key={twin.id} twin={twin} proxyUrl={holdings.proxyUrl} />
        ))}
      </s-grid>
      <GivenList given={holdings.given ?? []} />
    </s-stack>
  );
}

/** The gifts the customer gave that were claimed: "Gold: given to Olivia on 7 December 2026" (issue 39, item 9). */
function GivenList({ given }: { given: HoldingsData["given"] }) {
  if (!given.length) return null;
  return (
    <s-stack direction="block" gap="small-300">
      <s-heading>{t("list.given_heading")}</s-heading>
      {given.map((gift) => (
        <s-text key={`${gift.cardId}-${gift.at}`}>
          {t("list.given_line", { card: gift.cardName, to: gift.recipient, date: longDate(gift.at) ?? "" })}
        </s-text>
      ))}
    </s-stack>
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

/**
 * What the holder can do with an item, from the list the app sends for every "My cards" (the
 * storefront's block and page show the same, in the same order): verify and see its history, give it
 * or take it back (here, in place), its certificate and its passes on the storefront, where the
 * customer is logged in too.
 */
function ItemActions({
  actions,
  proxyUrl,
  title,
  card,
  giverName = "",
  onChanged,
}: {
  actions: ItemAction[];
  proxyUrl: string;
  title: string;
  card?: Card;
  giverName?: string;
  onChanged?: () => void;
}) {
  const labels: Record<Exclude<ItemAction["kind"], "GIVE" | "TAKE_BACK">, Parameters<typeof t>[0]> = {
    VERIFY: "list.history",
    CERTIFICATE: "list.certificate",
    APPLE_PASS: "list.add_to_apple_wallet",
    GOOGLE_PASS: "list.add_to_google_wallet",
  };
  let gifts = false;
  return (
    <>
      {actions.map((action) => {
        if (action.kind === "GIVE" || action.kind === "TAKE_BACK") {
          if (gifts || !card || !onChanged) return null;
          gifts = true;
          return <GiftActions key="gift" card={card} giverName={giverName} onChanged={onChanged} />;
        }
        const href = `${proxyUrl}${action.path}${documentLanguage(action.kind, action.path)}`;
        if (!isHttpUrl(href)) return null;
        const label = t(labels[action.kind]);
        return (
          <s-link key={action.kind} href={href} target="_blank" accessibilityLabel={`${label}: ${title}`}>
            {label}
          </s-link>
        );
      })}
    </>
  );
}

function CardItem({ card, proxyUrl, giverName, onChanged }: { card: Card; proxyUrl: string; giverName: string; onChanged: () => void }) {
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
      <Details rows={card.metadata.map((entry) => [metadataLabel(entry.key), metadataValue(entry)])} />
      {card.giftFrom ? (
        <s-text>
          {card.giftFrom.name
            ? t("list.gift_from", { name: card.giftFrom.name, date: longDate(card.giftFrom.at) ?? "" })
            : t("list.gift_from_someone", { date: longDate(card.giftFrom.at) ?? "" })}
        </s-text>
      ) : null}
      {card.custody === "HELD" ? <s-text>{t("list.custody_held")}</s-text> : null}
      {card.custody === "WALLET" && card.status !== "PENDING_REDEMPTION" ? <s-text>{t("list.custody_wallet")}</s-text> : null}
      <Chain chain={card.chain} title={card.name} />
      {date ? <s-text color="subdued">{card.redeemedAt ? t("list.claimed_on", { date }) : t("list.added_on", { date })}</s-text> : null}
      {owned && card.chain ? <s-text>{t("gift.minted")}</s-text> : null}
      <ItemActions actions={card.actions} proxyUrl={proxyUrl} title={card.name} card={card} giverName={giverName} onChanged={onChanged} />
    </Item>
  );
}

function TwinItem({ twin, proxyUrl }: { twin: Twin; proxyUrl: string }) {
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
      <ItemActions actions={twin.actions} proxyUrl={proxyUrl} title={twin.title} />
    </Item>
  );
}

/** The account page's language on a certificate or pass link: the document is written in it (issue 39, item 3). */
function documentLanguage(kind: ItemAction["kind"], path: string): string {
  const language = encodeURIComponent(pageLanguage());
  const join = path.includes("?") ? "&" : "?";
  if (kind === "CERTIFICATE") return `${join}lang=${language}`;
  if (kind === "APPLE_PASS" || kind === "GOOGLE_PASS") return `${join}locale=${language}`;
  return "";
}
