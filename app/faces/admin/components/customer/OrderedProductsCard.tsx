import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/faces/admin/i18n/use-format";
import type { OrderedProduct } from "~/adapters/shopify/admin-customers.server";
import { MediaThumbnail } from "../MediaThumbnail";

/** What the customer bought: the products a twin can be issued for. */
export function OrderedProductsCard({ products }: { products: OrderedProduct[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("customer.products.title")}
        </Text>
        {products.length === 0 && (
          <Text as="p" tone="subdued">
            {t("customer.products.none")}
          </Text>
        )}
        {products.map((product) => (
          <InlineStack key={`${product.orderName}-${product.productId}`} gap="300" blockAlign="center" wrap={false}>
            <MediaThumbnail images={product.images} alt={product.title} />
            <BlockStack gap="050">
              <Text as="p" fontWeight="semibold">
                {product.title}
              </Text>
              <Text as="p" tone="subdued" variant="bodySm">
                {t("customer.products.line", { order: product.orderName, quantity: format.number(product.quantity) })}
                {product.price ? ` · ${format.money(product.price, product.currency)}` : ""}
              </Text>
            </BlockStack>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
