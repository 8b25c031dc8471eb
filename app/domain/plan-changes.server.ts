import { hasRoomFor, monthOf, rememberPlan } from "./billing.server";
import { releaseHeldOrders } from "./order-issuing.server";
import { stores } from "./stores";

/** An active paid subscription as Shopify reported it. */
export interface ActiveSubscription {
  /** Its gid, gid://shopify/AppSubscription/<n>. */
  id: string;
  test: boolean;
  trialEndsAt: Date | null;
}

/**
 * What the app now knows of the shop's plan (APP_SUBSCRIPTIONS_UPDATE, or the admin's check of Shopify's
 * Billing API): stored, cached by this process, and acted on (decision 0050). An upgrade releases the order items
 * the cap held, to be issued once; a return to the free plan restarts this month's counter from what was issued.
 */
export async function recordShopPlan(shop: string, active: ActiveSubscription | null, at = new Date()): Promise<{ released: number }> {
  const before = await stores().billing.planOf(shop);
  const plan = active ? "PAID" : "FREE";
  await stores().billing.savePlan({
    shop,
    plan,
    subscriptionId: active?.id ?? null,
    trialEndsAt: active?.trialEndsAt ?? null,
    test: active?.test ?? false,
  });
  rememberPlan(shop, plan);
  if (plan === "FREE" && before?.plan === "PAID") await stores().billing.resetUsage(shop, monthOf(at));
  return { released: plan === "PAID" ? await releaseHeldOrders(shop) : 0 };
}

/** The shop's subscription `id` ended (cancelled, declined, expired, frozen): the free plan, unless another is active. */
export async function endSubscription(shop: string, id: string): Promise<void> {
  const current = await stores().billing.planOf(shop);
  if (current?.plan === "PAID" && current.subscriptionId !== id) return;
  await recordShopPlan(shop, null);
}

/** Releases the held order items of every shop that has room again (a new month, an upgrade seen elsewhere); how many. */
export async function releaseWhereRoom(): Promise<number> {
  let released = 0;
  for (const shop of await stores().orders.shopsWithHeldIssues()) {
    if (await hasRoomFor(shop)) released += await releaseHeldOrders(shop);
  }
  return released;
}
