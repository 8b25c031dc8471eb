import type { Prisma, PrismaClient } from "@prisma/client";
import { db as defaultDb } from "~/db.server";
import { withoutCode, type ClaimNotificationPayload } from "~/domain/notifications.server";
import type { NotifyConfig } from "~/config.server";
import { transportsFromConfig } from "./transports/index.server";
import { DeliveryError, type Transports } from "./transports/transport";
import { backoffDelay, PollingWorker, type BackoffPolicy } from "~/lib/polling-worker";

export interface DispatcherOptions {
  transports: Transports;
  db?: PrismaClient;
  /** Attempts before a row is FAILED (NOTIFY_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Wait between polls when nothing is due (NOTIFY_POLL_MS). */
  pollMs?: number;
  /** How long a claimed row belongs to this dispatcher (NOTIFY_LEASE_MS); longer than any one send. */
  leaseMs?: number;
  /** First retry delay, doubled per attempt (NOTIFY_BACKOFF_BASE_MS), capped at backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Due rows read per poll (NOTIFY_BATCH_SIZE); each is still claimed on its own. */
  batchSize?: number;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: Prisma.NotificationWhereInput;
  log?: Pick<Console, "info" | "warn" | "error">;
  random?: () => number;
}

type Outcome = "SENT" | "RETRY" | "FAILED" | "LOST";

/**
 * Drains the claim-notification outbox (docs/decisions/0015-notification-delivery.md).
 *
 * A row is claimed with one conditional update — PENDING and due, or SENDING
 * with an expired lease — to SENDING with `lockedUntil` = now + lease, so of
 * several dispatchers (threads or processes) exactly one gets it. The outcome
 * is written only while this dispatcher still holds that lease. A dispatcher
 * that dies leaves its row SENDING; it is claimed again once the lease expires
 * (at least once delivery).
 */
export class Dispatcher extends PollingWorker {
  private readonly db: PrismaClient;
  private readonly transports: Transports;
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly backoffPolicy: BackoffPolicy;
  private readonly batchSize: number;
  private readonly where: Prisma.NotificationWhereInput;

  constructor(options: DispatcherOptions) {
    super("Notification dispatcher", options.pollMs ?? 1000, options.log ?? console);
    this.db = options.db ?? defaultDb;
    this.transports = options.transports;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoffPolicy = {
      baseMs: options.backoffBaseMs ?? 30_000,
      maxMs: options.backoffMaxMs ?? 6 * 60 * 60 * 1000,
      random: options.random ?? Math.random,
    };
    this.batchSize = options.batchSize ?? 20;
    this.where = options.where ?? {};
  }

  protected override async close() {
    for (const transport of new Set(Object.values(this.transports))) await transport.close?.();
  }

  private due(now: Date): Prisma.NotificationWhereInput {
    return {
      AND: [
        this.where,
        { OR: [{ status: "PENDING", nextAttemptAt: { lte: now } }, { status: "SENDING", lockedUntil: { lt: now } }] },
      ],
    };
  }

  /** Claims and delivers due rows, one at a time; resolves with how many rows this dispatcher handled. */
  protected async dueIds(): Promise<string[]> {
    const rows = await this.db.notification.findMany({
      where: this.due(new Date()),
      select: { id: true },
      orderBy: { nextAttemptAt: "asc" },
      take: this.batchSize,
    });
    return rows.map((row) => row.id);
  }

  /** Claims one row and delivers it; undefined when another dispatcher had it. */
  protected async processOne(id: string): Promise<Outcome | undefined> {
    const now = new Date();
    const lease = new Date(now.getTime() + this.leaseMs);
    const claimed = await this.db.notification.updateMany({
      where: { id, ...this.due(now) },
      data: { status: "SENDING", lockedUntil: lease, attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) return undefined;
    const row = await this.db.notification.findUniqueOrThrow({ where: { id } });
    const held: Prisma.NotificationWhereInput = { id, status: "SENDING", lockedUntil: lease };

    // Only a row whose dispatcher died mid-send gets here with its attempts spent.
    if (row.attempts > this.maxAttempts) {
      return this.record(held, "FAILED", {
        status: "FAILED",
        lockedUntil: null,
        attempts: this.maxAttempts,
        lastError: row.lastError ?? "Gave up: the dispatcher stopped during the last attempt",
      });
    }

    const payload = row.payload as unknown as ClaimNotificationPayload | null;
    const transport = this.transports[row.channel as keyof Transports];
    try {
      if (!transport) throw new DeliveryError(`No transport for channel ${row.channel}`, true);
      if (!payload || typeof payload.code !== "string" || typeof payload.claimUrl !== "string") {
        throw new DeliveryError("The notification no longer holds a code to send", true);
      }
      const { providerMessageId } = await transport.send({ id: row.id, shop: row.shop, channel: row.channel, destination: row.destination, payload });
      // Delivered: the code leaves the outbox (docs/decisions/0009-outbox.md).
      const rest = withoutCode(payload);
      return this.record(held, "SENT", {
        status: "SENT",
        sentAt: new Date(),
        providerMessageId,
        lastError: null,
        lockedUntil: null,
        payload: rest as unknown as Prisma.InputJsonObject,
      });
    } catch (error) {
      const failure = error instanceof DeliveryError ? error : new DeliveryError((error as Error)?.message ?? String(error), false);
      const lastError = failure.message.slice(0, 1000);
      if (failure.permanent || row.attempts >= this.maxAttempts) {
        this.log.error(`Notification ${row.id} (${row.channel}) FAILED after ${row.attempts} attempt(s): ${lastError}`);
        return this.record(held, "FAILED", { status: "FAILED", lockedUntil: null, lastError });
      }
      const delay = this.backoff(row.attempts, failure.retryAfterMs);
      this.log.warn(`Notification ${row.id} (${row.channel}) attempt ${row.attempts} failed, retrying in ${delay} ms: ${lastError}`);
      return this.record(held, "RETRY", { status: "PENDING", lockedUntil: null, lastError, nextAttemptAt: new Date(Date.now() + delay) });
    }
  }

  /** Writes the outcome only if the lease is still this dispatcher's. */
  private async record(held: Prisma.NotificationWhereInput, outcome: Outcome, data: Prisma.NotificationUpdateManyMutationInput): Promise<Outcome> {
    const updated = await this.db.notification.updateMany({ where: held, data });
    if (updated.count === 1) return outcome;
    this.log.warn(`Notification ${String(held.id)}: lease lost before recording ${outcome} (another dispatcher or an admin took it over)`);
    return "LOST";
  }

  backoff(attempts: number, retryAfterMs = 0): number {
    return backoffDelay(this.backoffPolicy, attempts, retryAfterMs);
  }
}

/** A dispatcher as `npm start` and `npm run worker` run it, from the environment. */
export function dispatcherFromConfig(config: NotifyConfig, options: Partial<DispatcherOptions> = {}): Dispatcher {
  return new Dispatcher({
    transports: transportsFromConfig(config),
    maxAttempts: config.NOTIFY_MAX_ATTEMPTS,
    pollMs: config.NOTIFY_POLL_MS,
    leaseMs: config.NOTIFY_LEASE_MS,
    backoffBaseMs: config.NOTIFY_BACKOFF_BASE_MS,
    backoffMaxMs: config.NOTIFY_BACKOFF_MAX_MS,
    batchSize: config.NOTIFY_BATCH_SIZE,
    ...options,
  });
}
