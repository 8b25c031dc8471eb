import { walletPassPushQueue, type PassPushJob } from "~/db/stores/wallet-passes.server";
import { outboxSettings, OutboxTable, OutboxWorker, type OutboxTuning } from "~/lib/outbox-worker";
import type { ApnsAuth } from "./apns-auth.server";
import { apnsSender, type PassPushSender } from "./apns-client.server";

export interface PusherOptions extends OutboxTuning {
  sender?: PassPushSender;
}

/**
 * Sends the APNs pushes of changed passes (the WalletPassPush outbox, decision 0047):
 * each claimed by one worker under a lease, retried with backoff on network errors,
 * 429 and 5xx; a device token APNs refuses ends its push FAILED.
 */
export class PassPusher extends OutboxWorker<PassPushJob> {
  private readonly sender: PassPushSender;

  constructor(auth: ApnsAuth, options: PusherOptions = {}) {
    super(
      "Pass pusher",
      new OutboxTable(walletPassPushQueue),
      outboxSettings(options, {
        maxAttempts: 8,
        leaseMs: 60_000,
        backoffBaseMs: 5_000,
        backoffMaxMs: 30 * 60_000,
        unknownErrorsRetryable: true,
      }),
    );
    this.sender = options.sender ?? apnsSender(auth);
  }

  protected async handle(job: PassPushJob, held: { id: string; lease: Date }) {
    const claim = { ...held, label: `Pass push ${job.id} (${job.serialNumber})` };
    try {
      await this.sender.push(job.pushToken);
      return this.record(claim, "SENT", { status: "SENT", sentAt: new Date(), lockedUntil: null, lastError: null });
    } catch (error) {
      return this.retryOrFail(claim, job.attempts, error);
    }
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.sender.close();
  }
}
