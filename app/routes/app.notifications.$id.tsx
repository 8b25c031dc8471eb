import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { orNotFound } from "~/admin/action-result.server";
import { localMessageView } from "~/admin/local-message.server";
import { withDemoStorefrontLinks } from "~/demo/demo-storefront.server";
import { ChannelBadge, NotificationStatusBadge } from "~/components/NotificationBadges";
import { LocalMessage } from "~/components/LocalMessage";
import { getNotification, localMessage } from "~/domain/notification-admin.server";
import { formatDateTime } from "~/lib/format";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = params.id ?? "";
  const notification = await orNotFound(getNotification(session.shop, id), "Notification not found");
  // Only a message the dispatcher wrote to a local file (demo, development): never a provider's.
  const raw = notification.hasLocalCopy ? await localMessage(session.shop, id) : null;
  const message = raw === null ? null : withDemoStorefrontLinks(await localMessageView(raw, notification.channel), session.shop);
  return {
    notification: {
      ...notification,
      sentAt: notification.sentAt?.toISOString() ?? null,
      createdAt: notification.createdAt.toISOString(),
    },
    message,
  };
};

export const action = methodNotAllowed("GET, HEAD");

export default function NotificationDetails() {
  const { notification, message } = useLoaderData<typeof loader>();
  const details: [string, string][] = [
    ["Recipient", notification.recipient],
    ["Attempts", String(notification.attempts)],
    ["Created", formatDateTime(notification.createdAt)],
    ["Sent", formatDateTime(notification.sentAt)],
    ["Cards", notification.cardNames.join(", ") || "—"],
  ];

  return (
    <Page
      title={`Notification to ${notification.recipient}`}
      subtitle={notification.id}
      backAction={{ content: "Notifications", url: "/app/notifications" }}
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
              <Banner tone="critical" title="Last delivery error">
                <Text as="p" breakWord>{notification.lastError}</Text>
              </Banner>
            )}
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">Details</Text>
                {details.map(([label, value]) => (
                  <InlineStack key={label} gap="400" wrap={false}>
                    <Box minWidth="8rem">
                      <Text as="span" tone="subdued">{label}</Text>
                    </Box>
                    <Text as="span" breakWord>{value}</Text>
                  </InlineStack>
                ))}
              </BlockStack>
            </Card>
            {notification.hasLocalCopy && (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">Message (local copy)</Text>
                  <Text as="p" tone="subdued">
                    No e-mail or SMS provider is configured, so this message was written to a file instead of being sent.
                    Use its code or claim link to follow the claim flow.
                  </Text>
                  {message === null ? (
                    <Banner tone="warning" title="The message file is no longer there" />
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
