import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { customerLinks } from "~/admin/customer-links.server";
import { orNotFound } from "~/admin/action-result.server";
import { retryMintAction } from "~/admin/retry-mint.server";
import { CardStatusBadge } from "~/components/CardStatusBadge";
import { ChainStatusCell } from "~/components/ChainStatusCell";
import { DetailList } from "~/components/DetailList";
import { MediaGallery } from "~/components/MediaGallery";
import { MetadataTable } from "~/components/MetadataTable";
import { NotificationStatusBadge } from "~/components/NotificationBadges";
import { OwnerLabel } from "~/components/OwnerLabel";
import { getCard } from "~/domain/cards.server";
import { notificationsOfCard } from "~/domain/notification-admin.server";
import { formatDate, formatDateTime } from "~/lib/format";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const card = await orNotFound(getCard(session.shop, params.id ?? ""), "Card not found");
  const [notifications, customers] = await Promise.all([
    notificationsOfCard(session.shop, card.id),
    customerLinks(admin.graphql, [card.owner]),
  ]);
  return { card, customers, notifications: notifications.map((n) => ({ ...n, sentAt: n.sentAt?.toISOString() ?? null, createdAt: n.createdAt.toISOString() })) };
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
            <MediaGallery title="Media" images={card.media.imageUrls} links={card.media.videoUrls} alt={card.name} empty="No images or videos." />
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
