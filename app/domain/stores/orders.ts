import type { OrderTopic, OrderWebhookDetail } from "../orders";
import type { BackfillTally } from "./backfills";

/** What one rule issued (or failed to) for one order line at one moment: one per rule, line and moment. */
export interface OrderIssueRecord {
  id: string;
  shop: string;
  ruleId: string;
  /** The order's numeric id. */
  orderId: string;
  /** e.g. #1001 */
  orderName: string;
  lineItemId: string;
  /** "paid", or "fulfillment:<id>" */
  moment: string;
  productTitle: string;
  quantity: number;
  /** The order's customer (numeric id); null for a guest checkout. */
  customerId: string | null;
  /** Where the claim went, masked; null when issued to the customer's universal name. */
  recipient: string | null;
  status: StoredOrderIssueStatus;
  reason: string | null;
  twinId: string | null;
  cardIds: string[];
  redemptionId: string | null;
  createdAt: Date;
}

/** ISSUED (to a universal name), WAITING (by redemption), VOIDED, FAILED, or PLAN_LIMIT (held until the shop's plan has room, decision 0050). */
export type StoredOrderIssueStatus = "ISSUED" | "WAITING" | "VOIDED" | "FAILED" | "PLAN_LIMIT";

/** An order issue with the title of its rule's target, for the lists. */
export type OrderIssueWithRule = OrderIssueRecord & { ruleTitle: string };

/** A recorded order webhook, worked by the order worker. */
export interface OrderWebhookRecord {
  id: string;
  shop: string;
  /** Shopify's webhook id: a redelivery finds its row and adds nothing. */
  webhookId: string;
  /** Shopify's event id: the same event delivered again under another webhook id finds its row too. Null for a backfill's. */
  eventId: string | null;
  topic: OrderTopic;
  orderId: string;
  detail: OrderWebhookDetail;
  /** PENDING, WORKING, DONE, SKIPPED or FAILED. */
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  /** What working it did, or why it did nothing (SKIPPED). */
  outcome: string | null;
  createdAt: Date;
}

export type NewOrderWebhook = Pick<OrderWebhookRecord, "id" | "shop" | "webhookId" | "eventId" | "topic" | "orderId" | "detail">;

/** One line of one refund, worked: how many units it took back and how many cards that voided. */
export interface OrderRefundLineRecord {
  shop: string;
  refundId: string;
  lineItemId: string;
  orderId: string;
  quantity: number;
  voided: number;
}

/** A worked refund line as stored: with when it was worked. */
export type StoredOrderRefundLine = OrderRefundLineRecord & { createdAt: Date };

/** Order issues (OrderIssue) and the order webhooks they are issued from (OrderWebhook). */
/** A rule with how many items (twins and cards) its order issues created since a date. */
export interface RuleIssuedCount {
  ruleId: string;
  targetTitle: string;
  items: number;
}

export interface OrderStore {
  /** The `limit` rules that issued the most items since `since`, most first (then by id). */
  topRules(shop: string, since: Date, limit: number): Promise<RuleIssuedCount[]>;
  /** What was recorded for the order at a moment, by rule and line (issuing again skips those not FAILED). */
  issuesAt(shop: string, orderId: string, moment: string): Promise<Pick<OrderIssueRecord, "ruleId" | "lineItemId" | "status">[]>;
  /** Records what a rule issued for a line at a moment: the one issue of that rule, line and moment, written anew. */
  saveIssue(issue: Omit<OrderIssueRecord, "createdAt">): Promise<void>;
  /** The order's issues whose cards wait to be claimed, oldest first. */
  waitingIssues(shop: string, orderId: string): Promise<OrderIssueRecord[]>;
  markIssueVoided(id: string, reason: string): Promise<void>;
  failedIssue(shop: string, id: string): Promise<OrderIssueRecord | null>;
  /** The shop's issues held by its plan's cap (PLAN_LIMIT), oldest first. */
  heldIssues(shop: string): Promise<OrderIssueRecord[]>;
  /** The shops that have issues held by their plan's cap. */
  shopsWithHeldIssues(): Promise<string[]>;
  /** A page of what a rule issued, newest first: `take` issues older than `beforeId` (from the newest without). */
  ruleActivity(shop: string, ruleId: string, page: { beforeId?: string; take: number }): Promise<OrderIssueWithRule[]>;
  /** What orders issued to a customer, newest first. */
  issuesForCustomer(shop: string, customerId: string, limit: number): Promise<OrderIssueWithRule[]>;
  /** What an order issued, oldest first; with `customerId`, only if the order is that customer's. */
  issuesForOrder(shop: string, orderId: string, customerId?: string): Promise<OrderIssueWithRule[]>;
  /** The name (e.g. `#1001`) of the order that issued the redemption's cards or the twin, if one did. */
  orderNameOf(shop: string, issued: { redemptionId: string } | { twinId: string }): Promise<string | null>;
  /** The order (numeric id) that issued the redemption's cards or the twin, and its customer (null for a guest), if one did. */
  orderOf(
    shop: string,
    issued: { redemptionId: string } | { twinId: string },
  ): Promise<{ orderId: string; customerId: string | null } | null>;
  /** The customer's issues (theirs, or sent to one of `redemptionIds`) forget whom they went to; how many. */
  forgetCustomer(shop: string, customerId: string, redemptionIds: string[]): Promise<number>;

  /** Records a webhook for the order worker; false when the shop's webhook of that id, or its event of that topic, was recorded already. */
  recordWebhook(webhook: NewOrderWebhook): Promise<boolean>;
  /** The refund's lines already worked (voided for), whatever webhook brought them. */
  workedRefundLines(shop: string, refundId: string): Promise<StoredOrderRefundLine[]>;
  /** Every worked refund line of the order, oldest first. */
  refundLinesOf(shop: string, orderId: string): Promise<StoredOrderRefundLine[]>;
  /** Records a refund's line as worked; in the voiding transaction, so a second worker's collides on it and rolls back. */
  saveRefundLine(line: OrderRefundLineRecord): Promise<void>;
  /** The order's recorded webhooks of a topic, with their detail. */
  webhooksFor(shop: string, orderId: string, topic: OrderTopic): Promise<Pick<OrderWebhookRecord, "id" | "detail">[]>;
  /** Puts finished webhooks (DONE, SKIPPED, FAILED; not one being worked) back in the queue, due now. */
  requeueWebhooks(shop: string, ids: string[]): Promise<void>;
  /** How the webhooks whose id starts with `prefix` (those a backfill recorded) ended, so far. */
  tallyWebhooks(shop: string, prefix: string, alreadyIssued: string): Promise<BackfillTally>;
  /** The shop's latest webhooks (not those a backfill recorded), newest first. */
  recentWebhooks(shop: string, limit: number): Promise<OrderWebhookRecord[]>;
  /** Every webhook of the shop, and its worked refund lines; how many webhooks there were. */
  deleteWebhooksForShop(shop: string): Promise<number>;
}
