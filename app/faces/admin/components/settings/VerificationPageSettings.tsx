import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Card, Checkbox } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/**
 * Settings → Verification pages: whether search engines may index the public
 * pages the QR codes open (off by default). The page's action handles intent "verify-indexing".
 */
export function VerificationPageSettings({ indexed }: { indexed: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; data?: { indexed: boolean } }>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const pending = fetcher.formData?.get("indexed");
  // What the merchant chose last, as sent or as saved: a revalidation that is cut short (the page still
  // loading) leaves the loader's older value, and the switch must not flip back to it.
  const saved = fetcher.data?.ok ? fetcher.data.data?.indexed : undefined;
  const checked = typeof pending === "string" ? pending === "on" : (saved ?? indexed);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    shopify.toast.show(fetcher.data.ok ? t("verification.saved") : (fetcher.data.message ?? t("verification.notSaved")), {
      isError: !fetcher.data.ok,
    });
  }, [fetcher.state, fetcher.data, shopify, t]);

  return (
    <Card>
      <Checkbox
        label={t("verification.indexLabel")}
        helpText={checked ? t("verification.indexHelpOn") : t("verification.indexHelp")}
        checked={checked}
        disabled={fetcher.state !== "idle"}
        onChange={(value) => fetcher.submit({ intent: "verify-indexing", indexed: value ? "on" : "off" }, { method: "post" })}
      />
    </Card>
  );
}
