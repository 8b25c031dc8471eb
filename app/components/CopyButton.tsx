import { useAppBridge } from "@shopify/app-bridge-react";
import { Button } from "@shopify/polaris";

/** Copies a secret the merchant sees once (an API key, a redemption code) and says so in a toast. */
export function CopyButton({ value, label = "Copy", copiedMessage }: { value: string; label?: string; copiedMessage: string }) {
  const shopify = useAppBridge();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      shopify.toast.show(copiedMessage);
    } catch {
      shopify.toast.show("Couldn’t copy — select the text and copy it yourself", { isError: true });
    }
  };
  return <Button onClick={() => void copy()}>{label}</Button>;
}
