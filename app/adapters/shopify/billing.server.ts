import { BillingInterval } from "@shopify/shopify-app-remix/server";
import type { BillingPlans } from "~/domain/ports";
import { recordShopPlan } from "~/domain/plan-changes.server";
import { billingConfig, demoMode, publicAppUrl, shopifyApiKey } from "~/wiring/config.server";
import { adminAppPageUrl } from "./admin-links";
import { run } from "./admin-graphql.server";
import type { authenticate } from "./shopify-app.server";

/*
 * Shopify's Billing API through the library's `billing` helpers (decision 0050): the paid plan is configured in
 * shopifyApp({ billing }), checked, requested and cancelled here; what the app sees is recorded by the domain.
 */

type AdminContext = Awaited<ReturnType<typeof authenticate.admin>>;

interface PaidPlanConfig {
  trialDays: number;
  lineItems: { amount: number; currencyCode: string; interval: BillingInterval.Every30Days }[];
}

/** shopifyApp's `billing`: the paid plan, every 30 days after its trial; no plan when billing is off (nothing calls the helpers then). */
export function libraryBilling(plans: BillingPlans | null): Record<string, PaidPlanConfig> {
  if (!plans) return {};
  const { name, amount, currencyCode, trialDays } = plans.paid;
  return { [name]: { trialDays, lineItems: [{ amount, currencyCode, interval: BillingInterval.Every30Days }] } };
}

export const SHOP_PLAN_QUERY = `#graphql
  query TwinCardsShopPlan { shop { plan { partnerDevelopment } } }`;

/** Whether the shop's charges are test charges: BILLING_TEST_CHARGES, or (auto) whether it is a development store. */
export async function testCharges({ admin }: Pick<AdminContext, "admin">): Promise<boolean> {
  const mode = billingConfig().testCharges;
  if (mode !== "auto") return mode === "on";
  const { shop } = await run<{ shop: { plan: { partnerDevelopment: boolean } } }>(admin.graphql, SHOP_PLAN_QUERY);
  return shop.plan.partnerDevelopment;
}

/** Asks Shopify which plan the shop is on and records it (releasing held order items on an upgrade). */
export async function syncShopPlan(context: AdminContext, isTest: boolean): Promise<void> {
  const plans = billingConfig().plans;
  if (!plans) return;
  const { appSubscriptions } = await context.billing.check({ plans: [plans.paid.name], isTest });
  const active = appSubscriptions.find((subscription) => subscription.status === "ACTIVE");
  await recordShopPlan(
    context.session.shop,
    active ? { id: active.id, test: active.test, trialEndsAt: trialEnd(active.createdAt, active.trialDays) } : null,
  );
}

/** The end of a trial of `trialDays` from `createdAt`; null without one. */
export function trialEnd(createdAt: string | undefined, trialDays: number | undefined): Date | null {
  if (!createdAt || !trialDays) return null;
  return new Date(new Date(createdAt).getTime() + trialDays * 86_400_000);
}

/**
 * Creates the paid plan's subscription and answers Shopify's confirmation page, where the merchant approves it
 * (the library throws it as App Bridge's reauthorize header; the page opens it at the top of the window).
 */
export async function upgradeUrl(context: AdminContext, isTest: boolean): Promise<string> {
  const plans = billingConfig().plans;
  if (!plans) throw new Response("Billing is off", { status: 400 });
  const returnUrl = adminAppPageUrl(context.session.shop, "/app/settings?billing=approved", {
    apiKey: shopifyApiKey(),
    demoAppUrl: demoMode() ? publicAppUrl() : null,
  });
  try {
    await context.billing.request({ plan: plans.paid.name, isTest, returnUrl });
  } catch (thrown) {
    const url = thrown instanceof Response ? thrown.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") : null;
    if (url) return url;
    throw thrown;
  }
  throw new Error("Shopify answered no confirmation page for the subscription");
}

/** Cancels the shop's paid subscription (back to the free plan) and records it. */
export async function cancelPaidPlan(context: AdminContext, subscriptionId: string, isTest: boolean): Promise<void> {
  await context.billing.cancel({ subscriptionId, isTest, prorate: true });
  await recordShopPlan(context.session.shop, null);
}

/** Shopify admin's page of the shop's app subscriptions (Manage plan). */
export const subscriptionsPageUrl = (shop: string) =>
  `https://admin.shopify.com/store/${encodeURIComponent(shop.replace(/\.myshopify\.com$/, ""))}/settings/billing/subscriptions`;
