import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Badge, BlockStack, Layout, Page } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { findRuleTarget } from "~/adapters/shopify/admin-rule-target.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { confirmBackfill, discardBackfill, latestBackfill, previewBackfill } from "~/domain/backfills.server";
import { DomainError } from "~/domain/errors";
import { getRule, ruleActivity, setRuleStatus, updateRule } from "~/domain/issuing-rules.server";
import { retryOrderIssue } from "~/domain/order-issuing.server";
import { orNotFound, readForm, runIntent, runIntentWithStatus } from "~/faces/admin/action-result.server";
import { BackfillCard } from "~/faces/admin/components/automation/BackfillCard";
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
  const [target, customers, backfill] = await Promise.all([
    // Only its picture: the page shows the saved title without it.
    findRuleTarget(admin.graphql, rule.targetId).catch(() => null),
    customerLinks(
      admin.graphql,
      issues.map((issue) => (issue.customerId ? `shopify|${issue.customerId}` : null)),
    ),
    latestBackfill(session.shop, rule.id),
  ]);
  return {
    rule,
    // Prices as the merchant's admin writes them; the form reads them back with the domain's parser.
    form: ruleFormOf(rule, createFormatter({ locale: await i18nServer.getLocale(request), timeZone: "UTC" })),
    // The target's picture as the shop has it now; null: no picture, or no longer in the shop.
    targetImage: target?.imageUrl ?? null,
    issues,
    customers,
    nextCursor: activity?.nextCursor ?? null,
    staleCursor: activity === null,
    backfill,
  };
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const t = await translatorFor(request);
  // Another shop's rule (or none) is this shop's 404, whatever the intent.
  const rule = await orNotFound(getRule(session.shop, params.id ?? ""), t("automation.notFound"));
  const data = await readForm(request);
  const intent = data.get("intent");
  switch (intent) {
    case "save": {
      const form = readRuleForm(data.get("rule"));
      if (!form) return unreadableRule(t);
      const result = await runIntent("save", t, () =>
        updateRule(session.shop, rule.id, ruleInput(form), (_type, id) => findRuleTarget(admin.graphql, id)),
      );
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
    // Apply to past orders (decision 0051): refusals answer 400 (a bad number of days) or 409 (already running).
    case "backfill-preview":
      return runIntentWithStatus("backfill-preview", t, () => previewBackfill(session.shop, rule.id, data.get("days") ?? ""));
    case "backfill-confirm":
      return runIntentWithStatus("backfill-confirm", t, () => confirmBackfill(session.shop, rule.id, String(data.get("id") ?? "")));
    case "backfill-discard":
      return runIntentWithStatus("backfill-discard", t, () => discardBackfill(session.shop, rule.id));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function RulePage() {
  const { rule, form, targetImage, issues, customers, nextCursor, staleCursor, backfill } = useLoaderData<typeof loader>();
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
          targetImage={targetImage}
          initial={result && "form" in result ? result.form : form}
          failure={result && !result.ok && result.intent === "save" ? result : null}
          cancelUrl="/app/automation"
          issued={rule.issuedCount}
        />
        <Layout>
          <Layout.Section>
            <BackfillCard
              backfill={backfill}
              unavailable={rule.trigger !== "PAID" ? t("automation.backfill.onlyPaid") : paused ? t("automation.backfill.paused") : null}
            />
          </Layout.Section>
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
