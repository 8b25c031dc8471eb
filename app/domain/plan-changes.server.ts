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
 * What the app now knows of the shop's plan, as it was in Shopify at `changedAt` (the admin's check of Shopify's
 * Billing API: now; APP_SUBSCRIPTIONS_UPDATE: when Shopify triggered it): stored, cached by this process, and acted
 * on (decision 0050). An upgrade releases the order items the cap held, to be issued once; a return to the free plan
 * restarts this month's counter from what was issued.
 */
export async function recordShopPlan(
  shop: string,
  active: ActiveSubscription | null,
  changedAt = new Date(),
): Promise<{ released: number }> {
  const before = await stores().billing.planOf(shop);
  const plan = active ? "PAID" : "FREE";
  await stores().billing.savePlan({
    shop,
    plan,
    subscriptionId: active?.id ?? null,
    trialEndsAt: active?.trialEndsAt ?? null,
    test: active?.test ?? false,
    changedAt,
  });
  rememberPlan(shop, plan);
  // This month's counter, whenever Shopify triggered the change (a late one may come from last month).
  if (plan === "FREE" && before?.plan === "PAID") await stores().billing.resetUsage(shop, monthOf(new Date()));
  return { released: plan === "PAID" ? await releaseHeldOrders(shop) : 0 };
}

/** A change of one of the shop's app subscriptions, as APP_SUBSCRIPTIONS_UPDATE tells it. */
export interface SubscriptionChange {
  /** Its gid. */
  id: string;
  /** ACTIVE, or an end (CANCELLED, DECLINED, EXPIRED, FROZEN); other statuses (PENDING) change nothing. */
  status: string;
  trialEndsAt: Date | null;
  /** When Shopify triggered the update (X-Shopify-Triggered-At; else the subscription's updated_at). */
  at: Date;
}

const ENDED = new Set(["CANCELLED", "DECLINED", "EXPIRED", "FROZEN"]);

/**
 * Applies a subscription update unless it is stale (decision 0059): Shopify delivers updates in no promised order
 * and retries late ones with their first trigger time, so an update triggered before the state the app holds (a
 * later update, or the admin's read of the Billing API) changes nothing: a late ACTIVE after a CANCELLED does not
 * put the shop back on the paid plan. An ended subscription puts the shop on the free plan unless another is active.
 */
export async function applySubscriptionChange(shop: string, change: SubscriptionChange): Promise<"applied" | "stale" | "ignored"> {
  if (change.status !== "ACTIVE" && !ENDED.has(change.status)) return "ignored";
  const current = await stores().billing.planOf(shop);
  if (current?.changedAt && change.at < current.changedAt) return "stale";
  if (change.status === "ACTIVE") {
    await recordShopPlan(shop, { id: change.id, test: false, trialEndsAt: change.trialEndsAt }, change.at);
    return "applied";
  }
  if (current?.plan === "PAID" && current.subscriptionId !== change.id) return "ignored";
  await recordShopPlan(shop, null, change.at);
  return "applied";
}

/** Releases the held order items of every shop that has room again (a new month, an upgrade seen elsewhere); how many. */
export async function releaseWhereRoom(): Promise<number> {
  let released = 0;
  for (const shop of await stores().orders.shopsWithHeldIssues()) {
    if (await hasRoomFor(shop)) released += await releaseHeldOrders(shop);
  }
  return released;
}
