import { createHmac } from "node:crypto";
import { deliveryQueue, type DeliveryFilter } from "~/db/stores/webhooks.server";
import { purgeExpiredEvents, toEvent } from "~/domain/events.server";
import { ports } from "~/domain/ports";
import { stores, type DeliveryJob } from "~/domain/stores";
import type { OutboxError } from "~/lib/outbox-error";
import { outboxSettings, OutboxTable, OutboxWorker, type Claim, type OutboxTuning } from "~/lib/outbox-worker";
import type { WebhookConfig } from "~/wiring/config.server";
import { postWebhook, WebhookPostError, type Post } from "./http-post.server";

/** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
export const FAILURE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
export const TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;
const PURGE_EVERY_MS = 60 * 60 * 1000;
export const SIGNATURE_HEADER = "Twin-Cards-Signature";

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const signature = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${signature}`;
}

export interface DelivererOptions extends OutboxTuning {
  /** How a request is sent (tests may wrap it). */
  post?: Post;
  /** The clock of the failure window (tests move it instead of waiting). */
  now?: () => Date;
  loopbackAllowed?: boolean;
  timeoutMs?: number;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: DeliveryFilter;
}

type DeliveryClaim = Claim & { endpointId: string };

/**
 * Delivers events to webhook endpoints with the shared outbox loop
 * (docs/decisions/0027-webhooks-and-events.md): at least once, signed, each
 * delivery claimed by one worker under a lease; network errors, 429 and 5xx are
 * retried with exponential backoff (Retry-After honoured) for 3 days, other
 * answers fail at once. An endpoint whose deliveries have failed for 3 days is
 * disabled. Also deletes events past their 30 days, at most once an hour.
 */
export class WebhookDeliverer extends OutboxWorker<DeliveryJob, DeliveryClaim> {
  private readonly post: Post;
  private readonly now: () => Date;
  private readonly loopbackAllowed: boolean;
  private readonly timeoutMs: number;
  private lastPurge = 0;

  constructor(options: DelivererOptions = {}) {
    super(
      "Webhook deliverer",
      // The claim and the writes under its lease are the store's (app/db/stores), joining the transaction an outcome is written in.
      new OutboxTable({ ...deliveryQueue, where: options.where }),
      // The 3-day window ends retries, not a count: enough attempts for it at 1 min doubling to 6 h.
      outboxSettings(options, {
        maxAttempts: 60,
        leaseMs: 60_000,
        backoffBaseMs: 60_000,
        backoffMaxMs: 6 * 60 * 60 * 1000,
        unknownErrorsRetryable: true,
      }),
    );
    this.post = options.post ?? postWebhook;
    this.now = options.now ?? (() => new Date());
    this.loopbackAllowed = options.loopbackAllowed ?? false;
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  protected override async dueIds(): Promise<string[]> {
    const now = this.now();
    if (now.getTime() - this.lastPurge >= PURGE_EVERY_MS) {
      this.lastPurge = now.getTime();
      const purged = await purgeExpiredEvents(now);
      if (purged > 0) this.log.info(`Webhook deliverer: deleted ${purged} event(s) older than 30 days`);
    }
    return super.dueIds();
  }

  protected async handle(job: DeliveryJob, held: { id: string; lease: Date }) {
    const { event, endpoint } = job;
    const claim: DeliveryClaim = {
      ...held,
      endpointId: endpoint.id,
      label: `Webhook delivery ${job.id} (${event.type} to ${endpoint.url})`,
    };
    if (endpoint.status !== "ENABLED") return this.fail(claim, job.attempts, "The endpoint is disabled");
    if (job.attempts > this.settings.maxAttempts)
      return this.fail(claim, job.attempts, job.lastError ?? "Gave up: the worker stopped during the last attempt");

    const body = JSON.stringify(toEvent(event));
    const now = this.now();
    try {
      const secret = ports().webhooks.openSecret(endpoint.secretSealed);
      const { status } = await this.post({
        url: endpoint.url,
        body,
        headers: {
          "Content-Type": "application/json",
          "User-Agent": "TwinCards-Webhooks/1.0",
          [SIGNATURE_HEADER]: signatureHeader(secret, body, Math.floor(now.getTime() / 1000)),
          "Twin-Cards-Event-Id": event.id,
          "Twin-Cards-Event-Type": event.type,
        },
        timeoutMs: this.timeoutMs,
        maxResponseBytes: MAX_RESPONSE_BYTES,
        loopbackAllowed: this.loopbackAllowed,
      });
      return this.record(claim, "SUCCEEDED", {
        status: "SUCCEEDED",
        responseStatus: status,
        deliveredAt: this.now(),
        lastError: null,
        lockedUntil: null,
      });
    } catch (error) {
      if (!(error instanceof WebhookPostError)) this.log.error(`${claim.label}: not sent because of an error on our side:`, error);
      const failure = this.classify(error);
      const responseStatus = error instanceof WebhookPostError ? error.responseStatus : null;
      if (!(await this.table.write(claim.id, claim.lease, { responseStatus }))) return "LOST";
      const reason = this.describe(failure).slice(0, 1000);
      if (await this.endpointFailed(endpoint.id, now, reason))
        return this.fail(claim, job.attempts, `The endpoint was disabled: ${reason}`);
      const retryAt = now.getTime() + this.backoff(job.attempts, failure.retryAfterMs);
      if (failure.retryable && retryAt > job.createdAt.getTime() + FAILURE_WINDOW_MS) {
        return this.fail(claim, job.attempts, `Gave up after 3 days: ${reason}`);
      }
      return this.retryOrFail(claim, job.attempts, failure);
    }
  }

  /**
   * lastError, which the admin and GET /v1/webhook-endpoints/{id}/deliveries show: what the endpoint
   * did, in a sentence. An error of our own (a secret that does not open, a bug) is logged, not shown.
   */
  protected override describe(failure: OutboxError): string {
    return failure instanceof WebhookPostError ? failure.message : "Not sent because of an error on our side; it is retried";
  }

  /** A success clears its endpoint's failing streak, in the same transaction. */
  protected override async alongside(claim: DeliveryClaim, outcome: string) {
    if (outcome === "SUCCEEDED") await stores().webhookEndpoints.clearFailing(claim.endpointId);
  }

  /**
   * Notes a failed delivery on its endpoint; disables the endpoint (and ends its
   * other waiting deliveries) once deliveries have failed, with no success in
   * between, for the whole window. True when it was disabled.
   */
  private async endpointFailed(endpointId: string, now: Date, reason: string): Promise<boolean> {
    await stores().webhookEndpoints.markFailing(endpointId, now);
    const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
    return stores().transaction(async () => {
      const disabledReason = `Deliveries failed for 3 days; the last: ${reason}`.slice(0, 1000);
      if (!(await stores().webhookEndpoints.disableIfFailingSince(endpointId, since, now, disabledReason))) return false;
      await stores().webhookDeliveries.failPending(endpointId, "The endpoint was disabled after failing for 3 days");
      this.log.error(`Webhook endpoint ${endpointId} disabled: ${reason}`);
      return true;
    });
  }
}

/** The deliverer `npm start` and `npm run worker` run, from the environment. */
export function webhookDelivererFromConfig(config: WebhookConfig, options: DelivererOptions = {}): WebhookDeliverer {
  return new WebhookDeliverer({ loopbackAllowed: config.loopbackAllowed, concurrency: config.WEBHOOK_CONCURRENCY, ...options });
}
