import { OutboxError } from "./outbox-error";
import { backoffDelay, PollingWorker, type BackoffPolicy } from "./polling-worker";

/**
 * The slice of a Prisma model the outbox loop uses. Every outbox table has
 * `id`, `status` (PENDING, a held status, then final ones), `nextAttemptAt`
 * and `lockedUntil`.
 */
export interface OutboxDelegate {
  findMany(args: { where: object; select: { id: true }; orderBy: { nextAttemptAt: "asc" }; take: number }): Promise<{ id: string }[]>;
  updateMany(args: { where: object; data: object }): Promise<{ count: number }>;
}

export interface OutboxTableOptions<Job> {
  /** The model, e.g. `db.notification`, of the database the worker was given. */
  delegate: OutboxDelegate;
  /** The status of a row a worker holds, e.g. SENDING. */
  heldStatus: string;
  /** What a claim writes besides the status and the lease (e.g. counting the attempt). */
  claimData?: object;
  /** Only rows matching this as well (e.g. one shop in tests). */
  where?: object;
  /** A claimed row with what handling it needs; null when it is gone. */
  load(id: string): Promise<Job | null>;
}

/**
 * One outbox table: due rows, claimed with one conditional update (PENDING and
 * due, or held with an expired lease → held until now + lease), so of several
 * workers (threads or processes) exactly one gets a row; written afterwards
 * only while that lease is still the worker's.
 */
export class OutboxTable<Job> {
  constructor(private readonly options: OutboxTableOptions<Job>) {}

  private due(now: Date): object {
    const { heldStatus, where = {} } = this.options;
    return { AND: [where, { OR: [{ status: "PENDING", nextAttemptAt: { lte: now } }, { status: heldStatus, lockedUntil: { lt: now } }] }] };
  }

  /** Ids of rows due now, the longest due first, at most `take`. */
  async dueIds(now: Date, take: number): Promise<string[]> {
    const rows = await this.options.delegate.findMany({ where: this.due(now), select: { id: true }, orderBy: { nextAttemptAt: "asc" }, take });
    return rows.map((row) => row.id);
  }

  /** Holds the row until `lease`; null when another worker had it (or it is gone). */
  async claim(id: string, now: Date, lease: Date): Promise<Job | null> {
    const { delegate, heldStatus, claimData } = this.options;
    const claimed = await delegate.updateMany({ where: { id, ...this.due(now) }, data: { ...claimData, status: heldStatus, lockedUntil: lease } });
    return claimed.count === 1 ? this.options.load(id) : null;
  }

  /** Writes `data` only if the lease is still this worker's; false when it was lost (another worker, or an admin, took the row). */
  async write(id: string, lease: Date, data: object): Promise<boolean> {
    const updated = await this.options.delegate.updateMany({ where: { id, status: this.options.heldStatus, lockedUntil: lease }, data });
    return updated.count === 1;
  }
}

export interface OutboxWorkerOptions {
  /** How many attempts before a row is FAILED. */
  maxAttempts: number;
  /** Wait between polls when nothing is due. */
  pollMs: number;
  /** How long a claimed row belongs to this worker; longer than any one attempt. */
  leaseMs: number;
  backoff: BackoffPolicy;
  /** Due rows read per poll; each is still claimed on its own. */
  batchSize: number;
  /** Whether an error that is not an OutboxError (a bug, a library's surprise) is worth retrying. */
  unknownErrorsRetryable: boolean;
  log: Pick<Console, "info" | "warn" | "error">;
}

/** What a kind's constructor takes to tune the loop (each from its own variables: NOTIFY_*, CHAIN_*); unset ones take the kind's defaults. */
export interface OutboxTuning {
  /** Attempts before a row is FAILED. */
  maxAttempts?: number;
  /** Wait between polls when nothing is due. */
  pollMs?: number;
  /** How long a claimed row belongs to one worker; longer than any one attempt. */
  leaseMs?: number;
  /** First retry delay, doubled per attempt, capped at backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Due rows read per poll; each is still claimed on its own. */
  batchSize?: number;
  log?: Pick<Console, "info" | "warn" | "error">;
  random?: () => number;
}

/** The loop's settings from a kind's tuning and its defaults. */
export function outboxSettings(
  tuning: OutboxTuning,
  defaults: { maxAttempts: number; leaseMs: number; backoffBaseMs: number; backoffMaxMs: number; unknownErrorsRetryable: boolean },
): OutboxWorkerOptions {
  return {
    maxAttempts: tuning.maxAttempts ?? defaults.maxAttempts,
    pollMs: tuning.pollMs ?? 1000,
    leaseMs: tuning.leaseMs ?? defaults.leaseMs,
    backoff: { baseMs: tuning.backoffBaseMs ?? defaults.backoffBaseMs, maxMs: tuning.backoffMaxMs ?? defaults.backoffMaxMs, random: tuning.random ?? Math.random },
    batchSize: tuning.batchSize ?? 20,
    unknownErrorsRetryable: defaults.unknownErrorsRetryable,
    log: tuning.log ?? console,
  };
}

/** A claimed row in hand: its id, the lease it is held with, and how to name it in logs. */
export interface Claim {
  id: string;
  lease: Date;
  /** e.g. `Notification ntf_… (EMAIL)`. */
  label: string;
}

/**
 * The outbox loop every kind of background job shares (claim notifications, NFT
 * mints, and what comes: webhook deliveries, order events): poll, claim one row
 * at a time, handle it, record the outcome under the lease, retry with
 * exponential backoff and jitter or give up, with one classification of
 * failures (OutboxError.retryable). A kind says which table and how to handle one row.
 */
export abstract class OutboxWorker<Job> extends PollingWorker {
  constructor(
    name: string,
    protected readonly table: OutboxTable<Job>,
    protected readonly settings: OutboxWorkerOptions,
  ) {
    super(name, settings.pollMs, settings.log);
  }

  /** Handles one claimed row; resolves with the outcome it recorded. */
  protected abstract handle(job: Job, claim: { id: string; lease: Date }): Promise<string>;

  protected dueIds(): Promise<string[]> {
    return this.table.dueIds(new Date(), this.settings.batchSize);
  }

  protected async processOne(id: string): Promise<string | undefined> {
    const now = new Date();
    const lease = new Date(now.getTime() + this.settings.leaseMs);
    const job = await this.table.claim(id, now, lease);
    return job === null ? undefined : this.handle(job, { id, lease });
  }

  /** Writes an outcome while the lease holds; "LOST" when it no longer does. */
  protected async record<O extends string>(claim: Claim, outcome: O, data: object): Promise<O | "LOST"> {
    if (await this.table.write(claim.id, claim.lease, data)) return outcome;
    this.log.warn(`${claim.label}: lease lost before recording ${outcome} (another worker or an admin took it over)`);
    return "LOST";
  }

  /** Ends the row FAILED with `reason`. */
  protected fail(claim: Claim, attempts: number, reason: string) {
    this.log.error(`${claim.label} FAILED after ${attempts} attempt(s): ${reason}`);
    return this.record(claim, "FAILED", { status: "FAILED", lockedUntil: null, lastError: reason });
  }

  /**
   * Attempt number `attempts` failed: FAILED when the error cannot be retried or
   * it was the last attempt, else PENDING again after the backoff.
   */
  protected retryOrFail(claim: Claim, attempts: number, error: unknown) {
    const failure = this.classify(error);
    const reason = this.describe(failure).slice(0, 1000);
    if (!failure.retryable || attempts >= this.settings.maxAttempts) return this.fail(claim, attempts, reason);
    const delay = this.backoff(attempts, failure.retryAfterMs);
    this.log.warn(`${claim.label} attempt ${attempts} failed, retrying in ${delay} ms: ${reason}`);
    return this.record(claim, "RETRY", { status: "PENDING", lockedUntil: null, lastError: reason, nextAttemptAt: new Date(Date.now() + delay) });
  }

  /** What a failure is recorded as (lastError); a kind may say it in words its merchant can act on. */
  protected describe(failure: OutboxError): string {
    return failure.message;
  }

  /** Any thrown value as an OutboxError, with the kind's default for the unexpected. */
  classify(error: unknown): OutboxError {
    if (error instanceof OutboxError) return error;
    return new OutboxError((error as Error)?.message ?? String(error), this.settings.unknownErrorsRetryable);
  }

  /** The wait before attempt `attempts + 1`. */
  backoff(attempts: number, retryAfterMs = 0): number {
    return backoffDelay(this.settings.backoff, attempts, retryAfterMs);
  }
}
