import { orderWebhookQueue, type OrderWebhookFilter } from "~/db/stores/orders.server";
import { issueFromOrder, voidFromOrder, type OrderWorkResult } from "~/domain/order-issuing.server";
import { releaseWhereRoom } from "~/domain/plan-changes.server";
import type { OrderMoment, OrderSnapshot } from "~/domain/orders";
import type { OrderWebhookRecord } from "~/domain/stores";
import { OutboxError } from "~/lib/outbox-error";
import { outboxSettings, OutboxTable, OutboxWorker, type Claim, type OutboxTuning } from "~/lib/outbox-worker";

/** Reads an order from the shop's Admin API: null when the shop has no such order, "not-installed" without an access token for the shop. */
export type OrderSource = (shop: string, orderId: string) => Promise<OrderSnapshot | null | "not-installed">;

export interface OrderWorkerOptions extends OutboxTuning {
  source: OrderSource;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: OrderWebhookFilter;
}

const RELEASE_EVERY_MS = 60_000;

/** The outcome was computed, but the lease went to another worker meanwhile: roll the work back. */
class LeaseLost extends Error {}

/**
 * Works recorded order webhooks with the shared outbox loop
 * (docs/decisions/0029-issue-at-purchase.md): reads the order from Shopify, then
 * issues (orders/paid, fulfillments/create) or voids (orders/cancelled,
 * refunds/create) in one transaction with the outcome, written only while this
 * worker's lease holds — a crash or a lost lease leaves nothing half-issued,
 * and the next attempt finds what was issued (OrderIssue is unique per rule,
 * line and moment). Admin API failures are retried with backoff.
 */
export class OrderWorker extends OutboxWorker<OrderWebhookRecord> {
  private readonly source: OrderSource;
  private nextReleaseAt = 0;

  constructor(options: OrderWorkerOptions) {
    super(
      "Order worker",
      new OutboxTable({ ...orderWebhookQueue, where: options.where }),
      // About a day of retries at 10 s doubling to 1 h: Shopify outages and expired tokens get time to clear.
      outboxSettings(options, {
        maxAttempts: 30,
        leaseMs: 120_000,
        backoffBaseMs: 10_000,
        backoffMaxMs: 60 * 60 * 1000,
        unknownErrorsRetryable: true,
      }),
    );
    this.source = options.source;
  }

  /** Also, once a minute: order items the plan's cap held go back to work where there is room again (the month turned). */
  protected override async dueIds(): Promise<string[]> {
    if (Date.now() >= this.nextReleaseAt) {
      this.nextReleaseAt = Date.now() + RELEASE_EVERY_MS;
      await releaseWhereRoom().catch((error: unknown) => this.log.warn("Order worker: releasing held order items failed:", error));
    }
    return super.dueIds();
  }

  protected async handle(job: OrderWebhookRecord, { id, lease }: { id: string; lease: Date }): Promise<string> {
    const claim: Claim = { id, lease, label: `Order webhook ${id} (${job.topic}, order ${job.orderId}, ${job.shop})` };
    try {
      const work = await this.prepare(job);
      return await orderWebhookQueue.transaction(async () => {
        const result = await work();
        // In the work's own transaction: the outcome lands with what was issued, or neither does.
        const recorded = await this.writeOutcome(claim, result.status, {
          status: result.status,
          outcome: result.outcome,
          lockedUntil: null,
          lastError: null,
        });
        if (recorded === "LOST") throw new LeaseLost();
        return recorded;
      });
    } catch (error) {
      if (error instanceof LeaseLost) return "LOST";
      return this.retryOrFail(claim, job.attempts, error);
    }
  }

  /** Reads what the work needs from outside (no transaction is open meanwhile); returns the work itself. */
  private async prepare(job: OrderWebhookRecord): Promise<() => Promise<OrderWorkResult>> {
    const { topic, detail } = job;
    if (topic === "orders/cancelled" || topic === "refunds/create") return () => voidFromOrder(job.shop, job.orderId, topic, detail);
    const order = await this.readOrder(job.shop, job.orderId);
    if (order === "not-installed")
      return async () => ({ status: "SKIPPED", outcome: "The app is not installed on this shop (no access token): nothing issued" });
    if (order === null) return async () => ({ status: "SKIPPED", outcome: `The shop has no order ${job.orderId}` });
    const moment: OrderMoment =
      topic === "orders/paid"
        ? { kind: "paid" }
        : { kind: "fulfillment", fulfillmentId: detail.id ?? job.webhookId, lines: detail.lines ?? [] };
    return () => issueFromOrder(job.shop, order, moment, detail.backfill?.ruleId);
  }

  private async readOrder(shop: string, orderId: string) {
    try {
      return await this.source(shop, orderId);
    } catch (error) {
      throw new OutboxError(`Could not read the order from Shopify: ${(error as Error)?.message ?? String(error)}`, true);
    }
  }
}
