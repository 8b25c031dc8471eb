import { Banner, BlockStack, Text, TextField } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../CopyButton";
import type { ApiKeySummary } from "~/domain/api-keys.server";

/** The only time the secret is on screen. */
export function NewKeyBanner({ apiKey, secret, onDismiss }: { apiKey: ApiKeySummary; secret: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner tone="warning" title={t("settings.copyNow", { label: apiKey.label })} onDismiss={onDismiss}>
      <BlockStack gap="300">
        <Text as="p">{apiKey.livemode ? t("settings.liveKeyCreated") : t("settings.testKeyCreated")}</Text>
        <Text as="p">{t("settings.shownOnce")}</Text>
        <TextField
          label={t("settings.apiKey")}
          labelHidden
          value={secret}
          readOnly
          monospaced
          autoComplete="off"
          selectTextOnFocus
          connectedRight={<CopyButton value={secret} label={t("settings.copyKey")} copiedMessage={t("settings.keyCopied")} />}
        />
      </BlockStack>
    </Banner>
  );
}
