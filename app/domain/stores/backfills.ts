/** Where a rule applied to past orders stands (docs/decisions/0051-backfill.md). */
export type BackfillPhase = "LISTING" | "BULK" | "READY" | "ISSUING" | "FINISHED" | "DISCARDED" | "FAILED";

/** A rule applied to the orders paid in its last `days` days (RuleBackfill). */
export interface BackfillRecord {
  id: string;
  shop: string;
  ruleId: string;
  days: number;
  since: Date;
  phase: BackfillPhase;
  /** The listing's outbox status: PENDING, WORKING, DONE or FAILED. */
  status: string;
  attempts: number;
  lastError: string | null;
  bulkOperationId: string | null;
  /** The orders to issue for (numeric ids), once listed. */
  orderIds: string[];
  /** Orders of the range that match the rule but were cancelled or refunded. */
  skipped: number;
  createdAt: Date;
  finishedAt: Date | null;
}

export type NewBackfill = Pick<BackfillRecord, "id" | "shop" | "ruleId" | "days" | "since">;

/** How the order webhooks a backfill recorded ended, so far. */
export interface BackfillTally {
  total: number;
  issued: number;
  alreadyIssued: number;
  skipped: number;
  failed: number;
}

/** Backfills (RuleBackfill); the listing is worked by the backfill worker on the outbox loop. */
export interface BackfillStore {
  create(backfill: NewBackfill): Promise<void>;
  get(shop: string, id: string): Promise<BackfillRecord | null>;
  /** The rule's latest backfill, if any. */
  latestFor(shop: string, ruleId: string): Promise<BackfillRecord | null>;
  /** The rule's previews not yet confirmed (listing or ready) end DISCARDED; how many. */
  discardPreviews(shop: string, ruleId: string): Promise<number>;
  /**
   * READY → ISSUING, holding the rule's one running slot; false when it is not READY.
   * Throws a unique violation when another backfill of the rule issues.
   */
  startIssuing(shop: string, id: string, ruleId: string): Promise<boolean>;
  /** ISSUING → FINISHED, freeing the rule's running slot. */
  finish(id: string): Promise<void>;
  /** Every backfill of the shop; how many there were. */
  deleteForShop(shop: string): Promise<number>;
}
