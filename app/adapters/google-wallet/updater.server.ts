import { googleWalletUpdateQueue, type GoogleWalletUpdateJob } from "~/db/stores/google-wallet.server";
import { googleObjectNow } from "~/domain/google-wallet.server";
import { outboxSettings, OutboxTable, OutboxWorker, type OutboxTuning } from "~/lib/outbox-worker";
import type { GoogleWalletAccount } from "./service-account.server";
import { walletObjectsClient, type WalletObjectUpdater } from "./wallet-objects.server";

export interface GoogleUpdaterOptions extends OutboxTuning {
  client?: WalletObjectUpdater;
}

/**
 * Sends Google Wallet object updates (the GoogleWalletUpdate outbox, decision 0048): each claimed
 * by one worker under a lease, written as the item is when sent, retried with backoff on network
 * errors, 401, 429 and 5xx. An object Google does not have (never saved) is done, not an error.
 */
export class GoogleWalletUpdater extends OutboxWorker<GoogleWalletUpdateJob> {
  private readonly client: WalletObjectUpdater;

  constructor(account: GoogleWalletAccount, options: GoogleUpdaterOptions = {}) {
    super(
      "Google Wallet updater",
      new OutboxTable(googleWalletUpdateQueue),
      outboxSettings(options, {
        maxAttempts: 8,
        leaseMs: 60_000,
        backoffBaseMs: 5_000,
        backoffMaxMs: 30 * 60_000,
        unknownErrorsRetryable: true,
      }),
    );
    this.client = options.client ?? walletObjectsClient(account);
  }

  protected async handle(job: GoogleWalletUpdateJob, held: { id: string; lease: Date }) {
    const claim = { ...held, label: `Google Wallet update ${job.id} (${job.objectId})` };
    try {
      const content = await googleObjectNow(job.objectId);
      // The object or its item is gone (the shop's data deleted): nothing left to update.
      const outcome = content ? await this.client.update(content) : "NOT_SAVED";
      return this.record(claim, "SENT", {
        status: "SENT",
        sentAt: new Date(),
        lockedUntil: null,
        lastError: outcome === "NOT_SAVED" ? "Not saved by the shopper: nothing to update" : null,
      });
    } catch (error) {
      return this.retryOrFail(claim, job.attempts, error);
    }
  }
}
