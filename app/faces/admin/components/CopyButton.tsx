import { useAppBridge } from "@shopify/app-bridge-react";
import { Button } from "@shopify/polaris";
import { useTranslation } from "react-i18next";

/** Copies a secret the merchant sees once (an API key, a redemption code) and says so in a toast. */
export function CopyButton({ value, label, copiedMessage }: { value: string; label?: string; copiedMessage: string }) {
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      shopify.toast.show(copiedMessage);
    } catch {
      shopify.toast.show(t("common.copyFailed"), { isError: true });
    }
  };
  return <Button onClick={() => void copy()}>{label ?? t("common.copy")}</Button>;
}
