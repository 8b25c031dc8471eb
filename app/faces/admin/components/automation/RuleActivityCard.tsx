import type { SerializeFrom } from "@remix-run/node";
import { Banner, BlockStack, Box, Button, Card, IndexTable, Link, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { OrderIssueView } from "~/domain/issuing-rules.server";
import type { CustomerLink } from "~/faces/admin/customer-links.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { CursorPagination } from "../CursorPagination";
import { useIntentFetcher } from "../customer/use-intent-fetcher";
import { ResponsiveIndexTable } from "../ResponsiveIndexTable";
import { IssuedItemLinks } from "./IssuedItemLinks";
import { OrderIssueStatusBadge } from "./OrderIssueStatusBadge";

/** What one rule issued, order line by order line, newest first, with a Retry for what failed. */
export function RuleActivityCard({
  path,
  issues,
  customers,
  nextCursor,
  staleCursor,
}: {
  /** The rule's page: its first page of activity. */
  path: string;
  issues: SerializeFrom<OrderIssueView>[];
  customers: Record<string, CustomerLink>;
  nextCursor: string | null;
  staleCursor: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const retry = useIntentFetcher("retry-issue", () => t("automation.activity.retried"));
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">
          {t("automation.activity.title")}
        </Text>
      </Box>
      {staleCursor ? (
        <Box padding="400">
          <Banner tone="warning" title={t("common.staleLink")} action={{ content: t("common.firstPage"), url: path }} />
        </Box>
      ) : issues.length === 0 ? (
        <Box padding="400" paddingBlockStart="0">
          <Text as="p" tone="subdued">
            {t("automation.activity.none")}
          </Text>
        </Box>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: t("automation.activity.order"), plural: t("automation.activity.order") }}
          itemCount={issues.length}
          selectable={false}
          headings={[
            { title: t("automation.activity.order") },
            { title: t("automation.activity.customer") },
            { title: t("automation.activity.product") },
            { title: t("automation.activity.issued") },
            { title: t("common.status") },
            { title: t("common.actions"), hidden: true },
          ]}
        >
          {issues.map((issue, index) => {
            const customer = issue.customerId ? customers[`shopify|${issue.customerId}`] : undefined;
            return (
              <IndexTable.Row id={issue.id} key={issue.id} position={index}>
                <IndexTable.Cell>
                  <BlockStack>
                    <Text as="span" fontWeight="semibold">
                      {issue.orderName}
                    </Text>
                    <Text as="span" variant="bodySm" tone="subdued">
                      {format.dateTime(issue.createdAt)}
                    </Text>
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {customer ? (
                    <Link url={`/app/customers/${customer.id}`}>{customer.name}</Link>
                  ) : (
                    (issue.customerId ?? t("automation.activity.guest"))
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {issue.productTitle} {t("automation.activity.quantity", { quantity: format.number(issue.quantity) })}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <IssuedItemLinks twinId={issue.twinId} cardIds={issue.cardIds} serials={issue.serials} />
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <BlockStack gap="100">
                    <OrderIssueStatusBadge status={issue.status} />
                    {issue.reason && (
                      <Text as="span" variant="bodySm" tone={issue.status === "FAILED" ? "critical" : "subdued"} breakWord>
                        {issue.reason}
                      </Text>
                    )}
                    {issue.recipient && issue.status === "WAITING" && (
                      <Text as="span" variant="bodySm" tone="subdued">
                        {t("automation.activity.sentTo", { recipient: issue.recipient })}
                      </Text>
                    )}
                  </BlockStack>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {issue.status === "FAILED" && (
                    <Button
                      size="slim"
                      loading={retry.busy && retry.fetcher.formData?.get("id") === issue.id}
                      onClick={() => retry.fetcher.submit({ intent: "retry-issue", id: issue.id }, { method: "post" })}
                      accessibilityLabel={t("automation.activity.retryLabel", { order: issue.orderName, product: issue.productTitle })}
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
      {!staleCursor && <CursorPagination nextCursor={nextCursor} />}
    </Card>
  );
}
