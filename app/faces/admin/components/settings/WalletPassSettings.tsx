import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Banner, BlockStack, Button, Card, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MissingConfigBanner } from "./MissingConfigBanner";
import type { WalletPassSetup, WalletPassStyle } from "~/domain/ports";
import type { WalletPassSettings as Settings } from "~/domain/wallet-pass-settings.server";

type Answer = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Settings → Apple Wallet passes: whether the app can sign passes (and, when it
 * cannot, the variables its operator must set), the pass style of cards and of
 * twins, and the pass's colours. The page's action handles intent "wallet-passes".
 */
export function WalletPassSettings({ setup, settings }: { setup: WalletPassSetup; settings: Settings }) {
  const fetcher = useFetcher<Answer>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [cardStyle, setCardStyle] = useState<WalletPassStyle>(settings.styles.card);
  const [twinStyle, setTwinStyle] = useState<WalletPassStyle>(settings.styles.twin);
  const [colors, setColors] = useState(settings.colors);
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const styles = [
    { label: t("walletPasses.generic"), value: "generic" },
    { label: t("walletPasses.eventTicket"), value: "eventTicket" },
  ];
  const colorField = (name: "background" | "foreground" | "label") => (
    <TextField
      label={t(`walletPasses.${name}Color`)}
      name={`${name}Color`}
      value={colors[name]}
      onChange={(value) => setColors({ ...colors, [name]: value })}
      autoComplete="off"
      helpText={t("walletPasses.colorHelp")}
      error={failed?.fieldErrors[`${name}Color`]}
      prefix={
        <span aria-hidden="true" style={{ display: "inline-block", width: 16, height: 16, borderRadius: 4, background: colors[name] }} />
      }
    />
  );

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    shopify.toast.show(fetcher.data.ok ? t("walletPasses.saved") : t("walletPasses.notSaved"), { isError: !fetcher.data.ok });
  }, [fetcher.state, fetcher.data, shopify, t]);

  return (
    <Card>
      <BlockStack gap="400">
        {setup.on ? (
          <Banner tone="success" title={t("walletPasses.on")}>
            <Text as="p">{t(setup.updatable ? "walletPasses.updatesOn" : "walletPasses.updatesOff")}</Text>
          </Banner>
        ) : (
          <MissingConfigBanner words="walletPasses" missing={setup.missing} problem={setup.problem} />
        )}
        <fetcher.Form method="post" noValidate>
          <input type="hidden" name="intent" value="wallet-passes" />
          <FormLayout>
            <FormLayout.Group>
              <Select
                label={t("walletPasses.cardStyle")}
                name="cardStyle"
                options={styles}
                value={cardStyle}
                onChange={(value) => setCardStyle(value as WalletPassStyle)}
                error={failed?.fieldErrors.cardStyle}
              />
              <Select
                label={t("walletPasses.twinStyle")}
                name="twinStyle"
                options={styles}
                value={twinStyle}
                onChange={(value) => setTwinStyle(value as WalletPassStyle)}
                error={failed?.fieldErrors.twinStyle}
                helpText={t("walletPasses.styleHelp")}
              />
            </FormLayout.Group>
            <FormLayout.Group condensed>
              {colorField("background")}
              {colorField("foreground")}
              {colorField("label")}
            </FormLayout.Group>
            <InlineStack align="end">
              <Button submit loading={fetcher.state !== "idle"}>
                {t("walletPasses.save")}
              </Button>
            </InlineStack>
          </FormLayout>
        </fetcher.Form>
      </BlockStack>
    </Card>
  );
}
