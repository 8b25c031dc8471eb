import type { CardData, RuleStatus, RuleTargetType, RuleTrigger } from "../schemas";

/** An issuing rule as stored (docs/decisions/0029-issue-at-purchase.md). */
export interface IssuingRuleRecord {
  id: string;
  shop: string;
  targetType: RuleTargetType;
  /** The Shopify GID of the product, variant or collection. */
  targetId: string;
  /** Its title when the rule was saved. */
  targetTitle: string;
  trigger: RuleTrigger;
  issueTwin: boolean;
  /** The card an order line issues; null: no card. */
  cardTemplate: CardData | null;
  /** true: one card per unit on the line; false: one per line. */
  cardPerUnit: boolean;
  status: RuleStatus;
  createdAt: Date;
  updatedAt: Date;
  /** How many items the rule's edition may have; null: an open edition. */
  editionSize: number | null;
  /** How many numbers the edition has given out: the last serial number issued. */
  issuedCount: number;
}

/** What the merchant sets of a rule. */
export type RuleSettings = Pick<
  IssuingRuleRecord,
  "targetType" | "targetId" | "targetTitle" | "trigger" | "issueTwin" | "cardTemplate" | "cardPerUnit" | "editionSize"
>;

/** The first of the numbers taken, or why none were: the edition has fewer than asked left. */
export type TakenNumbers = { ok: true; first: number; editionSize: number | null } | { ok: false; issued: number; editionSize: number };

export interface IssuingRuleStore {
  /** Saves a new rule, active, with nothing issued. */
  create(rule: RuleSettings & { id: string; shop: string }): Promise<IssuingRuleRecord>;
  findForShop(shop: string, id: string): Promise<IssuingRuleRecord | null>;
  /** The shop's rules, newest first. */
  listForShop(shop: string): Promise<IssuingRuleRecord[]>;
  /** The shop's active rules for a trigger, oldest first. */
  activeFor(shop: string, trigger: RuleTrigger): Promise<IssuingRuleRecord[]>;
  /**
   * Replaces the rule's settings unless its edition has already issued more than the new edition size
   * (checked in the statement that writes them); false when it has (or the rule is gone).
   */
  replaceSettings(shop: string, id: string, settings: RuleSettings): Promise<boolean>;
  setStatus(id: string, status: RuleStatus): Promise<IssuingRuleRecord>;
  /**
   * Takes the next `count` serial numbers of the rule's edition, in the caller's transaction: numbers
   * are given back when it rolls back, so an edition has no gap (docs/decisions/0033-serial-numbers.md).
   */
  takeNumbers(ruleId: string, count: number): Promise<TakenNumbers>;
  /** Every rule of the shop and, with them, what they issued (OrderIssue); how many rules there were. */
  deleteForShop(shop: string): Promise<number>;
}
