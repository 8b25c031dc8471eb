import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Box, Button, Card, ChoiceList, FormLayout, InlineStack, Layout, Page, Text, TextField } from "@shopify/polaris";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formFields, readForm, runIntent, runIntentWithStatus } from "~/faces/admin/action-result.server";
import { FormErrorBanner } from "~/faces/admin/components/FormErrorBanner";
import { NftDistributionSettings } from "~/faces/admin/components/NftDistributionSettings";
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeySummary } from "~/domain/api-keys.server";
import { chainOverview, setNftDistributionApproval } from "~/domain/chain-mints.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { authenticate, shopifyStorefront } from "~/adapters/shopify/shopify-app.server";
import { ApiKeysCard } from "~/faces/admin/components/settings/ApiKeysCard";
import { NewKeyBanner } from "~/faces/admin/components/settings/NewKeyBanner";
import { RevokeKeyModal } from "~/faces/admin/components/settings/RevokeKeyModal";
import { VerificationPageSettings } from "~/faces/admin/components/settings/VerificationPageSettings";
import { setVerifyPagesIndexed, verifyPagesIndexed } from "~/domain/verification.server";
import { claimLinkSettings, setClaimLinkSettings } from "~/domain/claim-links.server";
import { refreshShopProfile } from "~/adapters/shopify/shop-profile.server";
import { ClaimLinkSettings } from "~/faces/admin/components/settings/ClaimLinkSettings";
import { TestDataSwitch } from "~/faces/admin/components/TestDataSwitch";
import { setViewTestData } from "~/domain/test-data-view.server";
import { titled } from "~/faces/admin/page-title";
import { WalletPassSettings } from "~/faces/admin/components/settings/WalletPassSettings";
import { GoogleWalletSettings } from "~/faces/admin/components/settings/GoogleWalletSettings";
import { googleWalletSetup } from "~/domain/google-wallet.server";
import { walletPassSetup } from "~/domain/wallet-passes.server";
import { setWalletPassSettings, walletPassSettings } from "~/domain/wallet-pass-settings.server";
import { planOverview } from "~/domain/billing.server";
import { cancelPaidPlan, subscriptionsPageUrl, syncShopPlan, testCharges, upgradeUrl } from "~/adapters/shopify/billing.server";
import { PlanCard } from "~/faces/admin/components/settings/PlanCard";
import { TagKeysSettings } from "~/faces/admin/components/settings/TagKeysSettings";
import { tagKeyringState } from "~/domain/nfc-tags.server";
import { reminderDaysOf, saveReminderSetting } from "~/domain/code-reminders.server";
import { ReminderSettings } from "~/faces/admin/components/settings/ReminderSettings";

export const meta = titled("nav.settings");

/** The plan as Shopify now says it (an approval may have just happened); a Billing API failure leaves the plan last seen. */
async function seeShopPlan(context: Awaited<ReturnType<typeof authenticate.admin>>) {
  try {
    await syncShopPlan(context, await testCharges(context));
  } catch (error) {
    console.warn(`Settings: could not read ${context.session.shop}'s plan from Shopify:`, error);
  }
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await authenticate.admin(request);
  const { session } = context;
  if (await planOverview(session.shop)) await seeShopPlan(context);
  const [plan, apiKeys, chain, pagesIndexed, claimLinks, passSettings, tagKeyring, reminderDays] = await Promise.all([
    planOverview(session.shop),
    listApiKeys(session.shop),
    chainOverview(session.shop),
    verifyPagesIndexed(session.shop),
    claimLinkSettings(session.shop),
    walletPassSettings(session.shop),
    tagKeyringState(session.shop),
    reminderDaysOf(session.shop),
  ]);
  return {
    plan: plan && { ...plan, manageUrl: subscriptionsPageUrl(session.shop) },
    apiKeys,
    chain,
    verifyPagesIndexed: pagesIndexed,
    claimLinks,
    walletPasses: { setup: walletPassSetup(), settings: passSettings },
    googleWallet: googleWalletSetup(),
    tagKeysSetUp: tagKeyring.setUp,
    reminderDays,
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await authenticate.admin(request);
  const { session, admin } = context;
  const fields = formFields(await readForm(request));
  const t = await translatorFor(request);
  switch (fields.intent) {
    case "upgrade":
      return runIntent("upgrade", t, async () => ({ confirmationUrl: await upgradeUrl(context, await testCharges(context)) }));
    case "cancel-plan": {
      const plan = await planOverview(session.shop);
      if (!plan?.subscriptionId) throw new Response("No paid plan to cancel", { status: 400 });
      return runIntent("cancel-plan", t, async () => {
        await cancelPaidPlan(context, plan.subscriptionId!, plan.test);
        return { cancelled: true };
      });
    }
    case "create":
      // mode: live (the default) or test; anything else is the schema's field error on "mode", and no key.
      return runIntent("create", t, () => createApiKey({ shop: session.shop, label: fields.label, mode: fields.mode }));
    case "revoke":
      return runIntent("revoke", t, () => revokeApiKey(session.shop, fields.id ?? ""));
    case "nft-approval":
      return runIntent("nft-approval", t, () => setNftDistributionApproval(session.shop, fields.approved === "on"));
    case "verify-indexing":
      return runIntent("verify-indexing", t, () => setVerifyPagesIndexed(session.shop, fields.indexed === "on"));
    case "view-test-data":
      // The "View test data" switch (Home, Settings, the banner on every page): on or off, nothing else.
      if (fields.on !== "on" && fields.on !== "off") throw new Response("on must be on or off", { status: 400 });
      return runIntent("view-test-data", t, () => setViewTestData(session.shop, fields.on === "on"));
    case "claim-links":
      // The shop's own addresses are checked against what Shopify says of it: read it first if the copy is old.
      await refreshShopProfile(session.shop, admin.graphql, shopifyStorefront);
      return runIntent("claim-links", t, () =>
        setClaimLinkSettings(session.shop, { target: fields.target, accountPageUrl: fields.accountPageUrl }),
      );
    case "wallet-passes":
      return runIntent("wallet-passes", t, () =>
        setWalletPassSettings(session.shop, {
          cardStyle: fields.cardStyle,
          twinStyle: fields.twinStyle,
          backgroundColor: fields.backgroundColor,
          foregroundColor: fields.foregroundColor,
          labelColor: fields.labelColor,
        }),
      );
    case "reminders":
      // A bad number of days is a 400 naming reminderDays, and nothing is saved.
      return runIntentWithStatus("reminders", t, async () => ({
        reminderDays: await saveReminderSetting(session.shop, { reminderDays: fields.reminderDays }),
      }));
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
};

export default function Settings() {
  const {
    plan,
    apiKeys,
    chain,
    verifyPagesIndexed: indexed,
    claimLinks,
    walletPasses,
    googleWallet,
    tagKeysSetUp,
    reminderDays,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const shopify = useAppBridge();
  const { t } = useTranslation();
  const [label, setLabel] = useState("");
  const [mode, setMode] = useState<"live" | "test">("live");
  const [dismissedKeyId, setDismissedKeyId] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const closeRevoke = useCallback(() => setRevoking(null), []);

  const newKey = actionData?.ok && "key" in actionData.data ? actionData.data : null;
  // A key revoked right after creation has nothing left worth copying.
  const showNewKey = newKey && newKey.apiKey.id !== dismissedKeyId && !apiKeys.some((k) => k.id === newKey.apiKey.id && k.revokedAt);
  const createFailed = actionData && !actionData.ok ? actionData : null;
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  useEffect(() => {
    if (newKey) {
      setLabel("");
      setMode("live");
      shopify.toast.show(t("settings.created"));
    }
  }, [newKey, shopify, t]);

  return (
    <Page title={t("settings.title")}>
      <Layout>
        {plan && (
          <Layout.AnnotatedSection id="plan" title={t("billing.title")} description={t("billing.description")}>
            <PlanCard plan={plan} manageUrl={plan.manageUrl} />
          </Layout.AnnotatedSection>
        )}
        <Layout.AnnotatedSection id="api-keys" title={t("settings.apiKeys")} description={t("settings.apiKeysDescription")}>
          <BlockStack gap="400">
            {showNewKey && (
              <NewKeyBanner apiKey={newKey.apiKey} secret={newKey.key} onDismiss={() => setDismissedKeyId(newKey.apiKey.id)} />
            )}
            <Card>
              <Form method="post" noValidate>
                <input type="hidden" name="intent" value="create" />
                <FormLayout>
                  <Text as="h2" variant="headingMd">
                    {t("settings.createTitle")}
                  </Text>
                  {createFailed && !createFailed.fieldErrors.label && !createFailed.fieldErrors.mode && (
                    <FormErrorBanner title={t("settings.notCreated")} errors={[{ path: "", message: createFailed.message }]} />
                  )}
                  <TextField
                    label={t("settings.label")}
                    name="label"
                    value={label}
                    onChange={setLabel}
                    autoComplete="off"
                    placeholder={t("settings.labelPlaceholder")}
                    helpText={t("settings.labelHelp")}
                    error={createFailed?.fieldErrors.label}
                  />
                  <ChoiceList
                    title={t("settings.mode")}
                    name="mode"
                    choices={[
                      { label: t("settings.modeLive"), value: "live", helpText: t("settings.modeLiveHelp") },
                      { label: t("settings.modeTest"), value: "test", helpText: t("settings.modeTestHelp") },
                    ]}
                    selected={[mode]}
                    onChange={([value]) => setMode(value === "test" ? "test" : "live")}
                    error={createFailed?.fieldErrors.mode}
                  />
                  <InlineStack align="end">
                    <Button submit variant="primary" loading={creating}>
                      {t("settings.create")}
                    </Button>
                  </InlineStack>
                </FormLayout>
              </Form>
            </Card>
            <ApiKeysCard apiKeys={apiKeys} onRevoke={setRevoking} />
          </BlockStack>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="test-data" title={t("testData.title")} description={t("testData.description")}>
          <Card>
            <TestDataSwitch />
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="messages" title={t("messages.settingsTitle")} description={t("messages.settingsDescription")}>
          <Card>
            <Button url="/app/settings/messages">{t("messages.edit")}</Button>
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="webhooks" title={t("webhooks.title")} description={t("webhooks.settingsDescription")}>
          <Card>
            <Button url="/app/settings/webhooks">{t("webhooks.manage")}</Button>
          </Card>
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="on-chain" title={t("settings.onChain")} description={t("settings.onChainDescription")}>
          <NftDistributionSettings overview={chain} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection
          id="verification-pages"
          title={t("verification.settingsTitle")}
          description={t("verification.settingsDescription")}
        >
          <VerificationPageSettings indexed={indexed} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="apple-wallet" title={t("walletPasses.title")} description={t("walletPasses.description")}>
          <WalletPassSettings setup={walletPasses.setup} settings={walletPasses.settings} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="google-wallet" title={t("googleWallet.title")} description={t("googleWallet.description")}>
          <GoogleWalletSettings setup={googleWallet} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="claim-links" title={t("claimLinks.title")} description={t("claimLinks.description")}>
          <ClaimLinkSettings settings={claimLinks} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="reminders" title={t("reminders.title")} description={t("reminders.description")}>
          <ReminderSettings days={reminderDays} />
        </Layout.AnnotatedSection>
        <Layout.AnnotatedSection id="nfc-tags" title={t("tagKeys.title")} description={t("tagKeys.description")}>
          <TagKeysSettings setUp={tagKeysSetUp} />
        </Layout.AnnotatedSection>
        <Layout.Section>
          <Box paddingBlockEnd="800" />
        </Layout.Section>
      </Layout>
      {/* One modal (and one fetcher) per key, so an earlier key's answer never shows for another. */}
      <RevokeKeyModal key={revoking?.id ?? "none"} apiKey={revoking} onClose={closeRevoke} />
    </Page>
  );
}
