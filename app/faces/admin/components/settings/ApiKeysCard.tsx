import { Badge, Box, Button, Card, EmptyState, IndexTable, Text } from "@shopify/polaris";
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
            { title: t("settings.key") },
            { title: t("settings.mode") },
            { title: t("common.created") },
            { title: t("settings.lastUsed") },
            { title: t("common.status") },
            { title: t("common.actions"), hidden: true },
          ]}
        >
          {apiKeys.map((apiKey, index) => (
            <IndexTable.Row id={apiKey.id} key={apiKey.id} position={index}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {apiKey.label}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" tone="subdued">
                  {apiKey.prefix}…
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                {apiKey.livemode ? <Badge>{t("settings.modeLive")}</Badge> : <Badge tone="warning">{t("settings.modeTest")}</Badge>}
              </IndexTable.Cell>
              <IndexTable.Cell>{format.date(apiKey.createdAt)}</IndexTable.Cell>
              <IndexTable.Cell>{format.date(apiKey.lastUsedAt, t("common.never"))}</IndexTable.Cell>
              <IndexTable.Cell>
                {apiKey.revokedAt ? <Badge>{t("settings.revoked")}</Badge> : <Badge tone="success">{t("settings.active")}</Badge>}
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
