import { z } from "zod";
import { conflict, fieldError, notFound } from "./errors";
import { newId } from "./ids";
import { ALREADY_ISSUED, matchesRule, recordOrderWebhook } from "./order-issuing.server";
import type { OrderLine } from "./orders";
import { stores, type BackfillPhase, type BackfillRecord, type IssuingRuleRecord } from "./stores";

/*
 * A rule applied to past orders (docs/decisions/0051-backfill.md). The merchant
 * asks for a preview: a backfill is recorded LISTING and the backfill worker
 * lists the orders paid in the range through the Admin API (READY, with the
 * count). Confirming records one order webhook per order, worked by the order
 * worker with the live path's exactly-once keys (one OrderIssue per rule, line
 * and moment "paid"), for this rule alone.
 */

export const MAX_BACKFILL_DAYS = 365;

const days = z.coerce
  .number({ message: "Enter a number of days" })
  .int("Enter a whole number of days")
  .min(1, `Enter a number of days from 1 to ${MAX_BACKFILL_DAYS}`)
  .max(MAX_BACKFILL_DAYS, `Enter a number of days from 1 to ${MAX_BACKFILL_DAYS}`);

/** The id a backfill's order webhook is recorded under: one per backfill and order. */
const webhookPrefix = (backfillId: string) => `backfill:${backfillId}:`;

/** A past order as the listing reads it: enough to match the rule and to skip cancelled or refunded orders. */
export interface ListedOrder {
  /** Numeric order id. */
  id: string;
  cancelled: boolean;
  /** Every unit refunded (Shopify's financial status REFUNDED). */
  refunded: boolean;
  lines: Pick<OrderLine, "productId" | "variantId" | "collectionIds" | "quantity">[];
}

/** A backfill as the rule's page shows it. */
export interface BackfillView {
  id: string;
  days: number;
  phase: BackfillPhase;
  /** Orders to issue for: paid in the range, matching the rule, neither cancelled nor refunded. */
  eligible: number;
  /** Orders worked so far, of `eligible`. */
  done: number;
  /** Orders that issued at least one item. */
  issued: number;
  /** Orders whose items the rule had issued already (live, or an earlier backfill). */
  alreadyIssued: number;
  /** Cancelled or refunded orders, and those the order worker skipped (no contact, refunded since). */
  skipped: number;
  failed: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

async function ruleFor(shop: string, ruleId: string): Promise<IssuingRuleRecord> {
  const rule = await stores().rules.findForShop(shop, ruleId);
  if (!rule) throw notFound("Rule");
  return rule;
}

function refuseUnlessApplicable(rule: IssuingRuleRecord) {
  if (rule.trigger !== "PAID") throw conflict("Only a rule that issues at payment can be applied to past orders");
  if (rule.status !== "ACTIVE") throw conflict("Resume the rule to apply it to past orders");
}

async function refuseIfRunning(shop: string, ruleId: string) {
  const latest = await stores().backfills.latestFor(shop, ruleId);
  if (latest?.phase === "ISSUING" && !(await finishIfDone(latest)))
    throw conflict("This rule is already being applied to past orders: wait until it finishes");
}

/**
 * Starts a preview of the rule on the orders paid in the last `daysInput` days:
 * the backfill worker counts them. Replaces a preview not yet confirmed.
 */
export async function previewBackfill(shop: string, ruleId: string, daysInput: unknown, now = new Date()): Promise<BackfillView> {
  const rule = await ruleFor(shop, ruleId);
  const parsed = days.safeParse(typeof daysInput === "string" && daysInput.trim() === "" ? undefined : daysInput);
  if (!parsed.success) throw fieldError("days", parsed.error.issues[0]?.message ?? "Enter a number of days");
  refuseUnlessApplicable(rule);
  await refuseIfRunning(shop, ruleId);
  const id = newId("bfl");
  const since = new Date(now.getTime() - parsed.data * 24 * 60 * 60 * 1000);
  await stores().transaction(async () => {
    await stores().backfills.discardPreviews(shop, ruleId);
    await stores().backfills.create({ id, shop, ruleId, days: parsed.data, since });
  });
  return view((await stores().backfills.get(shop, id))!);
}

/** What the listing keeps: the matching orders to issue for, and how many matching ones are skipped as cancelled or refunded. */
export function selectOrders(rule: IssuingRuleRecord, orders: ListedOrder[]): { orderIds: string[]; skipped: number } {
  const matching = orders.filter((order) => order.lines.some((line) => matchesRule(rule, line)));
  const skipped = matching.filter((order) => order.cancelled || order.refunded);
  return { orderIds: matching.filter((order) => !skipped.includes(order)).map((order) => order.id), skipped: skipped.length };
}

/** The rule whose backfill the worker lists; null when it is gone. */
export const backfillRule = (shop: string, ruleId: string) => stores().rules.findForShop(shop, ruleId);

/**
 * The merchant confirms a preview: one order webhook per listed order, for the
 * order worker, recorded with the backfill turning ISSUING in one transaction.
 * A second start for the same rule, or a second confirm, is refused.
 */
export async function confirmBackfill(shop: string, ruleId: string, backfillId: string): Promise<BackfillView> {
  const rule = await ruleFor(shop, ruleId);
  const backfill = await stores().backfills.get(shop, backfillId);
  if (!backfill || backfill.ruleId !== ruleId) throw notFound("Backfill");
  refuseUnlessApplicable(rule);
  if (backfill.phase === "ISSUING" || backfill.phase === "FINISHED")
    throw conflict("This rule is already being applied to past orders: wait until it finishes");
  if (backfill.phase !== "READY") throw conflict("The preview is not ready: wait for the count of orders");
  try {
    await stores().transaction(async () => {
      if (!(await stores().backfills.startIssuing(shop, backfill.id, ruleId)))
        throw conflict("The preview is not ready: wait for the count of orders");
      for (const orderId of backfill.orderIds) {
        await recordOrderWebhook(shop, {
          webhookId: `${webhookPrefix(backfill.id)}${orderId}`,
          topic: "orders/paid",
          orderId,
          detail: { backfill: { id: backfill.id, ruleId } },
        });
      }
    });
  } catch (error) {
    if (stores().isUniqueViolation(error)) throw conflict("This rule is already being applied to past orders: wait until it finishes");
    throw error;
  }
  const started = (await stores().backfills.get(shop, backfill.id))!;
  await finishIfDone(started);
  return view((await stores().backfills.get(shop, backfill.id))!);
}

/** Drops a preview the merchant does not want (a backfill issuing cannot be dropped). */
export async function discardBackfill(shop: string, ruleId: string): Promise<{ discarded: number }> {
  await ruleFor(shop, ruleId);
  return { discarded: await stores().backfills.discardPreviews(shop, ruleId) };
}

/** The rule's latest backfill, with its progress; null when it never had one (or the last preview was dropped). */
export async function latestBackfill(shop: string, ruleId: string): Promise<BackfillView | null> {
  const latest = await stores().backfills.latestFor(shop, ruleId);
  if (!latest || latest.phase === "DISCARDED") return null;
  if (latest.phase === "ISSUING") await finishIfDone(latest);
  return view((await stores().backfills.get(shop, latest.id))!);
}

/** An ISSUING backfill whose every order was worked becomes FINISHED; whether it is (now) finished. */
async function finishIfDone(backfill: BackfillRecord): Promise<boolean> {
  const tally = await stores().orders.tallyWebhooks(backfill.shop, webhookPrefix(backfill.id), ALREADY_ISSUED);
  const done = tally.issued + tally.alreadyIssued + tally.skipped + tally.failed;
  if (done < backfill.orderIds.length) return false;
  await stores().backfills.finish(backfill.id);
  return true;
}

async function view(backfill: BackfillRecord): Promise<BackfillView> {
  const tally =
    backfill.phase === "ISSUING" || backfill.phase === "FINISHED"
      ? await stores().orders.tallyWebhooks(backfill.shop, webhookPrefix(backfill.id), ALREADY_ISSUED)
      : { total: 0, issued: 0, alreadyIssued: 0, skipped: 0, failed: 0 };
  return {
    id: backfill.id,
    days: backfill.days,
    phase: backfill.phase,
    eligible: backfill.orderIds.length,
    done: tally.issued + tally.alreadyIssued + tally.skipped + tally.failed,
    issued: tally.issued,
    alreadyIssued: tally.alreadyIssued,
    skipped: backfill.skipped + tally.skipped,
    failed: tally.failed,
    lastError: backfill.lastError,
    createdAt: backfill.createdAt.toISOString(),
    finishedAt: backfill.finishedAt?.toISOString() ?? null,
  };
}
