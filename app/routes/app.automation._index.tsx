import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Box, Layout, Page } from "@shopify/polaris";
import { useTranslation } from "react-i18next";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { listRules, setRuleStatus } from "~/domain/issuing-rules.server";
import { recentOrderWebhooks, retryOrderWebhook } from "~/domain/order-issuing.server";
import { RULE_STATUSES, type RuleStatus } from "~/domain/schemas";
import { formFields, readForm, runIntent } from "~/faces/admin/action-result.server";
import { OrderWebhooksCard } from "~/faces/admin/components/automation/OrderWebhooksCard";
import { RulesCard } from "~/faces/admin/components/automation/RulesCard";
import { translateOrderOutcome } from "~/faces/admin/i18n/domain-messages";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.automation");

// Automation: the shop's issuing rules and what Shopify lately sent about orders.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const [rules, webhooks, t] = await Promise.all([listRules(session.shop), recentOrderWebhooks(session.shop), translatorFor(request)]);
  // What became of each webhook, in the merchant's language (the domain words it in English).
  return {
    rules,
    webhooks: webhooks.map((webhook) => ({ ...webhook, outcome: webhook.outcome && translateOrderOutcome(t, webhook.outcome) })),
  };
};

const isRuleStatus = (value: string | undefined): value is RuleStatus => RULE_STATUSES.includes(value as RuleStatus);

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const fields = formFields(await readForm(request));
  const t = await translatorFor(request);
  switch (fields.intent) {
    case "set-status": {
      const status = fields.status;
      if (!isRuleStatus(status)) throw new Response("Unknown status", { status: 400 });
      return runIntent("set-status", t, () => setRuleStatus(session.shop, fields.id ?? "", status));
    }
    case "retry-webhook":
      return runIntent("retry-webhook", t, async () => {
        await retryOrderWebhook(session.shop, fields.id ?? "");
        return { id: fields.id ?? "" };
      });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function Automation() {
  const { rules, webhooks } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Page
      title={t("automation.title")}
      subtitle={t("automation.subtitle")}
      primaryAction={{ content: t("automation.create"), url: "/app/automation/new" }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <RulesCard rules={rules} />
            <OrderWebhooksCard webhooks={webhooks} />
            <Box paddingBlockEnd="800" />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
