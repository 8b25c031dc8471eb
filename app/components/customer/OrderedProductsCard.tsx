import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/lib/format";
import type { OrderedProduct } from "~/shopify/admin-customers.server";
import { MediaThumbnail } from "../MediaThumbnail";

/** What the customer bought: the products a twin can be issued for. */
export function OrderedProductsCard({ products }: { products: OrderedProduct[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Ordered products</Text>
        {products.length === 0 && <Text as="p" tone="subdued">No orders yet.</Text>}
        {products.map((product) => (
          <InlineStack key={`${product.orderName}-${product.productId}`} gap="300" blockAlign="center" wrap={false}>
            <MediaThumbnail images={product.images} alt={product.title} />
            <BlockStack gap="050">
              <Text as="p" fontWeight="semibold">{product.title}</Text>
              <Text as="p" tone="subdued" variant="bodySm">
                {product.orderName} · qty {product.quantity}
                {product.price ? ` · ${formatMoney(Number(product.price), product.currency)}` : ""}
              </Text>
            </BlockStack>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
