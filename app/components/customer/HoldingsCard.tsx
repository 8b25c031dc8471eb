import { BlockStack, Card, InlineStack, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import type { CustomerHoldings } from "~/domain/customer-holdings.server";
import { formatMoney } from "~/lib/format";
import { CardStatusBadge } from "../CardStatusBadge";
import { ChainBadge } from "../ChainStatusCell";
import { MediaThumbnail } from "../MediaThumbnail";

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
              media={<MediaThumbnail images={twin.images} alt={twin.title} />}>
              <InlineStack align="space-between">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" fontWeight="semibold">{twin.title}</Text>
                  {twin.chain && <ChainBadge chain={twin.chain} />}
                </InlineStack>
                <Text as="span" tone="subdued">{[`× ${twin.quantity}`, twin.price === null ? null : formatMoney(twin.price, twin.currency), twin.uns_name].filter(Boolean).join(" · ")}</Text>
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
              media={<MediaThumbnail images={card.media.imageUrls} alt={card.name} />}>
              <InlineStack align="space-between">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" fontWeight="semibold">{card.name}</Text>
                  {card.chain && <ChainBadge chain={card.chain} />}
                </InlineStack>
                <CardStatusBadge status={card.status} />
              </InlineStack>
            </ResourceItem>
          )}
        />
      </BlockStack>
    </Card>
  );
}
