import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, EmptyState, IndexTable, InlineStack, Layout, Link, Page, Tabs, Text } from "@shopify/polaris";
import { customerLinks } from "~/admin/customer-links.server";
import { OwnerLabel } from "~/components/OwnerLabel";
import { retryMintAction } from "~/admin/retry-mint.server";
import { ChainStatusCell } from "~/components/ChainStatusCell";
import { CARD_STATUS_LABELS, CardStatusBadge, type CardStatusValue } from "~/components/CardStatusBadge";
import { CursorPagination } from "~/components/CursorPagination";
import { EMPTY_STATE_IMAGE } from "~/components/empty-state-image";
import { MediaThumbnail } from "~/components/MediaThumbnail";
import { listCards } from "~/domain/cards.server";
import { chainIssuingOn } from "~/domain/chain-mints.server";
import { DomainError } from "~/domain/errors";
import { destinationsOfCards } from "~/domain/notification-admin.server";
import { formatDate } from "~/lib/format";
import { authenticate } from "~/shopify.server";
import { ResponsiveIndexTable } from "~/components/ResponsiveIndexTable";

const PAGE_SIZE = 25;
const TABS: { id: string; content: string; status?: CardStatusValue }[] = [
  { id: "all", content: "All" },
  { id: "pending", content: CARD_STATUS_LABELS.PENDING_REDEMPTION, status: "PENDING_REDEMPTION" },
  { id: "owned", content: CARD_STATUS_LABELS.OWNED, status: "OWNED" },
];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const status = TABS.find((tab) => tab.status && tab.status === params.get("status"))?.status;
  const cursor = params.get("cursor") ?? undefined;
  try {
    const page = await listCards(session.shop, { status, cursor, limit: PAGE_SIZE });
    const [customers, destinations] = await Promise.all([
      customerLinks(admin.graphql, page.cards.map((card) => card.owner)),
      destinationsOfCards(session.shop, page.cards.filter((card) => !card.owner).map((card) => card.id)),
    ]);
    return { status: status ?? null, ...page, customers, destinations, staleCursor: false, chainOn: chainIssuingOn() || page.cards.some((card) => card.chain) };
  } catch (error) {
    // A hand-edited or outdated page link: say so rather than fail the page.
    if (error instanceof DomainError && error.code === "VALIDATION_FAILED") {
      return { status: status ?? null, cards: [], customers: {}, destinations: {}, nextCursor: null, staleCursor: true, chainOn: false };
    }
    throw error;
  }
};

export const action = retryMintAction;

export default function Cards() {
  const { status, cards, customers, destinations, nextCursor, staleCursor, chainOn } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const selectedTab = Math.max(0, TABS.findIndex((tab) => tab.status === (status ?? undefined)));
  const filtered = status !== null;

  return (
    <Page
      title="Cards"
      subtitle="Unit cards issued by this shop, newest first."
      primaryAction={{ content: "Create cards", url: "/app/cards/new" }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card padding="0">
              <Tabs
                tabs={TABS.map(({ id, content }) => ({ id, content }))}
                selected={selectedTab}
                onSelect={(index) => {
                  const tab = TABS[index];
                  navigate(tab?.status ? `/app/cards?status=${tab.status}` : "/app/cards");
                }}
              />
              {staleCursor ? (
                <Box padding="400">
                  <Banner
                    tone="warning"
                    title="This page link is no longer valid"
                    action={{ content: "Go to the first page", url: status ? `/app/cards?status=${status}` : "/app/cards" }}
                  />
                </Box>
              ) : cards.length === 0 ? (
                <EmptyState
                  heading={filtered ? `No cards ${status === "OWNED" ? "owned yet" : "waiting to be claimed"}` : "Create your first cards"}
                  image={EMPTY_STATE_IMAGE}
                  action={filtered ? undefined : { content: "Create cards", url: "/app/cards/new" }}
                  secondaryAction={filtered ? { content: "Show all cards", url: "/app/cards" } : undefined}
                >
                  <p>
                    {filtered
                      ? "Cards appear here when they reach this status."
                      : "Send cards to a customer with a redemption code, or straight to an owner's wallet."}
                  </p>
                </EmptyState>
              ) : (
                <ResponsiveIndexTable
                  resourceName={{ singular: "card", plural: "cards" }}
                  itemCount={cards.length}
                  selectable={false}
                  loading={navigation.state === "loading" && navigation.location.pathname === "/app/cards"}
                  headings={[
                    { title: "Card" },
                    { title: "Status" },
                    { title: "Owner or destination" },
                    { title: "Created" },
                    { title: "Redemption" },
                    ...(chainOn ? [{ title: "On-chain" }] : []),
                  ]}
                >
                  {cards.map((card, index) => (
                    <IndexTable.Row id={card.id} key={card.id} position={index}>
                      <IndexTable.Cell>
                        <InlineStack gap="300" blockAlign="center" wrap={false}>
                          <MediaThumbnail images={card.media.imageUrls} alt={card.name} />
                          <BlockStack>
                            <Link url={`/app/cards/${card.id}`} removeUnderline>
                              <Text as="span" fontWeight="semibold">{card.name}</Text>
                            </Link>
                            <Text as="span" variant="bodySm" tone="subdued">{card.id}</Text>
                          </BlockStack>
                        </InlineStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <CardStatusBadge status={card.status} />
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        {card.owner ? <OwnerLabel owner={card.owner} customers={customers} /> : <Text as="span" breakWord>{destinations[card.id]?.join(", ") || "—"}</Text>}
                      </IndexTable.Cell>
                      <IndexTable.Cell>{formatDate(card.createdAt)}</IndexTable.Cell>
                      <IndexTable.Cell>{redemptionOf(card)}</IndexTable.Cell>
                      {chainOn && (
                        <IndexTable.Cell>
                          <ChainStatusCell chain={card.chain} itemId={card.id} itemName={card.name} />
                        </IndexTable.Cell>
                      )}
                    </IndexTable.Row>
                  ))}
                </ResponsiveIndexTable>
              )}
              {!staleCursor && <CursorPagination nextCursor={nextCursor} filters={status ? { status } : {}} />}
            </Card>
            <Box paddingBlockEnd="800" />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

type CardRow = ReturnType<typeof useLoaderData<typeof loader>>["cards"][number];

function redemptionOf(card: CardRow) {
  if (!card.redemption) return <Text as="span" tone="subdued">Issued to owner</Text>;
  if (card.redeemedAt) return `Claimed ${formatDate(card.redeemedAt)}`;
  const expired = new Date(card.redemption.expiresAt).getTime() <= Date.now();
  return (
    <Text as="span" tone={expired ? "critical" : undefined}>
      {expired ? "Expired" : "Expires"} {formatDate(card.redemption.expiresAt)}
    </Text>
  );
}
