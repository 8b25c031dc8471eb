import { backfillQueue, type BackfillFilter } from "~/db/stores/backfills.server";
import { backfillRule, selectOrders, type ListedOrder } from "~/domain/backfills.server";
import type { BackfillRecord, IssuingRuleRecord } from "~/domain/stores";
import { OutboxError } from "~/lib/outbox-error";
import { outboxSettings, OutboxTable, OutboxWorker, type Claim, type OutboxTuning } from "~/lib/outbox-worker";
import type { OfflineAdmin } from "./offline-admin.server";
import { bulkState, countOrders, PAGE_LIMIT, pageOrders, pastOrdersSearch, readBulkOrders, startBulk } from "./admin-past-orders.server";

export interface BackfillWorkerOptions extends OutboxTuning {
  graphqlFor: OfflineAdmin;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: BackfillFilter;
  /** Wait between two looks at a running bulk operation. */
  bulkPollMs?: number;
}

/**
 * Lists the orders of a rule applied to past orders (docs/decisions/0051-backfill.md),
 * on the shared outbox loop under a lease like the other workers: counts the
 * orders paid in the range, reads them in one page of the `orders` query when
 * there are at most PAGE_LIMIT (and none has more lines than a page reads), else starts Shopify's bulk operation and looks at
 * it again every `bulkPollMs` (the row goes back to PENDING meanwhile, so a
 * restart carries on where it stood) until its JSONL file can be read. The
 * listing is kept on the backfill (READY), for the merchant to confirm; the
 * order worker then issues.
 */
export class BackfillWorker extends OutboxWorker<BackfillRecord> {
  private readonly graphqlFor: OfflineAdmin;
  private readonly bulkPollMs: number;

  constructor(options: BackfillWorkerOptions) {
    super(
      "Backfill worker",
      new OutboxTable({ ...backfillQueue, where: options.where }),
      outboxSettings(options, {
        maxAttempts: 10,
        leaseMs: 120_000,
        backoffBaseMs: 10_000,
        backoffMaxMs: 10 * 60 * 1000,
        unknownErrorsRetryable: true,
      }),
    );
    this.graphqlFor = options.graphqlFor;
    this.bulkPollMs = options.bulkPollMs ?? 2000;
  }

  protected async handle(job: BackfillRecord, { id, lease }: { id: string; lease: Date }): Promise<string> {
    const claim: Claim = { id, lease, label: `Backfill ${id} (rule ${job.ruleId}, ${job.days} days, ${job.shop})` };
    try {
      const rule = await backfillRule(job.shop, job.ruleId);
      if (!rule) throw new OutboxError("The rule was deleted", false);
      const graphql = await this.graphqlFor(job.shop);
      if (graphql === "not-installed") throw new OutboxError("The app is not installed on this shop (no access token)", false);
      const search = pastOrdersSearch(job.since);
      // The listing says which of the rule's collections each line's product is in; a product or variant rule needs none.
      const collectionIds = rule.targetType === "COLLECTION" ? [rule.targetId] : [];
      if (job.phase === "LISTING") {
        const page = (await countOrders(graphql, search)) <= PAGE_LIMIT ? await pageOrders(graphql, search, collectionIds) : null;
        if (page) return await this.listed(claim, rule, page);
        const bulkOperationId = await startBulk(graphql, search, collectionIds);
        return await this.pollLater(claim, { phase: "BULK", bulkOperationId });
      }
      const state = await bulkState(graphql, job.bulkOperationId ?? "");
      if (state.status === "RUNNING") return await this.pollLater(claim, {});
      if (state.status === "ENDED") throw new OutboxError(state.reason, false);
      return await this.listed(claim, rule, state.url ? await readBulkOrders(state.url, collectionIds) : []);
    } catch (error) {
      return this.retryOrFail(claim, job.attempts, error);
    }
  }

  /** The orders are listed: the backfill is READY with those to issue for and the count of skipped ones. */
  private listed(claim: Claim, rule: IssuingRuleRecord, orders: ListedOrder[]) {
    const { orderIds, skipped } = selectOrders(rule, orders);
    return this.record(claim, "READY", { status: "DONE", phase: "READY", orderIds, skipped, lockedUntil: null, lastError: null });
  }

  /** Shopify's bulk operation runs: look again later (a poll is no failed attempt). */
  private pollLater(claim: Claim, data: object) {
    return this.record(claim, "POLL", {
      ...data,
      status: "PENDING",
      attempts: 0,
      lockedUntil: null,
      nextAttemptAt: new Date(Date.now() + this.bulkPollMs),
    });
  }

  /** A listing that cannot be done ends the backfill FAILED, with the reason the rule's page shows. */
  protected override fail(claim: Claim, attempts: number, reason: string) {
    this.log.error(`${claim.label} FAILED after ${attempts} attempt(s): ${reason}`);
    return this.record(claim, "FAILED", { status: "FAILED", phase: "FAILED", lockedUntil: null, lastError: reason });
  }
}
