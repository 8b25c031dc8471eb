import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, InlineStack, Layout, Link, Page, Text } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { customerLinks, customerOfDestinations } from "~/faces/admin/customer-links.server";
import { formFields, orNotFound, readForm, runIntent } from "~/faces/admin/action-result.server";
import { CardStatusBadge } from "~/faces/admin/components/CardStatusBadge";
import { DetailList } from "~/faces/admin/components/DetailList";
import { MediaGallery } from "~/faces/admin/components/MediaGallery";
import { MetadataTable } from "~/faces/admin/components/MetadataTable";
import { NotificationStatusBadge } from "~/faces/admin/components/NotificationBadges";
import { OwnerLabel } from "~/faces/admin/components/OwnerLabel";
import { ItemAside } from "~/faces/admin/components/ItemAside";
import { VoidCardModal } from "~/faces/admin/components/cards/VoidCardModal";
import { voidCard } from "~/domain/card-void.server";
import { getCard } from "~/domain/cards.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { retryMint } from "~/domain/chain-mints.server";
import { notificationsOfCard } from "~/domain/notification-admin.server";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { useSerialLabel } from "~/faces/admin/i18n/use-serial";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.cards");

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const card = await orNotFound(getCard(session.shop, params.id ?? "", await adminLivemode(session.shop)), t("cards.notFound"));
  const [notifications, customers] = await Promise.all([
    notificationsOfCard(session.shop, card.id),
    customerLinks(admin.graphql, [card.owner]),
  ]);
  // A card waiting for its claim: the customer its code was sent to, for a link back to their page.
  const recipient =
    card.owner || !card.redemption
      ? null
      : await customerOfDestinations(
          admin.graphql,
          notifications.map((notification) => notification.recipient),
        );
  // Why it was voided, in the merchant's language (the domain words it in English).
  const voidReason = card.voidReason === null ? null : translateDomainMessage(t, card.voidReason);
  return {
    card: { ...card, voidReason },
    customers,
    recipient,
    notifications: notifications.map((n) => ({ ...n, sentAt: n.sentAt?.toISOString() ?? null, createdAt: n.createdAt.toISOString() })),
  };
};

// Retry a FAILED mint of this card, or void it while it waits to be claimed.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const fields = formFields(await readForm(request));
  const t = await translatorFor(request);
  switch (fields.intent) {
    case "retry-mint":
      return runIntent("retry-mint", t, () => retryMint(session.shop, fields.id ?? ""));
    case "void": {
      const livemode = await adminLivemode(session.shop);
      return runIntent("void", t, () => voidCard(session.shop, params.id ?? "", undefined, livemode));
    }
    default:
      throw new Response(`Unknown intent “${fields.intent ?? ""}”`, { status: 400 });
  }
};

/** One card, everything the merchant knows about it: fields, metadata (private marked), its claim messages and NFT. */
export default function CardDetails() {
  const { card, customers, recipient, notifications } = useLoaderData<typeof loader>();
  const redemption = card.redemption;
  const { t } = useTranslation();
  const format = useFormat();
  const serial = useSerialLabel()(card);
  const [voiding, setVoiding] = useState(false);
  const closeVoid = useCallback(() => setVoiding(false), []);
  return (
    <Page
      title={card.name}
      subtitle={card.id}
      backAction={{ content: t("cards.title"), url: "/app/cards" }}
      titleMetadata={<CardStatusBadge status={card.status} custody={card.custody} />}
      secondaryActions={
        card.status === "PENDING_REDEMPTION"
          ? [{ content: t("cards.detail.void"), destructive: true, onAction: () => setVoiding(true) }]
          : []
      }
    >
      <Layout>
        {card.status === "VOID" && (
          <Layout.Section>
            <Banner tone="warning" title={t("cards.detail.voided")}>
              <Text as="p">{t("cards.detail.voidedOn", { date: format.dateTime(card.voidedAt), reason: card.voidReason ?? "—" })}</Text>
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t("common.details")}
                </Text>
                <DetailList
                  rows={[
                    ...(serial ? [[t("common.edition"), serial] as [string, string]] : []),
                    [t("cards.detail.owner"), <OwnerLabel key="owner" owner={card.owner} customers={customers} />],
                    ...(recipient
                      ? [
                          [
                            t("cards.forCustomer"),
                            <Link key="customer" url={`/app/customers/${recipient.id}`}>
                              {recipient.name}
                            </Link>,
                          ] as [string, JSX.Element],
                        ]
                      : []),
                    [t("common.wallet"), card.custody === "HELD" ? t("cards.detail.held") : (card.publicKey ?? "—")],
                    [t("common.created"), format.dateTime(card.createdAt)],
                    [t("cards.detail.claimed"), format.dateTime(card.redeemedAt)],
                    [
                      t("cards.detail.codeSentTo"),
                      redemption
                        ? notifications.map((notification) => notification.recipient).join(", ") || "—"
                        : t("common.issuedToOwner"),
                    ],
                    // A voided card's code claims nothing: when it would have expired is beside the point.
                    [t("cards.detail.codeExpires"), redemption && card.status !== "VOID" ? format.date(redemption.expiresAt) : "—"],
                  ]}
                />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t("cards.detail.metadata")}
                </Text>
                <MetadataTable entries={card.metadata} />
              </BlockStack>
            </Card>
            <MediaGallery
              title={t("cards.detail.media")}
              images={card.media.imageUrls}
              links={card.media.videoUrls}
              alt={card.name}
              empty={t("cards.detail.noMedia")}
            />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t("cards.detail.claimMessages")}
                </Text>
                {notifications.length === 0 ? (
                  <Text as="p" tone="subdued">
                    {redemption ? t("cards.detail.none") : t("cards.detail.noneIssued")}
                  </Text>
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
            <ItemAside
              chain={card.chain}
              itemId={card.id}
              itemName={card.name}
              verifyUrl={card.verifyUrl}
              voided={card.status === "VOID"}
              certificate={card.status === "OWNED" || card.status === "PENDING_TRANSFER"}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <VoidCardModal cardName={card.name} open={voiding} onClose={closeVoid} />
    </Page>
  );
}
