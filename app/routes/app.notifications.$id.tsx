import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { orNotFound } from "~/faces/admin/action-result.server";
import { localMessageView } from "~/faces/admin/local-message.server";
import { withDemoStorefrontLinks } from "~/faces/demo/demo-storefront.server";
import { ChannelBadge, NotificationStatusBadge } from "~/faces/admin/components/NotificationBadges";
import { LocalMessage } from "~/faces/admin/components/LocalMessage";
import { getNotification, localMessage } from "~/domain/notification-admin.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.notifications");

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = params.id ?? "";
  const t = await translatorFor(request);
  const notification = await orNotFound(getNotification(session.shop, id, await adminLivemode(session.shop)), t("notifications.notFound"));
  // Only a message the dispatcher wrote to a local file (demo, development): never a provider's.
  const raw = notification.hasLocalCopy ? await localMessage(session.shop, id) : null;
  const message = raw === null ? null : withDemoStorefrontLinks(await localMessageView(raw, notification.channel), session.shop);
  return {
    notification: {
      ...notification,
      lastError: notification.lastError && translateDomainMessage(t, notification.lastError),
      sentAt: notification.sentAt?.toISOString() ?? null,
      createdAt: notification.createdAt.toISOString(),
    },
    message,
  };
};

export const action = methodNotAllowed("GET, HEAD");

export default function NotificationDetails() {
  const { notification, message } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  const details: [string, string][] = [
    [t("notifications.recipient"), notification.recipient],
    [t("notifications.attempts"), format.number(notification.attempts)],
    [t("common.created"), format.dateTime(notification.createdAt)],
    [t("notifications.sent"), format.dateTime(notification.sentAt)],
    [t("notifications.detail.cards"), notification.cardNames.join(", ") || "—"],
    [t("claimLinks.detailLabel"), notification.claimTarget ? t(`claimLinks.lands.${notification.claimTarget}`) : "—"],
  ];

  return (
    <Page
      title={t("notifications.detail.title", { recipient: notification.recipient })}
      subtitle={notification.id}
      backAction={{ content: t("notifications.title"), url: "/app/notifications" }}
      titleMetadata={
        <InlineStack gap="200">
          <ChannelBadge channel={notification.channel} />
          <NotificationStatusBadge status={notification.status} />
        </InlineStack>
      }
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {notification.lastError && (
              <Banner tone="critical" title={t("notifications.detail.lastDeliveryError")}>
                <Text as="p" breakWord>
                  {notification.lastError}
                </Text>
              </Banner>
            )}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  {t("common.details")}
                </Text>
                {details.map(([label, value]) => (
                  <InlineStack key={label} gap="400" wrap={false}>
                    <Box minWidth="8rem">
                      <Text as="span" tone="subdued">
                        {label}
                      </Text>
                    </Box>
                    <Text as="span" breakWord>
                      {value}
                    </Text>
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
            {notification.hasLocalCopy && (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    {t("notifications.detail.localCopy")}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t("notifications.detail.localCopyBody")}
                  </Text>
                  {message === null ? (
                    <Banner tone="warning" title={t("notifications.detail.fileGone")} />
                  ) : (
                    <LocalMessage message={message} />
                  )}
                </BlockStack>
              </Card>
            )}
            <Box paddingBlockEnd="800" />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
