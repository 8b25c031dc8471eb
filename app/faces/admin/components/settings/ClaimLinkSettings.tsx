import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Button, Card, ChoiceList, FormLayout, InlineStack, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ClaimLinkSettings as Settings, ClaimLinkTarget } from "~/domain/claim-links.server";

type Answer = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Settings → Claim links: whether claim messages link to the theme's claim page
 * or to the customer account page, whose address the merchant pastes from
 * Shopify. The page's action handles intent "claim-links".
 */
export function ClaimLinkSettings({ settings }: { settings: Settings }) {
  const fetcher = useFetcher<Answer>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [target, setTarget] = useState<ClaimLinkTarget>(settings.target);
  const [url, setUrl] = useState(settings.accountPageUrl ?? "");
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    shopify.toast.show(fetcher.data.ok ? t("claimLinks.saved") : t("claimLinks.notSaved"), { isError: !fetcher.data.ok });
  }, [fetcher.state, fetcher.data, shopify, t]);

  return (
    <Card>
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="claim-links" />
        <FormLayout>
          <ChoiceList
            title={t("claimLinks.choiceLabel")}
            name="target"
            choices={[
              { label: t("claimLinks.theme"), value: "THEME", helpText: t("claimLinks.themeHelp") },
              { label: t("claimLinks.account"), value: "ACCOUNT", helpText: t("claimLinks.accountHelp") },
            ]}
            selected={[target]}
            onChange={([value]) => setTarget(value === "ACCOUNT" ? "ACCOUNT" : "THEME")}
            error={failed?.fieldErrors.target}
          />
          <TextField
            label={t("claimLinks.urlLabel")}
            name="accountPageUrl"
            type="url"
            value={url}
            onChange={setUrl}
            autoComplete="off"
            placeholder="https://shopify.com/12345678/account/pages/…"
            helpText={t("claimLinks.urlHelp")}
            error={failed?.fieldErrors.accountPageUrl}
          />
          <InlineStack align="end">
            <Button submit loading={fetcher.state !== "idle"}>
              {t("claimLinks.save")}
            </Button>
          </InlineStack>
        </FormLayout>
      </fetcher.Form>
    </Card>
  );
}
