import { OutboxError } from "./outbox-error";
import { backoffDelay, PollingWorker, type BackoffPolicy } from "./polling-worker";

/**
 * The slice of a Prisma model the outbox loop uses. Every outbox table has
 * `id`, `status` (PENDING, a held status, then final ones), `nextAttemptAt`
 * and `lockedUntil`.
 */
export interface OutboxDelegate {
  findMany(args: {
    where: object;
    select: { id: true; status: true };
    orderBy?: { nextAttemptAt: "asc" };
    take: number;
  }): Promise<{ id: string; status: string }[]>;
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
  /** Runs `work` in one transaction of the table's database, or in the caller's when one is open. */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Whether a failed write may land if tried again later (the database restarting, unreachable or busy). */
  isTransient(error: unknown): boolean;
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
    return {
      AND: [
        where,
        {
          OR: [
            { status: "PENDING", nextAttemptAt: { lte: now } },
            { status: heldStatus, lockedUntil: { lt: now } },
          ],
        },
      ],
    };
  }

  /** Ids of rows due now, the longest due first, at most `take`. */
  async dueIds(now: Date, take: number): Promise<string[]> {
    const rows = await this.options.delegate.findMany({
      where: this.due(now),
      select: { id: true, status: true },
      orderBy: { nextAttemptAt: "asc" },
      take,
    });
    return rows.map((row) => row.id);
  }

  /** The row's status now; undefined when it is gone. */
  async statusOf(id: string): Promise<string | undefined> {
    const [row] = await this.options.delegate.findMany({ where: { id }, select: { id: true, status: true }, take: 1 });
    return row?.status;
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.options.transaction(work);
  }

  isTransient(error: unknown): boolean {
    return this.options.isTransient(error);
  }

  /** Holds the row until `lease`; null when another worker had it (or it is gone). */
  async claim(id: string, now: Date, lease: Date): Promise<Job | null> {
    const { delegate, heldStatus, claimData } = this.options;
    const claimed = await delegate.updateMany({
      where: { id, ...this.due(now) },
      data: { ...claimData, status: heldStatus, lockedUntil: lease },
    });
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
  /** Rows handled at once by one worker. */
  concurrency: number;
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
  /** Rows handled at once by one worker. */
  concurrency?: number;
  log?: Pick<Console, "info" | "warn" | "error">;
  random?: () => number;
}

/** The loop's settings from a kind's tuning and its defaults. */
export function outboxSettings(
  tuning: OutboxTuning,
  defaults: {
    maxAttempts: number;
    leaseMs: number;
    backoffBaseMs: number;
    backoffMaxMs: number;
    unknownErrorsRetryable: boolean;
    concurrency?: number;
  },
): OutboxWorkerOptions {
  const concurrency = tuning.concurrency ?? defaults.concurrency ?? 1;
  return {
    maxAttempts: tuning.maxAttempts ?? defaults.maxAttempts,
    pollMs: tuning.pollMs ?? 1000,
    leaseMs: tuning.leaseMs ?? defaults.leaseMs,
    backoff: {
      baseMs: tuning.backoffBaseMs ?? defaults.backoffBaseMs,
      maxMs: tuning.backoffMaxMs ?? defaults.backoffMaxMs,
      random: tuning.random ?? Math.random,
    },
    // Enough due rows per poll to keep every lane busy for a while.
    batchSize: tuning.batchSize ?? Math.max(20, 4 * concurrency),
    concurrency,
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

/** The first wait between tries to record an outcome while the database is away, doubled per try up to the last. */
const RECORD_RETRY_FIRST_MS = 100;
const RECORD_RETRY_MAX_MS = 5_000;
/** How long a stopping worker still tries to record an outcome before it gives up (and the row may be handled again). */
const RECORD_RETRY_WHEN_STOPPING_MS = 8_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The outbox loop every kind of background job shares (claim notifications, NFT
 * mints, webhook deliveries, order webhooks): poll, claim rows one at a time
 * (several lanes at once), handle each, record the outcome under the lease,
 * retry with exponential backoff and jitter or give up, with one classification
 * of failures (OutboxError.retryable). A kind says which table and how to handle one row.
 *
 * An outcome is recorded durably (decision 0030): once a message is sent, the
 * worker keeps trying to write SENT through a database outage, and meanwhile
 * never claims that row again, so a living worker sends nothing twice.
 */
export abstract class OutboxWorker<Job, C extends Claim = Claim> extends PollingWorker {
  /** Rows whose outcome this worker holds but has not written yet. */
  private readonly unrecorded = new Set<string>();

  constructor(
    name: string,
    protected readonly table: OutboxTable<Job>,
    protected readonly settings: OutboxWorkerOptions,
  ) {
    super(name, settings.pollMs, settings.log, settings.concurrency);
  }

  /** Handles one claimed row; resolves with the outcome it recorded. */
  protected abstract handle(job: Job, claim: { id: string; lease: Date }): Promise<string>;

  protected dueIds(): Promise<string[]> {
    return this.table.dueIds(new Date(), this.settings.batchSize);
  }

  protected async processOne(id: string): Promise<string | undefined> {
    // Its lease may have run out while its outcome waits for the database: it is still this worker's.
    if (this.unrecorded.has(id)) return undefined;
    const now = new Date();
    const lease = new Date(now.getTime() + this.settings.leaseMs);
    const job = await this.table.claim(id, now, lease);
    return job === null ? undefined : this.handle(job, { id, lease });
  }

  /**
   * What a kind writes in the same transaction as an outcome (its event, say),
   * through the database that follows the open transaction.
   */
  protected async alongside(_claim: C, _outcome: string): Promise<void> {}

  /**
   * Writes an outcome once, with what goes along with it, in the caller's
   * transaction when one is open; "LOST" when the lease is no longer this worker's.
   */
  protected async writeOutcome<O extends string>(claim: C, outcome: O, data: object): Promise<O | "LOST"> {
    const written = await this.table.transaction(async () => {
      if (!(await this.table.write(claim.id, claim.lease, data))) return false;
      await this.alongside(claim, outcome);
      return true;
    });
    if (written) return outcome;
    this.log.warn(`${claim.label}: lease lost before recording ${outcome} (another worker or an admin took it over)`);
    return "LOST";
  }

  /**
   * Records an outcome (writeOutcome in a transaction of its own), trying again
   * while the database is away: 100 ms doubling to 5 s between tries, for as
   * long as the process runs (8 s more once it is stopping). The row is not
   * claimed again by this worker meanwhile. A write whose answer was lost may
   * have landed: the row already showing the outcome counts as recorded.
   */
  protected async record<O extends string>(claim: C, outcome: O, data: { status?: string } & Record<string, unknown>): Promise<O | "LOST"> {
    this.unrecorded.add(claim.id);
    let stoppingSince: number | undefined;
    try {
      for (let tries = 1; ; tries++) {
        try {
          if (tries > 1 && data.status !== undefined && (await this.table.statusOf(claim.id)) === data.status) return outcome;
          const written = await this.writeOutcome(claim, outcome, data);
          if (tries > 1) this.log.info(`${claim.label}: ${outcome} recorded at try ${tries}`);
          return written;
        } catch (error) {
          if (this.stopping) stoppingSince ??= Date.now();
          const givingUp = stoppingSince !== undefined && Date.now() - stoppingSince >= RECORD_RETRY_WHEN_STOPPING_MS;
          if (!this.table.isTransient(error) || givingUp) {
            this.log.error(`${claim.label}: could not record ${outcome}; the row may be handled again once its lease expires:`, error);
            throw error;
          }
          const wait = Math.min(RECORD_RETRY_MAX_MS, RECORD_RETRY_FIRST_MS * 2 ** (tries - 1));
          if (tries === 1)
            this.log.warn(
              `${claim.label}: ${outcome}, but the database is unavailable; recording it again every ≤ ${RECORD_RETRY_MAX_MS / 1000} s: ${(error as Error)?.message ?? String(error)}`,
            );
          await delay(wait);
        }
      }
    } finally {
      this.unrecorded.delete(claim.id);
    }
  }

  /** Ends the row FAILED with `reason`. */
  protected fail(claim: C, attempts: number, reason: string) {
    this.log.error(`${claim.label} FAILED after ${attempts} attempt(s): ${reason}`);
    return this.record(claim, "FAILED", { status: "FAILED", lockedUntil: null, lastError: reason });
  }

  /**
   * Attempt number `attempts` failed: FAILED when the error cannot be retried or
   * it was the last attempt, else PENDING again after the backoff.
   */
  protected retryOrFail(claim: C, attempts: number, error: unknown) {
    const failure = this.classify(error);
    const reason = this.describe(failure).slice(0, 1000);
    if (!failure.retryable || attempts >= this.settings.maxAttempts) return this.fail(claim, attempts, reason);
    const delay = this.backoff(attempts, failure.retryAfterMs);
    this.log.warn(`${claim.label} attempt ${attempts} failed, retrying in ${delay} ms: ${reason}`);
    return this.record(claim, "RETRY", {
      status: "PENDING",
      lockedUntil: null,
      lastError: reason,
      nextAttemptAt: new Date(Date.now() + delay),
    });
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
