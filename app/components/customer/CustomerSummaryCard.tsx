import { BlockStack, Card, Text } from "@shopify/polaris";
import type { NameRecord } from "~/domain/schemas";
import { formatDate } from "~/lib/format";
import type { CustomerDetail } from "~/shopify/admin-customers.server";

export function CustomerSummaryCard({ customer, names }: { customer: CustomerDetail; names: NameRecord[] }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">Customer</Text>
        <Text as="p">{customer.email ?? "No e-mail"}</Text>
        <Text as="p">{customer.phone ?? "No phone"}</Text>
        <Text as="p" tone="subdued">{customer.ordersCount === 1 ? "1 order" : `${customer.ordersCount} orders`} · customer since {formatDate(customer.createdAt)}</Text>
        <Text as="h3" variant="headingSm">Universal names</Text>
        {names.length === 0 ? (
          <Text as="p" tone="subdued">None registered yet.</Text>
        ) : (
          names.map((name) => (
            <BlockStack key={name.uns_name_id} gap="050">
              <Text as="p" fontWeight="semibold">{name.uns_name}</Text>
              <Text as="p" tone="subdued" breakWord variant="bodySm">{name.public_key}</Text>
            </BlockStack>
          ))
        )}
      </BlockStack>
    </Card>
  );
}
