import { fieldError, notFound } from "./errors";
import { isIdOf, newId } from "./ids";
import { afterCursor, pageLimit, toPage } from "./pagination";
import {
  issuingRuleInput,
  parseInput,
  type CardData,
  type IssuingRuleInput,
  type OrderIssueStatus,
  type RuleStatus,
  type RuleTargetType,
  type RuleTrigger,
  type Serial,
} from "./schemas";
import {
  stores,
  type IssuingRuleRecord,
  type OrderIssueRecord,
  type OrderIssueWithRule,
  type RedemptionWithCards,
  type RuleSettings,
} from "./stores";

/** An issuing rule as the admin shows it. */
export interface IssuingRule {
  id: string;
  targetType: RuleTargetType;
  targetId: string;
  targetTitle: string;
  trigger: RuleTrigger;
  issueTwin: boolean;
  card: CardData | null;
  cardPerUnit: boolean;
  /** How many items its edition may have; null: an open edition. */
  editionSize: number | null;
  /** How many its edition has issued (twins and cards): the last serial number given. */
  issuedCount: number;
  status: RuleStatus;
  createdAt: string;
  updatedAt: string;
}

export const toIssuingRule = (row: IssuingRuleRecord): IssuingRule => ({
  id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  targetTitle: row.targetTitle,
  trigger: row.trigger,
  issueTwin: row.issueTwin,
  card: row.cardTemplate,
  cardPerUnit: row.cardPerUnit,
  editionSize: row.editionSize,
  issuedCount: row.issuedCount,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ruleSettings = (rule: IssuingRuleInput): RuleSettings => ({
  targetType: rule.targetType,
  targetId: rule.targetId,
  targetTitle: rule.targetTitle,
  trigger: rule.trigger,
  issueTwin: rule.issueTwin,
  cardTemplate: rule.card,
  cardPerUnit: rule.cardPerUnit,
  editionSize: rule.editionSize,
});

/**
 * Finds a rule's target in the shop (the Admin API, asked by the face): its title now, or null when
 * the shop has no product, variant or collection with that id.
 */
export type RuleTargetLookup = (targetType: RuleTargetType, targetId: string) => Promise<{ title: string } | null>;

/**
 * The rule with its target's title as the shop has it; a target the shop does not have is refused at its
 * field. Without a lookup (callers inside the server: seeding, tests) the given title is kept.
 */
async function withShopTarget(rule: IssuingRuleInput, lookUp: RuleTargetLookup | undefined): Promise<IssuingRuleInput> {
  if (!lookUp) return rule;
  const found = await lookUp(rule.targetType, rule.targetId);
  if (!found) throw fieldError("targetId", "No such product, variant or collection in this shop: pick it again");
  return { ...rule, targetTitle: found.title.slice(0, 255) };
}

/** Saves a new, active rule; a template the domain would refuse is refused here, at its field. */
export async function createRule(shop: string, input: unknown, lookUp?: RuleTargetLookup): Promise<IssuingRule> {
  const rule = await withShopTarget(parseInput(issuingRuleInput, input), lookUp);
  return toIssuingRule(await stores().rules.create({ id: newId("rule"), shop, ...ruleSettings(rule) }));
}

/**
 * Replaces a rule's settings; what it issued before stays as issued (with the edition size it was issued
 * in). The edition size may not go below what the edition already issued: checked in the statement that
 * writes it, so an order issuing meanwhile cannot slip past.
 */
export async function updateRule(shop: string, id: string, input: unknown, lookUp?: RuleTargetLookup): Promise<IssuingRule> {
  const parsed = parseInput(issuingRuleInput, input);
  const saved = await getRuleRow(shop, id);
  // A kept target keeps its saved title: a product since deleted from the shop does not block editing the rest.
  const kept = parsed.targetType === saved.targetType && parsed.targetId === saved.targetId;
  const rule = kept ? { ...parsed, targetTitle: saved.targetTitle } : await withShopTarget(parsed, lookUp);
  return stores().transaction(async () => {
    const replaced = await stores().rules.replaceSettings(shop, id, ruleSettings(rule));
    const row = await getRuleRow(shop, id);
    if (!replaced) throw fieldError("editionSize", `The rule has already issued ${row.issuedCount}: the edition cannot be smaller`);
    return toIssuingRule(row);
  });
}

/** Pauses or resumes a rule: a paused rule issues nothing for orders that arrive meanwhile. */
export async function setRuleStatus(shop: string, id: string, status: RuleStatus): Promise<IssuingRule> {
  await getRuleRow(shop, id);
  return toIssuingRule(await stores().rules.setStatus(id, status));
}

export async function getRule(shop: string, id: string): Promise<IssuingRule> {
  return toIssuingRule(await getRuleRow(shop, id));
}

/** Every rule of the shop, newest first (a shop has a handful: no paging). */
export async function listRules(shop: string): Promise<IssuingRule[]> {
  return (await stores().rules.listForShop(shop)).map(toIssuingRule);
}

async function getRuleRow(shop: string, id: string): Promise<IssuingRuleRecord> {
  const row = isIdOf("rule", id) ? await stores().rules.findForShop(shop, id) : null;
  if (!row) throw notFound("Issuing rule");
  return row;
}

/** What one rule issued for one order line at one moment, with its state now. */
export interface OrderIssueView {
  id: string;
  ruleId: string;
  ruleTitle: string;
  orderId: string;
  orderName: string;
  lineItemId: string;
  /** "paid" or "fulfillment:<id>" */
  moment: string;
  productTitle: string;
  quantity: number;
  customerId: string | null;
  /** Where the claim message went, masked; null when issued to the customer's universal name. */
  recipient: string | null;
  status: OrderIssueStatus;
  /** Why it failed or was voided. */
  reason: string | null;
  twinId: string | null;
  cardIds: string[];
  /** The numbers its twin and cards have in the rule's edition, by item id (issued before numbering: none). */
  serials: Record<string, Serial>;
  createdAt: string;
}

/**
 * The status a person sees: WAITING becomes CLAIMED once its code was redeemed
 * and VOIDED once none of its cards can be claimed any more.
 */
async function withState(rows: OrderIssueWithRule[]): Promise<OrderIssueView[]> {
  const redemptionIds = rows.flatMap((row) => (row.status === "WAITING" && row.redemptionId ? [row.redemptionId] : []));
  const [redemptions, serials] = await Promise.all([
    redemptionIds.length ? stores().cards.redemptionsWithCards(redemptionIds) : [],
    serialsOf(rows),
  ]);
  const byId = new Map(redemptions.map((redemption) => [redemption.id, redemption]));
  return rows.map((row) => toOrderIssueView(row, serials, row.redemptionId ? byId.get(row.redemptionId) : undefined));
}

/** The serial numbers of the twins and cards `rows` issued, by item id. */
async function serialsOf(rows: OrderIssueRecord[]): Promise<Map<string, Serial>> {
  const twinIds = rows.flatMap((row) => (row.twinId ? [row.twinId] : []));
  const cardIds = rows.flatMap((row) => row.cardIds);
  const [twins, cards] = await Promise.all([
    twinIds.length ? stores().names.twinSerials(twinIds) : [],
    cardIds.length ? stores().cards.serialsOf(cardIds) : [],
  ]);
  return new Map([...twins, ...cards].map((item) => [item.id, { serialNumber: item.serialNumber!, editionSize: item.editionSize }]));
}

function toOrderIssueView(
  row: OrderIssueWithRule,
  serials: Map<string, Serial>,
  redemption?: RedemptionWithCards<"id" | "status">,
): OrderIssueView {
  const cardIds = row.cardIds;
  let status: OrderIssueStatus = row.status;
  if (status === "WAITING" && redemption) {
    const mine = redemption.cards.filter((card) => cardIds.includes(card.id));
    if (mine.length > 0 && mine.every((card) => card.status === "VOID")) status = "VOIDED";
    else if (redemption.redeemedAt) status = "CLAIMED";
  }
  return {
    id: row.id,
    ruleId: row.ruleId,
    ruleTitle: row.ruleTitle,
    orderId: row.orderId,
    orderName: row.orderName,
    lineItemId: row.lineItemId,
    moment: row.moment,
    productTitle: row.productTitle,
    quantity: row.quantity,
    customerId: row.customerId,
    recipient: row.recipient,
    status,
    reason: row.reason,
    twinId: row.twinId,
    cardIds,
    serials: Object.fromEntries([row.twinId, ...cardIds].flatMap((id) => (id && serials.has(id) ? [[id, serials.get(id)!]] : []))),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of what a rule issued, newest first. */
export async function ruleActivity(
  shop: string,
  ruleId: string,
  options: { cursor?: string; limit?: number } = {},
): Promise<{ issues: OrderIssueView[]; nextCursor: string | null }> {
  await getRuleRow(shop, ruleId);
  const limit = pageLimit(options.limit, 50);
  // One more than the page, to know whether another follows.
  const beforeId = afterCursor(options.cursor, "iss").id?.lt;
  const rows = await stores().orders.ruleActivity(shop, ruleId, { beforeId, take: limit + 1 });
  const { page, nextCursor } = toPage(rows, limit);
  return { issues: await withState(page), nextCursor };
}

/** What orders issued to one customer, newest first (the admin's customer page). */
export async function issuesForCustomer(shop: string, customerId: string, limit = 50): Promise<OrderIssueView[]> {
  return withState(await stores().orders.issuesForCustomer(shop, customerId, limit));
}

/**
 * What one order issued, oldest first. With `customerId`, only when the order
 * is that customer's (the order-status block): another's order is empty.
 */
export async function issuesForOrder(shop: string, orderId: string, customerId?: string): Promise<OrderIssueView[]> {
  return withState(await stores().orders.issuesForOrder(shop, orderId, customerId));
}
