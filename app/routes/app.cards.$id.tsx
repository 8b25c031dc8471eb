import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Layout, Link, Page, Text, Thumbnail } from "@shopify/polaris";
import { customerLinks } from "~/admin/customer-links.server";
import { retryMintAction } from "~/admin/retry-mint.server";
import { CardStatusBadge } from "~/components/CardStatusBadge";
import { ChainStatusCell } from "~/components/ChainStatusCell";
import { DetailList } from "~/components/DetailList";
import { MetadataTable } from "~/components/MetadataTable";
import { NotificationStatusBadge } from "~/components/NotificationBadges";
import { OwnerLabel } from "~/components/OwnerLabel";
import { getCard } from "~/domain/cards.server";
import { DomainError } from "~/domain/errors";
import { notificationsOfCard } from "~/domain/notification-admin.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const card = await getCard(session.shop, params.id ?? "");
    const [notifications, customers] = await Promise.all([
      notificationsOfCard(session.shop, card.id),
      customerLinks(admin.graphql, [card.owner]),
    ]);
    return { card, customers, notifications: notifications.map((n) => ({ ...n, sentAt: n.sentAt?.toISOString() ?? null, createdAt: n.createdAt.toISOString() })) };
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") throw new Response("Card not found", { status: 404 });
    throw error;
  }
};

export const action = retryMintAction;

/** One card, everything the merchant knows about it: fields, metadata (private marked), its claim messages and NFT. */
export default function CardDetails() {
  const { card, customers, notifications } = useLoaderData<typeof loader>();
  const redemption = card.redemption;
  return (
    <Page title={card.name} subtitle={card.id} backAction={{ content: "Cards", url: "/app/cards" }} titleMetadata={<CardStatusBadge status={card.status} />}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Details</Text>
                <DetailList
                  rows={[
                    ["Owner", <OwnerLabel key="owner" owner={card.owner} customers={customers} />],
                    ["Wallet", card.publicKey ?? "—"],
                    ["Created", formatDateTime(card.createdAt)],
                    ["Claimed", formatDateTime(card.redeemedAt)],
                    ["Code sent to", redemption ? notifications.map((notification) => notification.recipient).join(", ") || "—" : "Issued to owner"],
                    ["Code expires", redemption ? formatDate(redemption.expiresAt) : "—"],
                  ]}
                />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Metadata</Text>
                <MetadataTable entries={card.metadata} />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Media</Text>
                {card.media.imageUrls.length + card.media.videoUrls.length === 0 && <Text as="p" tone="subdued">No images or videos.</Text>}
                <InlineStack gap="300">
                  {card.media.imageUrls.map((url) => <Thumbnail key={url} source={url} alt={card.name} size="large" />)}
                </InlineStack>
                {card.media.videoUrls.map((url) => <Link key={url} url={url} target="_blank">{url}</Link>)}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Claim messages</Text>
                {notifications.length === 0 ? (
                  <Text as="p" tone="subdued">{redemption ? "None." : "None: this card was issued to its owner."}</Text>
                ) : (
                  notifications.map((notification) => (
                    <BlockStack key={notification.id} gap="100">
                      <InlineStack gap="200" blockAlign="center">
                        <Link url={`/app/notifications/${notification.id}`}>{notification.recipient}</Link>
                        <NotificationStatusBadge status={notification.status} />
                      </InlineStack>
                      <Text as="span" variant="bodySm" tone="subdued">
                        {`${notification.attempts} attempt(s) · sent ${formatDateTime(notification.sentAt)}`}
                      </Text>
                    </BlockStack>
                  ))
                )}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">On-chain</Text>
                <ChainStatusCell chain={card.chain} itemId={card.id} itemName={card.name} />
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
