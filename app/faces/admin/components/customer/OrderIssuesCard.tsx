import type { SerializeFrom } from "@remix-run/node";
import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { OrderIssueView } from "~/domain/issuing-rules.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { IssuedItemLinks } from "../automation/IssuedItemLinks";
import { OrderIssueStatusBadge } from "../automation/OrderIssueStatusBadge";

/** What the customer's orders issued through Automation rules: order, product, status and links to the items. */
export function OrderIssuesCard({ issues }: { issues: SerializeFrom<OrderIssueView>[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("customer.orderIssues.title")}
        </Text>
        {issues.length === 0 && (
          <Text as="p" tone="subdued">
            {t("customer.orderIssues.none")}
          </Text>
        )}
        {issues.map((issue) => (
          <BlockStack key={issue.id} gap="100">
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Text as="p" fontWeight="semibold">
                {t("customer.orderIssues.line", {
                  order: issue.orderName,
                  product: issue.productTitle,
                  quantity: format.number(issue.quantity),
                })}
              </Text>
              <OrderIssueStatusBadge status={issue.status} />
            </InlineStack>
            <IssuedItemLinks twinId={issue.twinId} cardIds={issue.cardIds} serials={issue.serials} />
            {issue.reason && (
              <Text as="p" variant="bodySm" tone="subdued">
                {issue.reason}
              </Text>
            )}
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
