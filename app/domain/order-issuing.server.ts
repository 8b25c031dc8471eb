import { voidPendingCards } from "./card-void.server";
import { meterIssued } from "./billing.server";
import { createCardsFor } from "./cards.server";
import { conflict, notFound, PlanLimitReached } from "./errors";
import { newId } from "./ids";
import { maskEmail, maskPhone } from "./masking";
import { canonicalLocale } from "./messages/claim-message";
import type { OrderLine, OrderMoment, OrderSnapshot, OrderTopic, OrderWebhookDetail } from "./orders";
import { shopifyOwner } from "./owners";
import {
  cardInput,
  editionNumbers,
  email as emailSchema,
  issueTwinInput,
  MAX_BATCH_CARDS,
  phone as phoneSchema,
  type CardData,
  type IssueTwinInput,
  type Serial,
} from "./schemas";
import { issuesToDetails } from "./schemas/parse";
import { stores, type IssuingRuleRecord, type OrderIssueRecord, type UniversalNameRecord } from "./stores";
import { issueTwinTo } from "./twins.server";
import { recordCardProducts, type ProductSource } from "./item-products.server";

/*
 * Issuing at purchase (docs/decisions/0029-issue-at-purchase.md). A webhook is
 * recorded when it arrives and worked later by the order worker, which reads the
 * order from Shopify and calls `issueFromOrder` or `voidFromOrder` inside the
 * transaction that records the outcome. Exactly once: one OrderIssue per rule,
 * order line and moment (unique), written with the cards and twins it issued.
 */

/** How working a recorded webhook ended: DONE (it issued or voided, or had nothing left to do) or SKIPPED (why it issued nothing). */
export interface OrderWorkResult {
  status: "DONE" | "SKIPPED";
  outcome: string;
}

/** Records a webhook for the order worker; a redelivery (same webhook id) or a duplicate (same event and topic) records nothing. */
export async function recordOrderWebhook(
  shop: string,
  webhook: { webhookId: string; eventId?: string | null; topic: OrderTopic; orderId: string; detail: OrderWebhookDetail },
): Promise<"recorded" | "duplicate"> {
  const recorded = await stores().orders.recordWebhook({
    id: newId("owh"),
    shop,
    webhookId: webhook.webhookId,
    eventId: webhook.eventId ?? null,
    topic: webhook.topic,
    orderId: webhook.orderId,
    detail: webhook.detail,
  });
  return recorded ? "recorded" : "duplicate";
}

const skipped = (outcome: string): OrderWorkResult => ({ status: "SKIPPED", outcome });

/** How the outcome of an order whose lines were all issued before begins (a backfill counts these apart). */
export const ALREADY_ISSUED = "Already issued for order";

/** Whether the rule's target (product, variant or collection) is the line's. */
export function matchesRule(rule: IssuingRuleRecord, line: Pick<OrderLine, "productId" | "variantId" | "collectionIds">): boolean {
  if (rule.targetType === "PRODUCT") return line.productId === rule.targetId;
  if (rule.targetType === "VARIANT") return line.variantId === rule.targetId;
  return line.collectionIds.includes(rule.targetId);
}

interface Match {
  rule: IssuingRuleRecord;
  line: OrderLine;
  quantity: number;
}

/** What one match will write, checked before anything is: a plan that would fail is recorded FAILED with its reason. */
interface Plan extends Match {
  twin: IssueTwinInput | null;
  cards: CardData[];
  failure: string | null;
  /** Each item's number in the rule's edition, the twin's first: taken in the issuing transaction. */
  serials: Serial[];
}

type Recipient =
  | { kind: "name"; name: UniversalNameRecord; owner: string }
  | { kind: "redemption"; email?: string; phone?: string; masked: string; locale?: string; firstName?: string };

/**
 * Issues what the shop's active rules say for `order` at `moment`, in the
 * caller's transaction. Lines and rules already issued for this moment are left
 * alone (a duplicate or late webhook changes nothing); FAILED ones are tried again.
 */
export async function issueFromOrder(
  shop: string,
  order: OrderSnapshot,
  moment: OrderMoment,
  /** Only this rule's items (a rule applied to past orders); every active rule's without. */
  onlyRuleId?: string,
): Promise<OrderWorkResult> {
  const paid = moment.kind === "paid";
  if (order.cancelled) return skipped(`Order ${order.name} was cancelled`);
  const active = await stores().rules.activeFor(shop, paid ? "PAID" : "FULFILLED");
  const rules = onlyRuleId === undefined ? active : active.filter((rule) => rule.id === onlyRuleId);
  if (rules.length === 0) return skipped(paid ? "No active rule issues at payment" : "No active rule issues at fulfilment");
  const momentKey = paid ? "paid" : `fulfillment:${moment.fulfillmentId}`;
  const matches = linesAt(order, moment).flatMap(({ line, quantity }) =>
    rules.filter((rule) => matchesRule(rule, line)).map((rule) => ({ rule, line, quantity })),
  );
  if (matches.length === 0) return skipped(`No rule matches the products of order ${order.name}`);

  const existing = await stores().orders.issuesAt(shop, order.id, momentKey);
  // FAILED and PLAN_LIMIT (held by the plan's cap) are tried again; the rest is done.
  const settled = new Set(
    existing
      .filter((issue) => issue.status !== "FAILED" && issue.status !== "PLAN_LIMIT")
      .map((issue) => `${issue.ruleId} ${issue.lineItemId}`),
  );
  const todo = matches.filter((match) => !settled.has(`${match.rule.id} ${match.line.id}`));
  if (todo.length === 0) return { status: "DONE", outcome: `${ALREADY_ISSUED} ${order.name}` };

  const recipient = await recipientOf(order);
  if (!recipient) return skipped(`Order ${order.name} has no customer with a universal name, and no e-mail or phone to send a claim to`);
  const plans = todo.map((match) => plan(match, recipient));
  return stores().transaction(async () => {
    if (recipient.kind === "redemption") capOneCode(plans);
    const held = await holdPastPlanCap(shop, order, momentKey, plans, recipient);
    if (held) return held;
    await numberInEditions(plans);
    const issued = recipient.kind === "name" ? await issueToName(shop, plans, recipient) : await issueByRedemption(shop, plans, recipient);
    for (const [index, item] of plans.entries()) {
      await recordIssue(shop, order, momentKey, item, recipient, issued[index]!);
    }
    return { status: "DONE", outcome: issuedOutcome(order.name, plans) };
  });
}

/**
 * "Order #1051: issued 3 items": each twin and each card counts, English plurals
 * right; ", 1 failed" counts the rule lines that issued nothing. The admin reads
 * it back into the merchant's language (faces/admin/i18n/domain-messages.ts).
 */
function issuedOutcome(orderName: string, plans: Plan[]): string {
  const done = plans.filter((item) => !item.failure);
  const count = done.reduce((sum, item) => sum + (item.twin ? 1 : 0) + item.cards.length, 0);
  const failed = plans.length - done.length;
  return `Order ${orderName}: issued ${count} ${count === 1 ? "item" : "items"}${failed ? `, ${failed} failed` : ""}`;
}

/** The lines a moment concerns, with their quantity: every line at payment, the fulfilled ones (and units) at a fulfilment. */
function linesAt(order: OrderSnapshot, moment: OrderMoment): { line: OrderLine; quantity: number }[] {
  if (moment.kind === "paid") return order.lines.filter((line) => line.quantity > 0).map((line) => ({ line, quantity: line.quantity }));
  return moment.lines.flatMap((fulfilled) => {
    const line = order.lines.find((candidate) => candidate.id === fulfilled.id);
    const quantity = line ? Math.min(fulfilled.quantity, line.quantity) : 0;
    return line && quantity > 0 ? [{ line, quantity }] : [];
  });
}

/** The customer's universal name when they registered one; otherwise the order's e-mail or phone for a claim. */
async function recipientOf(order: OrderSnapshot): Promise<Recipient | null> {
  if (order.customerId) {
    const owner = shopifyOwner(order.customerId);
    const name = await stores().names.firstLiveNameOfOwner(owner);
    if (name) return { kind: "name", name, owner };
  }
  const email = emailSchema.safeParse(order.email ?? undefined);
  const phone = phoneSchema.safeParse(order.phone ?? undefined);
  // The claim message speaks the checkout's (or the customer's) language and greets them by name.
  const reader = { locale: canonicalLocale(order.locale) ?? undefined, firstName: order.firstName?.trim().slice(0, 100) || undefined };
  if (email.success) return { kind: "redemption", email: email.data, masked: maskEmail(email.data), ...reader };
  if (phone.success) return { kind: "redemption", phone: phone.data, masked: maskPhone(phone.data), ...reader };
  return null;
}

function plan(match: Match, recipient: Recipient): Plan {
  const { rule, line, quantity } = match;
  const cardCount = rule.cardTemplate ? (rule.cardPerUnit ? quantity : 1) : 0;
  const template = rule.cardTemplate;
  const cards: CardData[] = template ? Array.from({ length: cardCount }, () => template) : [];
  const failed = (failure: string): Plan => ({ ...match, twin: null, cards: [], failure, serials: [] });
  if (rule.issueTwin && !line.product) return failed("The product was deleted: there is nothing to make a twin of");
  if (rule.issueTwin && recipient.kind === "name") {
    const twin = issueTwinInput.safeParse(twinFields(line, quantity, recipient.name));
    if (!twin.success) return failed(describe(twin.error.issues));
    if (cards.length > MAX_BATCH_CARDS) return failed(`Would issue ${cards.length} cards; at most ${MAX_BATCH_CARDS} per order line`);
    return { ...match, twin: twin.data, cards, failure: null, serials: [] };
  }
  if (rule.issueTwin) {
    // No universal name to issue a twin to: the twin waits as a claim card that describes it.
    const twinCard = cardInput.safeParse(twinAsCard(line, quantity));
    if (!twinCard.success) return failed(describe(twinCard.error.issues));
    cards.unshift(twinCard.data);
  }
  if (cards.length > MAX_BATCH_CARDS) return failed(`Would issue ${cards.length} cards; at most ${MAX_BATCH_CARDS} per order line`);
  return { ...match, twin: null, cards, failure: null, serials: [] };
}

function describe(issues: Parameters<typeof issuesToDetails>[0]): string {
  const [first] = issuesToDetails(issues);
  return first ? `The product's ${first.path || "data"} cannot be issued: ${first.message}` : "The product's data cannot be issued";
}

/** The twin as the customer page's manual flow pre-fills it from an ordered product. */
function twinFields(line: OrderLine, quantity: number, name: UniversalNameRecord) {
  const product = line.product!;
  return {
    name_id: name.id,
    public_key: name.publicKey,
    title: product.title || line.title,
    description: product.description,
    quantity,
    ...(line.unitPrice ? { price: Number(line.unitPrice.amount), currency: line.unitPrice.currencyCode } : {}),
    brand: product.vendor,
    categories: [product.productType, ...product.tags].filter(Boolean),
    links: product.url ? [product.url] : [],
    images: product.images.slice(0, 20),
  };
}

/** A claim card standing for a twin: the product's name and images, its brand, price, quantity and link as public metadata. */
function twinAsCard(line: OrderLine, quantity: number) {
  const product = line.product!;
  const metadata = [
    ...(product.vendor ? [{ key: "brand", value: product.vendor }] : []),
    ...(line.unitPrice ? [{ key: "price", value: [Number(line.unitPrice.amount), line.unitPrice.currencyCode], metaType: "PRICE" }] : []),
    { key: "quantity", value: quantity },
    ...(product.url ? [{ key: "link", value: product.url }] : []),
  ];
  return { name: product.title || line.title, media: { imageUrls: product.images.slice(0, 20) }, metadata };
}

interface Issued {
  twinId: string | null;
  cardIds: string[];
  redemptionId: string | null;
}

const NOTHING: Issued = { twinId: null, cardIds: [], redemptionId: null };

/** Twins to the customer's name, cards owned by its key: each match on its own. */
async function issueToName(shop: string, plans: Plan[], recipient: Extract<Recipient, { kind: "name" }>): Promise<Issued[]> {
  const issued: Issued[] = [];
  for (const item of plans) {
    if (item.failure) {
      issued.push(NOTHING);
      continue;
    }
    const cardSerials = item.twin ? item.serials.slice(1) : item.serials;
    // Counted once for the whole order (holdPastPlanCap).
    const twin = item.twin ? await issueTwinTo(shop, item.twin, item.serials[0], true, false, productOf(item.line)) : null;
    const cards = item.cards.length
      ? await createCardsFor(
          shop,
          { cards: item.cards, recipient: { kind: "owner", owner: recipient.owner, publicKey: recipient.name.publicKey } },
          cardSerials,
          true,
          false,
        )
      : [];
    await recordCardProducts(
      shop,
      productOf(item.line),
      cards.map((card) => card.id),
    );
    issued.push({ twinId: twin?.id ?? null, cardIds: cards.map((card) => card.id), redemptionId: null });
  }
  return issued;
}

/**
 * Counts the order's items toward the shop's plan (decision 0050). Past the cap nothing of the order is issued
 * and nothing is dropped: each line waits as PLAN_LIMIT, and releaseHeldOrders works the order again once the
 * shop upgrades or the month turns. Null when the items fit (they are then counted).
 */
async function holdPastPlanCap(
  shop: string,
  order: OrderSnapshot,
  momentKey: string,
  plans: Plan[],
  recipient: Recipient,
): Promise<OrderWorkResult | null> {
  const count = plans.reduce((sum, item) => sum + (item.failure ? 0 : (item.twin ? 1 : 0) + item.cards.length), 0);
  try {
    await meterIssued(shop, count);
    return null;
  } catch (error) {
    if (!(error instanceof PlanLimitReached)) throw error;
    for (const item of plans) {
      const waiting: Plan = item.failure ? item : { ...item, failure: error.message };
      await recordIssue(shop, order, momentKey, waiting, recipient, NOTHING, item.failure ? "FAILED" : "PLAN_LIMIT");
    }
    return {
      status: "DONE",
      outcome: `Order ${order.name}: ${count} ${count === 1 ? "item waits" : "items wait"} for the plan (${error.plan.name}: ${error.plan.cap} a month)`,
    };
  }
}

/** Every card of an order goes under one code, which claims at most a batch's worth: past that, nothing of the order is issued. */
function capOneCode(plans: Plan[]) {
  const count = plans.reduce((sum, item) => sum + (item.failure ? 0 : item.cards.length), 0);
  if (count <= MAX_BATCH_CARDS) return;
  for (const item of plans) item.failure ??= `The order would issue ${count} cards under one code; at most ${MAX_BATCH_CARDS}`;
}

/**
 * Numbers each plan's items in its rule's edition, in the caller's transaction. Rules are taken in id
 * order (so two orders never wait on each other's rules), each rule's plans in the order's line order.
 * A plan the edition has no room left for is refused whole, with the reason, and takes no number.
 */
async function numberInEditions(plans: Plan[]) {
  const byRule = plans.filter((item) => !item.failure).sort((a, b) => (a.rule.id < b.rule.id ? -1 : a.rule.id > b.rule.id ? 1 : 0));
  for (const item of byRule) {
    const count = (item.twin ? 1 : 0) + item.cards.length;
    const taken = await stores().rules.takeNumbers(item.rule.id, count);
    if (taken.ok) item.serials = editionNumbers(taken.first, count, taken.editionSize);
    else item.failure = editionFull(taken.issued, taken.editionSize, count);
  }
}

function editionFull(issued: number, editionSize: number, needed: number): string {
  if (issued >= editionSize) return `The edition is complete: all ${editionSize} were issued`;
  return `The edition has ${editionSize - issued} left of ${editionSize}; this line needs ${needed}`;
}

/** Every card of the order under one code: one claim message per order, listing all it carries. */
async function issueByRedemption(shop: string, plans: Plan[], recipient: Extract<Recipient, { kind: "redemption" }>): Promise<Issued[]> {
  const all = plans.flatMap((item) => (item.failure ? [] : item.cards));
  if (all.length === 0) return plans.map(() => NOTHING);
  const serials = plans.flatMap((item) => (item.failure ? [] : item.serials));
  const cards = await createCardsFor(
    shop,
    {
      cards: all,
      recipient: {
        kind: "redemption",
        redemption: { email: recipient.email, phone: recipient.phone, locale: recipient.locale, firstName: recipient.firstName },
      },
    },
    serials,
    true,
    false,
  );
  const redemptionId = await stores().cards.redemptionIdOf(cards[0]!.id);
  let next = 0;
  const issued: Issued[] = [];
  for (const item of plans) {
    if (item.failure) {
      issued.push(NOTHING);
      continue;
    }
    const mine = cards.slice(next, next + item.cards.length).map((card) => card.id);
    next += item.cards.length;
    await recordCardProducts(shop, productOf(item.line), mine);
    issued.push({ twinId: null, cardIds: mine, redemptionId });
  }
  return issued;
}

/** The product variant of an order line, as the items it issues record it (decision 0063). */
const productOf = (line: OrderLine): ProductSource => ({
  productId: line.productId,
  variantId: line.variantId,
  barcode: line.barcode ?? null,
  productUrl: line.product?.url ?? null,
});

async function recordIssue(
  shop: string,
  order: OrderSnapshot,
  moment: string,
  item: Plan,
  recipient: Recipient,
  issued: Issued,
  held?: "FAILED" | "PLAN_LIMIT",
) {
  await stores().orders.saveIssue({
    id: newId("iss"),
    shop,
    ruleId: item.rule.id,
    orderId: order.id,
    lineItemId: item.line.id,
    moment,
    orderName: order.name,
    productTitle: item.line.product?.title || item.line.title,
    quantity: item.quantity,
    customerId: order.customerId,
    recipient: recipient.kind === "redemption" ? recipient.masked : null,
    status: held ?? (item.failure ? "FAILED" : recipient.kind === "name" ? "ISSUED" : "WAITING"),
    reason: item.failure,
    twinId: issued.twinId,
    cardIds: issued.cardIds,
    redemptionId: issued.redemptionId,
  });
}

/**
 * A cancelled order voids every card it issued that is still waiting to be
 * claimed; a refund, those of the refunded lines (one per refunded unit, or the
 * line's single card once the whole line is refunded). Owned cards and twins stay.
 * A refund is worked once per refund and line (OrderRefundLine, written in the
 * same transaction), so the same refund delivered again, under whatever webhook
 * or event id, voids nothing more (docs/decisions/0059-webhooks-as-shopify-sends-them.md).
 */
export async function voidFromOrder(
  shop: string,
  orderId: string,
  topic: OrderTopic,
  detail: OrderWebhookDetail,
): Promise<OrderWorkResult> {
  return stores().transaction(async () => {
    const issues = await stores().orders.waitingIssues(shop, orderId);
    let voided = 0;
    if (topic === "orders/cancelled") {
      for (const issue of issues) voided += await voidIssue(shop, issue, issue.cardIds, `Order ${issue.orderName} was cancelled`);
    } else {
      voided = await voidRefunded(shop, orderId, detail, issues);
    }
    return voided > 0
      ? { status: "DONE", outcome: `Voided ${voided} unclaimed ${voided === 1 ? "card" : "cards"}` }
      : skipped("Nothing unclaimed to void");
  });
}

/** Voids for each line of the refund not worked yet, and records it worked; how many cards. */
async function voidRefunded(shop: string, orderId: string, detail: OrderWebhookDetail, issues: OrderIssueRecord[]): Promise<number> {
  const refundId = detail.id;
  const worked = new Set(refundId ? (await stores().orders.workedRefundLines(shop, refundId)).map((line) => line.lineItemId) : []);
  const earlier = await stores().orders.refundLinesOf(shop, orderId);
  let voided = 0;
  for (const line of detail.lines ?? []) {
    if (worked.has(line.id)) continue;
    let lineVoided = 0;
    for (const issue of issues.filter((candidate) => candidate.lineItemId === line.id)) {
      const pending = await stillPending(issue.cardIds);
      // Units refunded after the issue was made (those before it were not issued: it read the order's current quantity).
      const refundedSince = earlier
        .filter((row) => row.lineItemId === line.id && row.createdAt >= issue.createdAt)
        .reduce((sum, row) => sum + row.quantity, 0);
      const cards = refundedCards(issue, pending, line.quantity, refundedSince);
      lineVoided += await voidIssue(shop, issue, cards, `Order ${issue.orderName} was refunded`);
    }
    if (refundId) {
      await stores().orders.saveRefundLine({ shop, refundId, lineItemId: line.id, orderId, quantity: line.quantity, voided: lineVoided });
    }
    voided += lineVoided;
  }
  return voided;
}

/** The issue's cards still waiting to be claimed, in the order they were issued. */
async function stillPending(cardIds: string[]): Promise<string[]> {
  const ids = new Set(await stores().cards.pendingAmong(cardIds));
  return cardIds.filter((id) => ids.has(id));
}

/**
 * What a refund of `units` voids among the cards still waiting: one per unit (a second refund takes the next),
 * the line's single card once the whole line is refunded (by this refund and those since the issue).
 */
function refundedCards(issue: OrderIssueRecord, pending: string[], units: number, refundedBefore: number): string[] {
  if (issue.cardIds.length <= 1) return refundedBefore + units >= issue.quantity ? pending : [];
  return pending.slice(Math.max(0, pending.length - units));
}

/** Voids `cardIds`; the issue is VOIDED once every card of it is (a claimed one keeps it as it was: the admin shows it claimed). */
async function voidIssue(shop: string, issue: OrderIssueRecord, cardIds: string[], reason: string): Promise<number> {
  const count = await voidPendingCards(shop, cardIds, reason);
  const notVoid = await stores().cards.countNotVoid(issue.cardIds);
  if (notVoid === 0) await stores().orders.markIssueVoided(issue.id, reason);
  return count;
}

/** The order as Shopify has it now, for a void by hand: cancelled, and each line's quantity after refunds (numeric line ids). */
export interface OrderStateNow {
  cancelled: boolean;
  lineQuantities: Record<string, number>;
}

/**
 * The unclaimed cards of one issue that its order's state voids: every one of a cancelled order's; of a refunded
 * line, those beyond the units still bought (the line's single card once nothing of it is left). Empty when the
 * order stands as issued.
 */
export async function voidableCards(issue: OrderIssueRecord, state: OrderStateNow): Promise<{ cardIds: string[]; reason: string }> {
  const pending = await stillPending(issue.cardIds);
  if (state.cancelled) return { cardIds: pending, reason: `Order ${issue.orderName} was cancelled` };
  const left = state.lineQuantities[issue.lineItemId] ?? issue.quantity;
  if (left >= issue.quantity || pending.length === 0) return { cardIds: [], reason: "" };
  const refunded = `Order ${issue.orderName} was refunded`;
  if (issue.cardIds.length <= 1) return { cardIds: left === 0 ? pending : [], reason: refunded };
  const excess = (await stores().cards.countNotVoid(issue.cardIds)) - left;
  return { cardIds: excess > 0 ? pending.slice(Math.max(0, pending.length - excess)) : [], reason: refunded };
}

/**
 * Voids by hand (the order page's Void in Shopify admin) what a cancelled order or a refunded line left unclaimed,
 * when the automation did not (the order changed before a rule's edition, a webhook that never came): the same
 * void as the webhook's, so the cards' events, withdrawn messages and the issue's status are the same. How many.
 */
export async function voidOrderIssue(shop: string, orderId: string, issueId: string, state: OrderStateNow): Promise<number> {
  return stores().transaction(async () => {
    const issue = (await stores().orders.issuesForOrder(shop, orderId)).find((row) => row.id === issueId);
    if (!issue) throw notFound("Order issue");
    const { cardIds, reason } = await voidableCards(issue, state);
    if (cardIds.length === 0) throw conflict(NOTHING_TO_VOID);
    return voidIssue(shop, issue, cardIds, reason);
  });
}

/** Why Void was refused: the order stands as issued, or its cards were all claimed or voided already. */
export const NOTHING_TO_VOID = "Nothing unclaimed to void: the order is neither cancelled nor refunded, or its cards were claimed";

/** Works the webhooks of a FAILED issue again (the admin's Retry): the next pass issues it if it can. */
export async function retryOrderIssue(shop: string, issueId: string): Promise<void> {
  const issue = await stores().orders.failedIssue(shop, issueId);
  if (!issue) return;
  await requeue(shop, await webhooksOfIssue(shop, issue));
}

/**
 * Works again the orders whose items wait for the shop's plan (PLAN_LIMIT), once the shop upgraded or the month
 * turned: the order worker issues them, exactly once (OrderIssue is unique per rule, line and moment). How many waited.
 */
export async function releaseHeldOrders(shop: string): Promise<number> {
  const held = await stores().orders.heldIssues(shop);
  const ids = new Set<string>();
  for (const issue of held) for (const id of await webhooksOfIssue(shop, issue)) ids.add(id);
  await requeue(shop, [...ids]);
  return held.length;
}

/** The recorded webhooks that issue at the issue's moment. */
async function webhooksOfIssue(shop: string, issue: OrderIssueRecord): Promise<string[]> {
  const topic = issue.moment === "paid" ? "orders/paid" : "fulfillments/create";
  const webhooks = await stores().orders.webhooksFor(shop, issue.orderId, topic);
  const fulfillmentId = issue.moment.startsWith("fulfillment:") ? issue.moment.slice("fulfillment:".length) : null;
  return webhooks.filter((row) => fulfillmentId === null || row.detail.id === fulfillmentId).map((row) => row.id);
}

/** Works a webhook that failed (or was skipped) again: the admin's Retry on the Automation page. */
export async function retryOrderWebhook(shop: string, id: string): Promise<void> {
  await requeue(shop, [id]);
}

async function requeue(shop: string, ids: string[]) {
  if (ids.length === 0) return;
  // Not one being worked right now: its worker records the outcome.
  await stores().orders.requeueWebhooks(shop, ids);
}

/** A recorded order webhook as the admin lists it. */
export interface OrderWebhookView {
  id: string;
  topic: string;
  orderId: string;
  status: string;
  outcome: string | null;
  lastError: string | null;
  attempts: number;
  createdAt: string;
}

/** The shop's latest order webhooks, newest first: what arrived and what became of it. */
export async function recentOrderWebhooks(shop: string, limit = 20): Promise<OrderWebhookView[]> {
  const rows = await stores().orders.recentWebhooks(shop, limit);
  return rows.map((row) => ({
    id: row.id,
    topic: row.topic,
    orderId: row.orderId,
    status: row.status,
    outcome: row.outcome,
    lastError: row.lastError,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
  }));
}
