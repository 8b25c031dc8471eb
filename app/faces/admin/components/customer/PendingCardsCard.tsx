import { BlockStack, Card, InlineStack, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import type { UnitCard } from "~/domain/schemas";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { CardStatusBadge } from "../CardStatusBadge";
import { MediaThumbnail } from "../MediaThumbnail";
import { SerialText } from "../SerialText";

/** The cards waiting for this customer to claim them (their code went to the customer's e-mail or phone); each opens its card. */
export function PendingCardsCard({ cards }: { cards: SerializeFrom<UnitCard>[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t("customer.pending.title", { count: cards.length })}
          </Text>
          <Text as="p" tone="subdued">
            {t("customer.pending.description")}
          </Text>
        </BlockStack>
        <ResourceList
          resourceName={{ singular: t("cards.resourceSingular"), plural: t("cards.resourcePlural") }}
          items={cards}
          emptyState={
            <Text as="p" tone="subdued">
              {t("customer.pending.none")}
            </Text>
          }
          renderItem={(card) => (
            <ResourceItem
              id={card.id}
              url={`/app/cards/${card.id}`}
              accessibilityLabel={t("customer.pending.open", { name: card.name })}
              media={<MediaThumbnail images={card.media.imageUrls} alt={card.name} />}
            >
              <InlineStack align="space-between" gap="200">
                <BlockStack gap="050">
                  <InlineStack gap="200" blockAlign="center">
                    <Text as="span" fontWeight="semibold">
                      {card.name}
                    </Text>
                    <SerialText item={card} />
                  </InlineStack>
                  {card.redemption && (
                    <Text as="span" variant="bodySm" tone="subdued">
                      {t("cards.expiresOn", { date: format.date(card.redemption.expiresAt) })}
                    </Text>
                  )}
                </BlockStack>
                <CardStatusBadge status={card.status} custody={card.custody} />
              </InlineStack>
            </ResourceItem>
          )}
        />
      </BlockStack>
    </Card>
  );
}
