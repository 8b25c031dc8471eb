import { useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, Box, Checkbox } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** The layout's (routes/app) loader data this reads: whether the shop's admin shows test data. */
interface LayoutData {
  viewTestData: boolean;
}

/** Where the switch posts: Settings' action, intent "view-test-data" (on | off). */
const SWITCH_ACTION = "/app/settings";

/** The switch's current value, and a way to flip it; every loader runs again afterwards, so every page follows. */
function useTestDataSwitch() {
  const layout = useRouteLoaderData<LayoutData>("routes/app");
  const fetcher = useFetcher<{ ok: boolean; message?: string; data?: { viewTestData: boolean } }>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const pending = fetcher.formData?.get("on");
  const on = typeof pending === "string" ? pending === "on" : (layout?.viewTestData ?? false);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const saved = fetcher.data.ok
      ? fetcher.data.data?.viewTestData
        ? t("testData.on")
        : t("testData.off")
      : (fetcher.data.message ?? t("testData.notSaved"));
    shopify.toast.show(saved, { isError: !fetcher.data.ok });
  }, [fetcher.state, fetcher.data, shopify, t]);
  const set = (value: boolean) =>
    fetcher.submit({ intent: "view-test-data", on: value ? "on" : "off" }, { method: "post", action: SWITCH_ACTION });
  return { on, set, busy: fetcher.state !== "idle" };
}

/** "View test data": on Home and in Settings (decision 0036). */
export function TestDataSwitch() {
  const { t } = useTranslation();
  const { on, set, busy } = useTestDataSwitch();
  return <Checkbox label={t("testData.switchLabel")} helpText={t("testData.switchHelp")} checked={on} disabled={busy} onChange={set} />;
}

/** At the top of every admin page while the shop views test data, with the way back to live data. */
export function TestDataBanner() {
  const { t } = useTranslation();
  const { on, set, busy } = useTestDataSwitch();
  if (!on) return null;
  return (
    <div style={{ maxWidth: "62.375rem", margin: "0 auto" }}>
      <Box paddingBlockStart="400" paddingInline={{ xs: "0", sm: "600" }}>
        <Banner
          tone="warning"
          title={t("testData.bannerTitle")}
          action={{ content: t("testData.viewLive"), onAction: () => set(false), loading: busy }}
        />
      </Box>
    </div>
  );
}
