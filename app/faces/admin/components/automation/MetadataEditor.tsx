import { BlockStack, Button, Checkbox, Divider, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { META_TYPES } from "~/faces/admin/meta-types";
import type { MetadataRow } from "~/faces/admin/rule-form.server";

/**
 * A card template's metadata, one row per entry: key, value, type (a PRICE is
 * "189.90 EUR") and whether it stays private. `errorAt(index, field)` is the
 * domain's error for that entry's field, if any.
 */
export function MetadataEditor({
  rows,
  onChange,
  onAdd,
  onRemove,
  errorAt,
}: {
  rows: MetadataRow[];
  onChange: (id: string, change: Partial<Omit<MetadataRow, "id">>) => void;
  onAdd: () => void;
  onRemove: (id: string) => void;
  errorAt: (index: number, field: "key" | "value" | "metaType") => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {t("automation.form.metadata", { count: rows.length })}
        </Text>
        <Button onClick={onAdd}>{t("automation.form.addEntry")}</Button>
      </InlineStack>
      {rows.map((row, index) => (
        // A group named by its heading, so each entry's fields and errors read as that entry's.
        <div role="group" aria-labelledby={`${row.id}-heading`} key={row.id}>
          <BlockStack gap="200">
            {index > 0 && <Divider />}
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h4" variant="headingXs" id={`${row.id}-heading`}>
                {t("automation.form.entry", { number: index + 1 })}
              </Text>
              <Button
                variant="plain"
                tone="critical"
                onClick={() => onRemove(row.id)}
                accessibilityLabel={t("automation.form.removeEntry", { number: index + 1 })}
              >
                {t("automation.form.remove")}
              </Button>
            </InlineStack>
            <FormLayout>
              <FormLayout.Group condensed>
                <TextField
                  label={t("automation.form.key")}
                  value={row.key}
                  onChange={(key) => onChange(row.id, { key })}
                  autoComplete="off"
                  error={errorAt(index, "key")}
                />
                <Select
                  label={t("automation.form.type")}
                  value={row.metaType}
                  onChange={(metaType) => onChange(row.id, { metaType: metaType as MetadataRow["metaType"] })}
                  options={META_TYPES.map((type) => ({ value: type, label: t(`automation.form.types.${type}`) }))}
                  error={errorAt(index, "metaType")}
                />
                <TextField
                  label={t("automation.form.value")}
                  value={row.value}
                  onChange={(value) => onChange(row.id, { value })}
                  autoComplete="off"
                  placeholder={row.metaType === "PRICE" ? t("automation.form.pricePlaceholder") : undefined}
                  helpText={row.metaType === "PRICE" ? t("automation.form.priceHelp") : undefined}
                  error={errorAt(index, "value")}
                />
              </FormLayout.Group>
              <Checkbox
                label={t("automation.form.private")}
                helpText={t("automation.form.privateHelp")}
                checked={row.private}
                onChange={(checked) => onChange(row.id, { private: checked })}
              />
            </FormLayout>
          </BlockStack>
        </div>
      ))}
    </BlockStack>
  );
}
