import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useNavigate } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { Page } from "@shopify/polaris";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { findRuleTarget } from "~/adapters/shopify/admin-rule-target.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { createRule } from "~/domain/issuing-rules.server";
import { readForm, runIntent } from "~/faces/admin/action-result.server";
import { RuleForm } from "~/faces/admin/components/automation/RuleForm";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { readRuleForm, ruleInput, unreadableRule, type RuleForm as RuleFormValues } from "~/faces/admin/rule-form.server";
import { titled } from "~/faces/admin/page-title";

export const meta = titled("nav.automation");

const BLANK: RuleFormValues = {
  targetType: "PRODUCT",
  targetId: "",
  targetTitle: "",
  trigger: "PAID",
  issueTwin: true,
  issueCard: false,
  cardPerUnit: true,
  name: "",
  imageUrls: "",
  videoUrls: "",
  metadata: [],
  editionSize: "",
};

// Create rule: saved active, then the rules list shows it.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return null;
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const data = await readForm(request);
  if (data.get("intent") !== "save") throw new Response("Unknown intent", { status: 400 });
  const t = await translatorFor(request);
  const form = readRuleForm(data.get("rule"));
  if (!form) return unreadableRule(t);
  const result = await runIntent("save", t, () =>
    createRule(session.shop, ruleInput(form), (_type, id) => findRuleTarget(admin.graphql, id)),
  );
  // A refused form comes back with what was posted, so a page rendered from this answer shows it as typed.
  return result.ok ? result : { ...result, form };
};

export default function NewRule() {
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const shopify = useAppBridge();
  const navigate = useNavigate();
  const created = result?.ok ? result.data : null;

  // In the app (not a redirect: Shopify's would leave the embedded frame's own address).
  useEffect(() => {
    if (!created) return;
    shopify.toast.show(t("automation.form.saved"));
    navigate("/app/automation");
  }, [created, navigate, shopify, t]);
  return (
    <Page title={t("automation.form.newTitle")} backAction={{ content: t("automation.title"), url: "/app/automation" }}>
      <RuleForm
        initial={result && !result.ok && "form" in result ? result.form : BLANK}
        failure={result && !result.ok ? result : null}
        cancelUrl="/app/automation"
      />
    </Page>
  );
}
