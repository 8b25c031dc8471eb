import { PlanLimitReached } from "./errors";
import { ports, type BillingPlans } from "./ports";
import { stores, type PlanKind, type ShopPlanRecord } from "./stores";

/*
 * Billing plans (decision 0050): a free plan capped at a number of live items a
 * calendar month (UTC), a paid plan without a cap. The plan each shop is on is
 * what the app last saw in Shopify's Billing API (recordShopPlan), cached here a
 * short while so that issuing for a paying shop asks the database nothing.
 */

/** How long a process trusts the plan it read for a shop: another server's webhook reaches it within this. */
export const PLAN_LIFETIME_MS = 60_000;
// One entry per shop; past this many the cache starts again rather than grow without bound.
const MAX_CACHED_SHOPS = 10_000;

declare global {
  // One cache per process, not per bundle: the /v1 bundle and the pages' bundle (decision 0042) share what a webhook told either.
  var __twinCardsPlans: Map<string, { plan: PlanKind; until: number }> | undefined;
}
const cached = (globalThis.__twinCardsPlans ??= new Map());

/** `YYYY-MM` of `at` in UTC: the month the free plan's counter is for. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The first instant of `at`'s month in UTC. */
export const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/** The first instant of the month after `at`'s, in UTC. */
export const nextMonthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/** Remembers what this process now knows of the shop's plan (a webhook, the admin's check). */
export function rememberPlan(shop: string, plan: PlanKind) {
  if (cached.size >= MAX_CACHED_SHOPS && !cached.has(shop)) cached.clear();
  cached.set(shop, { plan, until: Date.now() + PLAN_LIFETIME_MS });
}

/** The shop's plan: from this process's cache while fresh, else as stored (no row: the free plan). */
export async function planKindOf(shop: string): Promise<PlanKind> {
  const hit = cached.get(shop);
  if (hit && hit.until > Date.now()) return hit.plan;
  const plan = (await stores().billing.planOf(shop))?.plan ?? "FREE";
  rememberPlan(shop, plan);
  return plan;
}

/**
 * Counts `count` live items the shop is issuing, in the caller's transaction: nothing to do when billing is off
 * or the shop pays; on the free plan one statement raises this month's counter, and past the cap the issue is
 * refused whole (PlanLimitReached) with nothing written. Test items are not counted (decision 0036): callers
 * meter live items only.
 */
export async function meterIssued(shop: string, count: number, at = new Date()): Promise<void> {
  const plans = ports().billing.plans();
  if (!plans || count === 0 || (await planKindOf(shop)) === "PAID") return;
  const cap = plans.free.monthlyItems;
  const month = monthOf(at);
  const billing = stores().billing;
  if (count <= cap && (await billing.addUsage(shop, month, count, cap))) return;
  let used = await billing.usage(shop, month);
  if (used === null) {
    // The month's first item on the free plan: its counter starts from what the shop issued so far this month.
    await billing.startUsage(shop, month, await billing.issuedSince(shop, monthStart(at)));
    if (count <= cap && (await billing.addUsage(shop, month, count, cap))) return;
    used = (await billing.usage(shop, month)) ?? 0;
  }
  throw planLimitReached(shop, plans, used, count);
}

/** The refusal: names the plan, what is left of it, and where to upgrade. */
export function planLimitReached(shop: string, plans: BillingPlans, used: number, count: number): PlanLimitReached {
  const cap = plans.free.monthlyItems;
  const upgradeUrl = ports().billing.upgradeUrl(shop);
  const left = Math.max(0, cap - used);
  const what =
    left === 0
      ? `The ${plans.free.name} plan's ${cap} items this month are all issued`
      : `The ${plans.free.name} plan has ${left} of its ${cap} items left this month; this needs ${count}`;
  return new PlanLimitReached(`${what}. Upgrade to ${plans.paid.name} for no monthly limit: ${upgradeUrl}`, {
    name: plans.free.name,
    cap,
    used,
    upgradeUrl,
  });
}

/** What Settings shows of the shop's plan: null when billing is off. */
export interface PlanOverview {
  plan: PlanKind;
  name: string;
  /** The free plan's cap; null on the paid plan. */
  cap: number | null;
  /** Live items issued this calendar month (UTC). */
  used: number;
  trialDaysLeft: number | null;
  test: boolean;
  subscriptionId: string | null;
  freeName: string;
  paid: BillingPlans["paid"];
}

export async function planOverview(shop: string, at = new Date()): Promise<PlanOverview | null> {
  const plans = ports().billing.plans();
  if (!plans) return null;
  const [row, used] = await Promise.all([stores().billing.planOf(shop), stores().billing.issuedSince(shop, monthStart(at))]);
  const plan = row?.plan ?? "FREE";
  return {
    plan,
    name: plan === "PAID" ? plans.paid.name : plans.free.name,
    cap: plan === "PAID" ? null : plans.free.monthlyItems,
    used,
    trialDaysLeft: plan === "PAID" ? trialDaysLeft(row, at) : null,
    test: row?.test ?? false,
    subscriptionId: row?.subscriptionId ?? null,
    freeName: plans.free.name,
    paid: plans.paid,
  };
}

function trialDaysLeft(row: ShopPlanRecord | null, at: Date): number | null {
  if (!row?.trialEndsAt || row.trialEndsAt <= at) return null;
  return Math.ceil((row.trialEndsAt.getTime() - at.getTime()) / 86_400_000);
}

/** Whether the shop can issue `count` more live items now (the held order items' release). */
export async function hasRoomFor(shop: string, count = 1, at = new Date()): Promise<boolean> {
  const plans = ports().billing.plans();
  if (!plans || (await planKindOf(shop)) === "PAID") return true;
  const used = (await stores().billing.usage(shop, monthOf(at))) ?? (await stores().billing.issuedSince(shop, monthStart(at)));
  return used + count <= plans.free.monthlyItems;
}

/** What is left of the free plan this month, for a page that tells the merchant before they issue many at once. */
export interface PlanRoom {
  /** The free plan's name, e.g. Free. */
  name: string;
  cap: number;
  /** Live items the shop can still issue this month (UTC). */
  left: number;
  /** The paid plan's name, e.g. Pro: what Upgrade leads to. */
  paidName: string;
}

/** The room the free plan leaves this month; null when there is no cap (billing off, or the shop pays). */
export async function planRoom(shop: string, at = new Date()): Promise<PlanRoom | null> {
  const plans = ports().billing.plans();
  if (!plans || (await planKindOf(shop)) === "PAID") return null;
  const used = (await stores().billing.usage(shop, monthOf(at))) ?? (await stores().billing.issuedSince(shop, monthStart(at)));
  const cap = plans.free.monthlyItems;
  return { name: plans.free.name, cap, left: Math.max(0, cap - used), paidName: plans.paid.name };
}
