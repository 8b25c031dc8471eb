import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { customerLinks } from "~/faces/admin/customer-links.server";
import { orNotFound } from "~/faces/admin/action-result.server";
import { retryMintAction } from "~/faces/admin/retry-mint.server";
import { CardStatusBadge } from "~/faces/admin/components/CardStatusBadge";
import { DetailList } from "~/faces/admin/components/DetailList";
import { MediaGallery } from "~/faces/admin/components/MediaGallery";
import { MetadataTable } from "~/faces/admin/components/MetadataTable";
import { NotificationStatusBadge } from "~/faces/admin/components/NotificationBadges";
import { OwnerLabel } from "~/faces/admin/components/OwnerLabel";
import { ItemAside } from "~/faces/admin/components/ItemAside";
import { getCard } from "~/domain/cards.server";
import { notificationsOfCard } from "~/domain/notification-admin.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { authenticate } from "~/adapters/shopify/shopify-app.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const card = await orNotFound(getCard(session.shop, params.id ?? ""), t("cards.notFound"));
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
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Page title={card.name} subtitle={card.id} backAction={{ content: t("cards.title"), url: "/app/cards" }} titleMetadata={<CardStatusBadge status={card.status} />}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">{t("common.details")}</Text>
                <DetailList
                  rows={[
                    [t("cards.detail.owner"), <OwnerLabel key="owner" owner={card.owner} customers={customers} />],
                    [t("common.wallet"), card.publicKey ?? "—"],
                    [t("common.created"), format.dateTime(card.createdAt)],
                    [t("cards.detail.claimed"), format.dateTime(card.redeemedAt)],
                    [t("cards.detail.codeSentTo"), redemption ? notifications.map((notification) => notification.recipient).join(", ") || "—" : t("common.issuedToOwner")],
                    [t("cards.detail.codeExpires"), redemption ? format.date(redemption.expiresAt) : "—"],
                  ]}
                />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">{t("cards.detail.metadata")}</Text>
                <MetadataTable entries={card.metadata} />
              </BlockStack>
            </Card>
            <MediaGallery title={t("cards.detail.media")} images={card.media.imageUrls} links={card.media.videoUrls} alt={card.name} empty={t("cards.detail.noMedia")} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">{t("cards.detail.claimMessages")}</Text>
                {notifications.length === 0 ? (
                  <Text as="p" tone="subdued">{redemption ? t("cards.detail.none") : t("cards.detail.noneIssued")}</Text>
                ) : (
                  notifications.map((notification) => (
                    <BlockStack key={notification.id} gap="100">
                      <InlineStack gap="200" blockAlign="center">
                        <Link url={`/app/notifications/${notification.id}`}>{notification.recipient}</Link>
                        <NotificationStatusBadge status={notification.status} />
                      </InlineStack>
                      <Text as="span" variant="bodySm" tone="subdued">
                        {t("cards.detail.attempts", { count: notification.attempts, date: format.dateTime(notification.sentAt) })}
                      </Text>
                    </BlockStack>
                  ))
                )}
              </BlockStack>
            </Card>
            <ItemAside chain={card.chain} itemId={card.id} itemName={card.name} verifyUrl={card.verifyUrl} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
