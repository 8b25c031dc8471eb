import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { PlanOverview } from "~/domain/billing.server";
import { useFormat } from "~/faces/admin/i18n/use-format";

/** Settings' plan: which one, this month's usage against its cap, the trial, and Upgrade or Manage plan (decision 0050). */
export function PlanCard({ plan, manageUrl }: { plan: PlanOverview; manageUrl: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const fetcher = useFetcher<{ ok: boolean; data?: { confirmationUrl?: string } }>();
  const confirmationUrl = fetcher.data?.ok ? fetcher.data.data?.confirmationUrl : undefined;
  // Shopify's confirmation page opens at the top of the window, out of the admin's frame (App Bridge does so in Shopify admin).
  useEffect(() => {
    if (confirmationUrl) window.open(confirmationUrl, "_top");
  }, [confirmationUrl]);
  const busy = fetcher.state !== "idle";
  const price = format.money(plan.paid.amount, plan.paid.currencyCode);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" variant="headingMd">
            {t("billing.current", { name: plan.name })}
          </Text>
          {plan.test && <Badge tone="info">{t("billing.test")}</Badge>}
        </InlineStack>
        <Text as="p">
          {plan.cap === null ? t("billing.usageUnlimited", { used: plan.used }) : t("billing.usage", { used: plan.used, cap: plan.cap })}
        </Text>
        {plan.trialDaysLeft !== null && <Text as="p">{t("billing.trial", { count: plan.trialDaysLeft })}</Text>}
        {plan.plan === "FREE" ? (
          <BlockStack gap="200">
            <Text as="p" tone="subdued">
              {t("billing.paidOffer", { name: plan.paid.name, price, trialDays: plan.paid.trialDays })}
            </Text>
            <InlineStack>
              <Button variant="primary" loading={busy} onClick={() => fetcher.submit({ intent: "upgrade" }, { method: "post" })}>
                {t("billing.upgrade", { name: plan.paid.name })}
              </Button>
            </InlineStack>
          </BlockStack>
        ) : (
          <InlineStack gap="200">
            <Button url={manageUrl} target="_top">
              {t("billing.manage")}
            </Button>
            <Button loading={busy} onClick={() => fetcher.submit({ intent: "cancel-plan" }, { method: "post" })}>
              {t("billing.cancel", { name: plan.freeName })}
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  );
}
