import { BlockStack, Card, InlineStack, ResourceItem, ResourceList, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { CustomerHoldings } from "~/domain/customer-holdings.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { CardStatusBadge } from "../CardStatusBadge";
import { ChainBadge } from "../ChainStatusCell";
import { MediaThumbnail } from "../MediaThumbnail";
import { SerialText } from "../SerialText";
import { VerifyQr } from "../VerifyQr";

/** The cards and twins this customer holds in this shop. */
export function HoldingsCard({ holdings }: { holdings: CustomerHoldings }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t("customer.holdings.twins", { count: holdings.twins.length })}
        </Text>
        <ResourceList
          resourceName={{ singular: t("twins.resourceSingular"), plural: t("twins.resourcePlural") }}
          items={holdings.twins}
          emptyState={
            <Text as="p" tone="subdued">
              {t("customer.holdings.noTwins")}
            </Text>
          }
          renderItem={(twin) => (
            <ResourceItem id={twin.id} onClick={() => undefined} media={<MediaThumbnail images={twin.images} alt={twin.title} />}>
              <InlineStack align="space-between">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" fontWeight="semibold">
                    {twin.title}
                  </Text>
                  <SerialText item={twin} />
                  {twin.chain && <ChainBadge chain={twin.chain} />}
                </InlineStack>
                <Text as="span" tone="subdued">
                  {[
                    t("customer.holdings.quantity", { quantity: format.number(twin.quantity) }),
                    twin.price === null ? null : format.money(twin.price, twin.currency),
                    twin.uns_name,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </InlineStack>
              <VerifyQr itemId={twin.id} itemName={twin.title} verifyUrl={twin.verifyUrl} collapsed />
            </ResourceItem>
          )}
        />
        <Text as="h2" variant="headingMd">
          {t("customer.holdings.cards", { count: holdings.cards.length })}
        </Text>
        <ResourceList
          resourceName={{ singular: t("cards.resourceSingular"), plural: t("cards.resourcePlural") }}
          items={holdings.cards}
          emptyState={
            <Text as="p" tone="subdued">
              {t("customer.holdings.noCards")}
            </Text>
          }
          renderItem={(card) => (
            <ResourceItem id={card.id} onClick={() => undefined} media={<MediaThumbnail images={card.media.imageUrls} alt={card.name} />}>
              <InlineStack align="space-between">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="span" fontWeight="semibold">
                    {card.name}
                  </Text>
                  <SerialText item={card} />
                  {card.chain && <ChainBadge chain={card.chain} />}
                </InlineStack>
                <CardStatusBadge status={card.status} custody={card.custody} />
              </InlineStack>
              {card.status === "VOID" ? null : <VerifyQr itemId={card.id} itemName={card.name} verifyUrl={card.verifyUrl} collapsed />}
            </ResourceItem>
          )}
        />
      </BlockStack>
    </Card>
  );
}
