import { BlockStack, Card, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { NameRecord } from "~/domain/schemas";
import { useFormat } from "~/faces/admin/i18n/use-format";
import type { CustomerDetail } from "~/adapters/shopify/admin-customers.server";

export function CustomerSummaryCard({ customer, names }: { customer: CustomerDetail; names: NameRecord[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t("customer.summary.title")}
        </Text>
        <Text as="p">{customer.email ?? t("customer.summary.noEmail")}</Text>
        <Text as="p">{customer.phone ?? t("customer.summary.noPhone")}</Text>
        <Text as="p" tone="subdued">
          {t("customer.summary.orders", { count: customer.ordersCount })} ·{" "}
          {t("customer.summary.since", { date: format.date(customer.createdAt) })}
        </Text>
        <Text as="h3" variant="headingSm">
          {t("customer.summary.names")}
        </Text>
        {names.length === 0 ? (
          <Text as="p" tone="subdued">
            {t("customer.summary.noNames")}
          </Text>
        ) : (
          names.map((name) => (
            <BlockStack key={name.uns_name_id} gap="050">
              <Text as="p" fontWeight="semibold">
                {name.uns_name}
              </Text>
              <Text as="p" tone="subdued" breakWord variant="bodySm">
                {name.public_key}
              </Text>
            </BlockStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
