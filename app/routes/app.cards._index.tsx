import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, IndexTable, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { customerLinks } from "~/faces/admin/customer-links.server";
import { OwnerLabel } from "~/faces/admin/components/OwnerLabel";
import { retryMintAction } from "~/faces/admin/retry-mint.server";
import { ChainStatusCell } from "~/faces/admin/components/ChainStatusCell";
import { CardStatusBadge, type CardStatusValue } from "~/faces/admin/components/CardStatusBadge";
import { createdSorts, SearchableList } from "~/faces/admin/components/SearchableList";
import { useBulkCardActions } from "~/faces/admin/components/useBulkCardActions";
import { formFields, readForm, runIntentWithStatus } from "~/faces/admin/action-result.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { MediaThumbnail } from "~/faces/admin/components/MediaThumbnail";
import { SerialText } from "~/faces/admin/components/SerialText";
import { useDownload } from "~/faces/admin/components/useDownload";
import { useCsvExport } from "~/faces/admin/components/useCsvExport";
import { searchCards, voidUnclaimedCards } from "~/domain/card-list.server";
import { listParams, staleListLink } from "~/faces/admin/list-page.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { chainIssuingOn } from "~/domain/chain-mints.server";
import { CellText } from "~/faces/admin/components/CellText";
import { destinationsOfCards } from "~/domain/notification-admin.server";
import type { Formatter } from "~/faces/admin/i18n/format";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";
import { OwnClick } from "~/faces/admin/components/OwnClick";

export const meta = titled("nav.cards");

const PAGE_SIZE = 25;
const TABS: { id: string; status?: CardStatusValue }[] = [
  { id: "all" },
  { id: "pending", status: "PENDING_REDEMPTION" },
  { id: "owned", status: "OWNED" },
  { id: "voided", status: "VOID" },
];

const EMPTY_HEADING = {
  PENDING_REDEMPTION: "cards.noneWaiting",
  OWNED: "cards.noneOwned",
  PENDING_TRANSFER: "cards.noneGiven",
  VOID: "cards.noneVoided",
} as const;

/**
 * `?status=` one of the tabs, `?q=` the search (decision 0078), `?sort=newest|oldest`, `?cursor=`:
 * an unknown status or sort shows the default, a search over 100 characters is 400, a cursor
 * no list handed out shows the stale-link banner.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { params, q, sort, cursor } = listParams(request);
  const status = TABS.find((tab) => tab.status && tab.status === params.get("status"))?.status;
  const listed = { status: status ?? null, q, sort };
  try {
    const page = await searchCards(session.shop, { q, status, sort, cursor, limit: PAGE_SIZE }, await adminLivemode(session.shop));
    const [customers, destinations] = await Promise.all([
      customerLinks(
        admin.graphql,
        page.cards.map((card) => card.owner),
      ),
      destinationsOfCards(
        session.shop,
        page.cards.filter((card) => !card.owner).map((card) => card.id),
      ),
    ]);
    return {
      ...listed,
      ...page,
      customers,
      destinations,
      staleCursor: false,
      chainOn: chainIssuingOn() || page.cards.some((card) => card.chain),
    };
  } catch (error) {
    return { ...listed, cards: [], customers: {}, destinations: {}, nextCursor: null, staleCursor: staleListLink(error), chainOn: false };
  }
};

/** Retry a mint (one card), or void the selected cards still waiting to be claimed (`ids`, comma-separated). */
export const action = async (args: ActionFunctionArgs) => {
  const fields = formFields(await readForm(args.request.clone()));
  if (fields.intent !== "void-unclaimed") return retryMintAction(args);
  const { session } = await authenticate.admin(args.request);
  const livemode = await adminLivemode(session.shop);
  return runIntentWithStatus("void-unclaimed", await translatorFor(args.request), () =>
    voidUnclaimedCards(session.shop, (fields.ids ?? "").split(","), livemode),
  );
};

export default function Cards() {
  const { status, q, sort, cards, customers, destinations, nextCursor, staleCursor, chainOn } = useLoaderData<typeof loader>();
  const filtered = status !== null;
  const bulk = useBulkCardActions();
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useLabelSheet(cards);
  const csvExport = useCsvExport();

  return (
    <Page
      title={t("cards.title")}
      subtitle={t("cards.subtitle")}
      primaryAction={{ content: t("cards.create"), url: "/app/cards/new" }}
      secondaryActions={[{ content: t("cardImport.action"), url: "/app/cards/import" }]}
      actionGroups={[
        {
          title: t("csvExport.group"),
          actions: [csvExport("cards", t("csvExport.cards")), csvExport("activity", t("csvExport.activity"))],
        },
        ...(labels ? [labels] : []),
      ]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <SearchableList
              path="/app/cards"
              tabs={TABS.map(({ id, status: tabStatus }) => ({
                id,
                status: tabStatus,
                label: tabStatus ? t(`cardStatus.${tabStatus}`) : t("cards.all"),
              }))}
              status={status}
              query={q}
              sorts={createdSorts(t)}
              sort={sort}
              staleCursor={staleCursor}
              nextCursor={nextCursor}
              ids={cards.map((card) => card.id)}
              empty={
                q
                  ? {
                      heading: t("lists.noMatch", { query: q }),
                      body: t("lists.noMatchBody"),
                      secondaryAction: { content: t("lists.clearSearch"), url: status ? `/app/cards?status=${status}` : "/app/cards" },
                    }
                  : {
                      heading: status ? t(EMPTY_HEADING[status]) : t("cards.firstCards"),
                      body: filtered ? t("cards.filteredEmpty") : t("cards.emptyBody"),
                      action: filtered ? undefined : { content: t("cards.create"), url: "/app/cards/new" },
                      secondaryAction: filtered ? { content: t("cards.showAll"), url: "/app/cards" } : undefined,
                    }
              }
              resourceName={{ singular: t("cards.resourceSingular"), plural: t("cards.resourcePlural") }}
              searchPlaceholder={t("cardsBulk.searchPlaceholder")}
              bulkActions={bulk.actions}
              headings={[
                { title: t("cards.card") },
                { title: t("common.status") },
                { title: t("cards.ownerOrDestination") },
                { title: t("common.created") },
                { title: t("cards.redemption") },
                ...(chainOn ? [{ title: t("common.onChain") }] : []),
              ]}
            >
              {cards.map((card, index) => (
                <IndexTable.Row id={card.id} key={card.id} position={index}>
                  <IndexTable.Cell>
                    <InlineStack gap="300" blockAlign="center" wrap={false}>
                      <MediaThumbnail images={card.media.imageUrls} alt={card.name} />
                      <BlockStack>
                        <Link url={`/app/cards/${card.id}`} removeUnderline dataPrimaryLink>
                          <Text as="span" fontWeight="semibold">
                            <CellText>{card.name}</CellText>
                          </Text>
                        </Link>
                        <SerialText item={card} />
                      </BlockStack>
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <CardStatusBadge status={card.status} custody={card.custody} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    {card.owner ? (
                      <OwnClick>
                        <OwnerLabel owner={card.owner} customers={customers} />
                      </OwnClick>
                    ) : destinations[card.id]?.length ? (
                      // One line each: an e-mail and a phone side by side made the table wider than the admin's frame.
                      <BlockStack>
                        {destinations[card.id]!.map((destination) => (
                          <Text as="span" key={destination}>
                            <CellText>{destination}</CellText>
                          </Text>
                        ))}
                      </BlockStack>
                    ) : (
                      <Text as="span">—</Text>
                    )}
                  </IndexTable.Cell>
                  <IndexTable.Cell>{format.date(card.createdAt)}</IndexTable.Cell>
                  <IndexTable.Cell>{redemptionOf(card, t, format)}</IndexTable.Cell>
                  {chainOn && (
                    <IndexTable.Cell>
                      <OwnClick>
                        <ChainStatusCell chain={card.chain} itemId={card.id} itemName={card.name} />
                      </OwnClick>
                    </IndexTable.Cell>
                  )}
                </IndexTable.Row>
              ))}
            </SearchableList>
            {bulk.modal}
            <Box paddingBlockEnd="800" />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

type CardRow = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

/**
 * "Print labels": the owned cards listed on this page as label sheets, four
 * certificates a page (app.certificates.ts); none when the page lists none.
 */
function useLabelSheet(cards: { id: string; status: string }[]) {
  const { t } = useTranslation();
  const { download } = useDownload(t("certificate.failed"));
  // A card being given is still its giver's, certificate included (decision 0043).
  const owned = cards.filter((card) => card.status === "OWNED" || card.status === "PENDING_TRANSFER").map((card) => card.id);
  if (owned.length === 0) return null;
  const sheet = (size: "a4" | "letter") => () =>
    void download(`/app/certificates?size=${size}&ids=${owned.map(encodeURIComponent).join(",")}`, `certificate-labels-${size}.pdf`);
  return {
    title: t("certificate.labels"),
    actions: [
      { content: t("certificate.labelsA4"), helpText: t("certificate.labelsHelp"), onAction: sheet("a4") },
      { content: t("certificate.labelsLetter"), helpText: t("certificate.labelsHelp"), onAction: sheet("letter") },
    ],
  };
}

function redemptionOf(card: CardRow, t: TFunction, format: Formatter) {
  if (!card.redemption)
    return (
      <Text as="span" tone="subdued">
        {t("common.issuedToOwner")}
      </Text>
    );
  if (card.redeemedAt) return t("cards.claimedOn", { date: format.date(card.redeemedAt) });
  const expired = new Date(card.redemption.expiresAt).getTime() <= Date.now();
  const date = format.date(card.redemption.expiresAt);
  return (
    <Text as="span" tone={expired ? "critical" : undefined}>
      {expired ? t("cards.expiredOn", { date }) : t("cards.expiresOn", { date })}
    </Text>
  );
}
