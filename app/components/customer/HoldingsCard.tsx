import { Badge, BlockStack, Card, InlineStack, ResourceItem, ResourceList, Text, Thumbnail } from "@shopify/polaris";
import type { CustomerHoldings } from "~/domain/customer-holdings.server";

const money = (price: number | null, currency: string | null) =>
  price === null || !currency ? null : new Intl.NumberFormat("en", { style: "currency", currency }).format(price);

/** The cards and twins this customer holds in this shop. */
export function HoldingsCard({ holdings }: { holdings: CustomerHoldings }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Digital twins ({holdings.twins.length})</Text>
        <ResourceList
          resourceName={{ singular: "digital twin", plural: "digital twins" }}
          items={holdings.twins}
          emptyState={<Text as="p" tone="subdued">No digital twins issued to this customer's names yet.</Text>}
          renderItem={(twin) => (
            <ResourceItem id={twin.id} onClick={() => undefined}
              media={<Thumbnail source={twin.images[0] ?? ""} alt={twin.title} size="small" />}>
              <InlineStack align="space-between">
                <Text as="span" fontWeight="semibold">{twin.title}</Text>
                <Text as="span" tone="subdued">{[`× ${twin.quantity}`, money(twin.price, twin.currency), twin.uns_name].filter(Boolean).join(" · ")}</Text>
              </InlineStack>
            </ResourceItem>
          )}
        />
        <Text as="h2" variant="headingMd">Cards ({holdings.cards.length})</Text>
        <ResourceList
          resourceName={{ singular: "card", plural: "cards" }}
          items={holdings.cards}
          emptyState={<Text as="p" tone="subdued">No cards owned by this customer yet.</Text>}
          renderItem={(card) => (
            <ResourceItem id={card.id} onClick={() => undefined}
              media={<Thumbnail source={card.media.imageUrls[0] ?? ""} alt={card.name} size="small" />}>
              <InlineStack align="space-between">
                <Text as="span" fontWeight="semibold">{card.name}</Text>
                <Badge tone={card.status === "OWNED" ? "success" : "attention"}>{card.status === "OWNED" ? "Owned" : "Waiting to be claimed"}</Badge>
              </InlineStack>
            </ResourceItem>
          )}
        />
      </BlockStack>
    </Card>
  );
}
