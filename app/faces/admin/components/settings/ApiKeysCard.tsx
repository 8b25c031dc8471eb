import { Badge, BlockStack, Box, Button, Card, EmptyState, IndexTable, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { EMPTY_STATE_IMAGE } from "../empty-state-image";
import type { ApiKeySummary } from "~/domain/api-keys.server";
import { useFormat } from "~/faces/admin/i18n/use-format";
import { ResponsiveIndexTable } from "../ResponsiveIndexTable";

export function ApiKeysCard({ apiKeys, onRevoke }: { apiKeys: ApiKeySummary[]; onRevoke: (apiKey: ApiKeySummary) => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card padding="0">
      <Box padding="400" paddingBlockEnd="200">
        <Text as="h2" variant="headingMd">
          {t("settings.yourKeys")}
        </Text>
      </Box>
      {apiKeys.length === 0 ? (
        <EmptyState heading={t("settings.noKeys")} image={EMPTY_STATE_IMAGE}>
          <p>{t("settings.noKeysBody")}</p>
        </EmptyState>
      ) : (
        <ResponsiveIndexTable
          resourceName={{ singular: t("settings.resourceSingular"), plural: t("settings.resourcePlural") }}
          itemCount={apiKeys.length}
          selectable={false}
          headings={[
            { title: t("settings.label") },
            { title: t("common.status") },
            { title: t("settings.lastUsed") },
            { title: t("common.actions"), hidden: true },
          ]}
        >
          {/* Four columns (the key under its label, its mode beside its status, when it was made under its
              last use): the card is the narrow column of Settings, and Revoke must stay on screen. */}
          {apiKeys.map((apiKey, index) => (
            <IndexTable.Row id={apiKey.id} key={apiKey.id} position={index}>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  <Text as="span" fontWeight="semibold" breakWord>
                    {apiKey.label}
                  </Text>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {apiKey.prefix}…
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <InlineStack gap="100">
                  {apiKey.livemode ? <Badge>{t("settings.modeLive")}</Badge> : <Badge tone="warning">{t("settings.modeTest")}</Badge>}
                  {apiKey.revokedAt ? <Badge>{t("settings.revoked")}</Badge> : <Badge tone="success">{t("settings.active")}</Badge>}
                </InlineStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <BlockStack gap="050">
                  <Text as="span">{format.date(apiKey.lastUsedAt, t("common.never"))}</Text>
                  <Text as="span" variant="bodySm" tone="subdued">
                    {t("settings.createdOn", { date: format.date(apiKey.createdAt) })}
                  </Text>
                </BlockStack>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {!apiKey.revokedAt && (
                  <Button
                    variant="plain"
                    tone="critical"
                    onClick={() => onRevoke(apiKey)}
                    accessibilityLabel={t("settings.revokeLabel", { label: apiKey.label })}
                  >
                    {t("settings.revoke")}
                  </Button>
                )}
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </ResponsiveIndexTable>
      )}
    </Card>
  );
}
