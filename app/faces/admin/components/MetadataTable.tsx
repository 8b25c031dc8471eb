import { Badge, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import type { Formatter } from "~/faces/admin/i18n/format";
import { useFormat } from "~/faces/admin/i18n/use-format";

interface Entry {
  key: string;
  value: unknown;
  metaType: string;
  visibility: "PUBLIC" | "PRIVATE";
}

/** A card's metadata for its merchant: every entry, PRIVATE ones marked as never shown to customers. */
export function MetadataTable({ entries }: { entries: Entry[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (entries.length === 0)
    return (
      <Text as="p" tone="subdued">
        {t("metadata.none")}
      </Text>
    );
  return (
    <BlockStack gap="200">
      {entries.map((entry) => (
        <InlineStack key={entry.key} gap="300" blockAlign="center" wrap>
          <Text as="span" fontWeight="semibold">
            {entry.key}
          </Text>
          <Text as="span" breakWord>
            {valueText(entry, format)}
          </Text>
          {entry.metaType !== "NO_TYPE" && <Badge>{entry.metaType}</Badge>}
          {entry.visibility === "PRIVATE" ? <Badge tone="warning">{t("metadata.private")}</Badge> : <Badge>{t("metadata.public")}</Badge>}
        </InlineStack>
      ))}
    </BlockStack>
  );
}

function valueText(entry: Entry, format: Formatter): string {
  if (
    entry.metaType === "PRICE" &&
    Array.isArray(entry.value) &&
    typeof entry.value[0] === "number" &&
    typeof entry.value[1] === "string"
  ) {
    return format.money(entry.value[0], entry.value[1]);
  }
  return typeof entry.value === "string" ? entry.value : JSON.stringify(entry.value);
}
