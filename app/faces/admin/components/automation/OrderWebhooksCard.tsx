import type { SerializeFrom } from "@remix-run/node";
import { Badge, BlockStack, Box, Button, Card, IndexTable, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { OrderWebhookView } from "~/domain/order-issuing.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { ResponsiveIndexTable } from "../ResponsiveIndexTable";
import { useIntentFetcher } from "../customer/use-intent-fetcher";

const TONE = { PENDING: "info", WORKING: "info", DONE: "success", SKIPPED: "warning", FAILED: "critical" } as const;
type WebhookStatus = keyof typeof TONE;
const statusOf = (status: string): WebhookStatus => (status in TONE ? (status as WebhookStatus) : "PENDING");

/** The shop's latest order webhooks: what arrived, what became of it, and a Retry for those that failed or were skipped. */
export function OrderWebhooksCard({ webhooks }: { webhooks: SerializeFrom<OrderWebhookView>[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const retry = useIntentFetcher("retry-webhook", () => t("automation.webhooks.retried"));
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t("automation.webhooks.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("automation.webhooks.description")}
          </Text>
        </BlockStack>
      </Box>
      {webhooks.length === 0 ? (
        <Box padding="400" paddingBlockStart="0">
          <Text as="p" tone="subdued">
            {t("automation.webhooks.none")}
          </Text>
        </Box>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: t("automation.webhooks.topic"), plural: t("automation.webhooks.title") }}
          itemCount={webhooks.length}
          selectable={false}
          headings={[
            { title: t("automation.webhooks.received") },
            { title: t("automation.webhooks.topic") },
            { title: t("automation.webhooks.order") },
            { title: t("common.status") },
            { title: t("automation.webhooks.outcome") },
            { title: t("common.actions"), hidden: true },
          ]}
        >
          {webhooks.map((webhook, index) => {
            const status = statusOf(webhook.status);
            return (
              <IndexTable.Row id={webhook.id} key={webhook.id} position={index}>
                <IndexTable.Cell>{format.dateTime(webhook.createdAt)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="medium">
                    {webhook.topic}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{t("automation.webhooks.orderNumber", { id: webhook.orderId })}</IndexTable.Cell>
                <IndexTable.Cell>
                  <BlockStack gap="100">
                    <Badge tone={TONE[status]}>{t(`automation.webhooks.status.${status}`)}</Badge>
                    {webhook.attempts > 1 && (
                      <Text as="span" variant="bodySm" tone="subdued">
                        {t("automation.webhooks.attempts", { count: webhook.attempts })}
                      </Text>
                    )}
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" tone={webhook.lastError ? "critical" : undefined} breakWord>
                    {webhook.lastError ?? webhook.outcome ?? "—"}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {(status === "FAILED" || status === "SKIPPED") && (
                    <Button
                      size="slim"
                      loading={retry.busy && retry.fetcher.formData?.get("id") === webhook.id}
                      onClick={() =>
                        retry.fetcher.submit(
                          { intent: "retry-webhook", id: webhook.id },
                          { method: "post", action: "/app/automation?index" },
                        )
                      }
                      accessibilityLabel={t("automation.webhooks.retryLabel", { topic: webhook.topic, id: webhook.orderId })}
                    >
                      {t("common.retry")}
                    </Button>
                  )}
                </IndexTable.Cell>
              </IndexTable.Row>
            );
          })}
        </ResponsiveIndexTable>
      )}
    </Card>
  );
}
