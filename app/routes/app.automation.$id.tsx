import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, BlockStack, Layout, Page } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ruleTargets } from "~/adapters/shopify/admin-rule-targets.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { DomainError } from "~/domain/errors";
import { getRule, ruleActivity, setRuleStatus, updateRule } from "~/domain/issuing-rules.server";
import { retryOrderIssue } from "~/domain/order-issuing.server";
import { orNotFound, readForm, runIntent } from "~/faces/admin/action-result.server";
import { RuleActivityCard } from "~/faces/admin/components/automation/RuleActivityCard";
import { RuleForm } from "~/faces/admin/components/automation/RuleForm";
import { customerLinks } from "~/faces/admin/customer-links.server";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { createFormatter } from "~/faces/admin/i18n/format";
import { i18nServer, translatorFor } from "~/faces/admin/i18n/i18n.server";
import { readRuleForm, ruleFormOf, ruleInput, unreadableRule } from "~/faces/admin/rule-form.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.automation");

const PAGE_SIZE = 25;

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const rule = await orNotFound(getRule(session.shop, params.id ?? ""), t("automation.notFound"));
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const activity = await ruleActivity(session.shop, rule.id, { cursor, limit: PAGE_SIZE }).catch((error: unknown) => {
    // A hand-edited or outdated page link: say so rather than fail the page.
    if (error instanceof DomainError && error.code === "VALIDATION_FAILED") return null;
    throw error;
  });
  // Why an item failed or was voided, in the merchant's language (the domain words it in English).
  const issues = (activity?.issues ?? []).map((issue) => ({
    ...issue,
    reason: issue.reason === null ? null : translateDomainMessage(t, issue.reason),
  }));
  const [targets, customers] = await Promise.all([
    ruleTargets(admin.graphql),
    customerLinks(
      admin.graphql,
      issues.map((issue) => (issue.customerId ? `shopify|${issue.customerId}` : null)),
    ),
  ]);
  return {
    rule,
    // Prices as the merchant's admin writes them; the form reads them back with the domain's parser.
    form: ruleFormOf(rule, createFormatter({ locale: await i18nServer.getLocale(request), timeZone: "UTC" })),
    targets,
    issues,
    customers,
    nextCursor: activity?.nextCursor ?? null,
    staleCursor: activity === null,
  };
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const t = await translatorFor(request);
  // Another shop's rule (or none) is this shop's 404, whatever the intent.
  const rule = await orNotFound(getRule(session.shop, params.id ?? ""), t("automation.notFound"));
  const data = await readForm(request);
  const intent = data.get("intent");
  switch (intent) {
    case "save": {
      const form = readRuleForm(data.get("rule"));
      if (!form) return unreadableRule(t);
      const result = await runIntent("save", t, () => updateRule(session.shop, rule.id, ruleInput(form)));
      // A refused form comes back with what was posted, so a page rendered from this answer shows it as typed.
      return result.ok ? result : { ...result, form };
    }
    case "set-status":
      return runIntent("set-status", t, () => setRuleStatus(session.shop, rule.id, rule.status === "PAUSED" ? "ACTIVE" : "PAUSED"));
    case "retry-issue": {
      const id = String(data.get("id") ?? "");
      return runIntent("retry-issue", t, async () => {
        await retryOrderIssue(session.shop, id);
        return { id };
      });
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function RulePage() {
  const { rule, form, targets, issues, customers, nextCursor, staleCursor } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const submit = useSubmit();
  const paused = rule.status === "PAUSED";

  useEffect(() => {
    if (!result?.ok) return;
    if (result.intent === "save") shopify.toast.show(t("automation.form.saved"));
    if (result.intent === "set-status" && "status" in result.data)
      shopify.toast.show(t(result.data.status === "PAUSED" ? "automation.paused" : "automation.resumed"));
  }, [result, shopify, t]);

  return (
    <Page
      title={t("automation.form.editTitle", { title: rule.targetTitle })}
      subtitle={t(`automation.trigger.${rule.trigger}`)}
      titleMetadata={<Badge tone={paused ? undefined : "success"}>{t(`automation.ruleStatus.${rule.status}`)}</Badge>}
      backAction={{ content: t("automation.title"), url: "/app/automation" }}
      secondaryActions={[
        {
          content: t(paused ? "automation.resume" : "automation.pause"),
          onAction: () => submit({ intent: "set-status" }, { method: "post" }),
        },
      ]}
    >
      <BlockStack gap="400">
        {/* Keyed by the saved rule, so a save shows the rule as stored. */}
        <RuleForm
          key={rule.updatedAt}
          targets={targets}
          initial={result && "form" in result ? result.form : form}
          failure={result && !result.ok && result.intent === "save" ? result : null}
          cancelUrl="/app/automation"
          issued={rule.issuedCount}
        />
        <Layout>
          <Layout.Section>
            <RuleActivityCard
              path={`/app/automation/${rule.id}`}
              issues={issues}
              customers={customers}
              nextCursor={nextCursor}
              staleCursor={staleCursor}
            />
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
