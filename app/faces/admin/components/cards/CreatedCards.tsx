import type { SerializeFrom } from "@remix-run/node";
import { Banner, BlockStack, Box, Button, Card, IndexTable, InlineStack, Layout, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { UnitCard } from "~/domain/schemas";
import { CardStatusBadge } from "../CardStatusBadge";
import { CopyButton } from "../CopyButton";
import { MediaThumbnail } from "../MediaThumbnail";
import { ResponsiveIndexTable } from "../ResponsiveIndexTable";
import { SerialText } from "../SerialText";

type CreatedCard = SerializeFrom<UnitCard>;

/** What Create cards shows once a batch is made: its code (shown once) or its owner, and the cards. */
export function CreatedCards({ cards, onCreateMore }: { cards: CreatedCard[]; onCreateMore: () => void }) {
  const { t } = useTranslation();
  const redemption = cards[0]?.redemption;
  const [first, second] = [redemption?.email, redemption?.phone].filter((destination): destination is string => Boolean(destination));
  const sentTo = first && second ? t("cards.new.and", { first, second }) : first;
  const one = cards.length === 1;
  return (
    <Layout>
      <Layout.Section>
        <BlockStack gap="400">
          <Banner tone="success" title={t("cards.new.created", { count: cards.length })}>
            {redemption?.code ? (
              <BlockStack gap="300">
                <Text as="p">
                  {sentTo
                    ? t(one ? "cards.new.claimOneSent" : "cards.new.claimAllSent", { destination: sentTo })
                    : t(one ? "cards.new.claimOne" : "cards.new.claimAll")}
                </Text>
                <Box maxWidth="420px">
                  <TextField
                    label={t("cards.new.redemptionCode")}
                    labelHidden
                    value={redemption.code}
                    readOnly
                    monospaced
                    autoComplete="off"
                    selectTextOnFocus
                    connectedRight={
                      <CopyButton value={redemption.code} label={t("common.copyCode")} copiedMessage={t("common.codeCopied")} />
                    }
                  />
                </Box>
              </BlockStack>
            ) : (
              <Text as="p">{t(one ? "cards.new.belongsOne" : "cards.new.belongsAll", { owner: cards[0]?.owner })}</Text>
            )}
          </Banner>
          <Card padding="0">
            <ResponsiveIndexTable
              resourceName={{ singular: t("cards.resourceSingular"), plural: t("cards.resourcePlural") }}
              itemCount={cards.length}
              selectable={false}
              headings={[{ title: t("cards.card") }, { title: t("common.status") }, { title: t("cards.new.id") }]}
            >
              {cards.map((card, index) => (
                <IndexTable.Row id={card.id} key={card.id} position={index}>
                  <IndexTable.Cell>
                    <InlineStack gap="300" blockAlign="center" wrap={false}>
                      <MediaThumbnail images={card.media.imageUrls} alt={card.name} />
                      <BlockStack>
                        <Text as="span" fontWeight="semibold">
                          {card.name}
                        </Text>
                        <SerialText item={card} />
                      </BlockStack>
                    </InlineStack>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <CardStatusBadge status={card.status} custody={card.custody} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" tone="subdued">
                      {card.id}
                    </Text>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </ResponsiveIndexTable>
          </Card>
          <InlineStack gap="300" align="end">
            <Button url="/app/cards">{t("cards.new.viewAll")}</Button>
            <Button variant="primary" onClick={onCreateMore}>
              {t("cards.new.createMore")}
            </Button>
          </InlineStack>
        </BlockStack>
      </Layout.Section>
    </Layout>
  );
}
