import { notificationQueue, type NotificationFilter } from "~/db/stores/notifications.server";
import { composeClaimMessage } from "~/domain/claim-messages.server";
import { recordNotificationFailed, withoutCode, type ClaimNotificationPayload } from "~/domain/notifications.server";
import type { NotificationRecord } from "~/domain/stores";
import type { NotifyConfig } from "~/wiring/config.server";
import { transportsFromConfig } from "./transports/index.server";
import { DeliveryError, type Transports } from "./transports/transport";
import { Pacer } from "~/lib/pacer";
import { outboxSettings, OutboxTable, OutboxWorker, type Claim, type OutboxTuning } from "~/lib/outbox-worker";

/** The transports, and the loop's tuning from NOTIFY_* (see dispatcherFromConfig). */
export interface DispatcherOptions extends OutboxTuning {
  transports: Transports;
  /** A provider's limit per channel, in messages per second, kept across this dispatcher's lanes; none when unset. */
  perSecond?: Partial<Record<keyof Transports, number>>;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: NotificationFilter;
}

/**
 * Drains the claim-notification outbox (docs/decisions/0015-notification-delivery.md)
 * with the shared outbox loop: a row is claimed SENDING under a lease, counting
 * the attempt, and its outcome is written only while the lease holds. A
 * dispatcher that dies leaves its row SENDING; it is claimed again once the
 * lease expires (at least once delivery).
 */
export class Dispatcher extends OutboxWorker<NotificationRecord> {
  private readonly transports: Transports;
  private readonly pacers: Partial<Record<string, Pacer>>;

  constructor(options: DispatcherOptions) {
    super(
      "Notification dispatcher",
      // The claim and the writes under its lease are the store's (app/db/stores), joining the transaction an outcome is written in.
      new OutboxTable({ ...notificationQueue, where: options.where }),
      // A transport's surprise (a full disk, a library error) may pass.
      outboxSettings(options, {
        maxAttempts: 8,
        leaseMs: 60_000,
        backoffBaseMs: 30_000,
        backoffMaxMs: 6 * 60 * 60 * 1000,
        unknownErrorsRetryable: true,
      }),
    );
    this.transports = options.transports;
    this.pacers = Object.fromEntries(
      Object.entries(options.perSecond ?? {}).flatMap(([channel, rate]) => (rate ? [[channel, new Pacer(rate)]] : [])),
    );
  }

  protected override async close() {
    for (const transport of new Set(Object.values(this.transports))) await transport.close?.();
  }

  /** FAILED is written with its notification.failed event, in one transaction. */
  protected override async alongside(claim: Claim, outcome: string) {
    if (outcome === "FAILED") await recordNotificationFailed(claim.id);
  }

  /** Delivers one claimed row. */
  protected async handle(row: NotificationRecord, held: { id: string; lease: Date }) {
    const claim = { ...held, label: `Notification ${row.id} (${row.channel})` };
    const { maxAttempts } = this.settings;
    // Only a row whose dispatcher died mid-send gets here with its attempts spent.
    if (row.attempts > maxAttempts) {
      return this.record(claim, "FAILED", {
        status: "FAILED",
        lockedUntil: null,
        attempts: maxAttempts,
        lastError: row.lastError ?? "Gave up: the dispatcher stopped during the last attempt",
      });
    }

    const payload = row.payload as unknown as ClaimNotificationPayload | null;
    const transport = this.transports[row.channel as keyof Transports];
    try {
      if (!transport) throw new DeliveryError(`No transport for channel ${row.channel}`, false);
      if (!payload || typeof payload.code !== "string" || typeof payload.claimUrl !== "string") {
        throw new DeliveryError("The notification no longer holds a code to send", false);
      }
      // Rendered now, not when queued: the shop's name, logo and templates as they are at send time.
      const { fellBack, ...message } = await composeClaimMessage(row.shop, payload);
      if (fellBack.length)
        this.log.warn(
          `${claim.label}: the shop's ${fellBack.join(", ")} template failed with this message's data; sent the default wording`,
        );
      await this.pacers[row.channel]?.turn();
      const { providerMessageId } = await transport.send({
        id: row.id,
        shop: row.shop,
        channel: row.channel,
        destination: row.destination,
        payload,
        message,
      });
      // Delivered: the code leaves the outbox (docs/decisions/0009-outbox.md).
      return this.record(claim, "SENT", {
        status: "SENT",
        sentAt: new Date(),
        providerMessageId,
        lastError: null,
        lockedUntil: null,
        payload: withoutCode(payload),
      });
    } catch (error) {
      return this.retryOrFail(claim, row.attempts, error);
    }
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
    concurrency: config.NOTIFY_CONCURRENCY,
    perSecond: { EMAIL: config.NOTIFY_EMAIL_PER_SECOND, SMS: config.NOTIFY_SMS_PER_SECOND },
    ...options,
  });
}
