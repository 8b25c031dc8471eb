/**
 * The loop of an outbox worker: drain what is due, sleep `pollMs` when nothing
 * was, until stop(). Subclasses say which rows are due and how to claim and
 * handle one; `concurrency` lanes do that at once, each claiming its next row
 * only when the last is done, so a stop never leaves a batch claimed but unhandled.
 */
export abstract class PollingWorker {
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  protected stopping = false;

  constructor(
    private readonly name: string,
    private readonly pollMs: number,
    protected readonly log: Pick<Console, "info" | "warn" | "error">,
    private readonly concurrency = 1,
  ) {}

  /** Ids of rows due now, oldest first, at most one batch. */
  protected abstract dueIds(): Promise<string[]>;

  /** Claims one row and handles it; undefined when another worker had it. */
  protected abstract processOne(id: string): Promise<string | undefined>;

  /**
   * Claims and handles one batch of due rows, `concurrency` at a time; resolves
   * with how many this worker handled once every lane is done (the first error
   * of any lane rejects it, after the others finished their row).
   */
  async drainOnce(): Promise<number> {
    const ids = await this.dueIds();
    // Workers read the same oldest rows: each starts at its own place in the batch, so they rarely race for one row.
    const start = ids.length > 1 ? Math.floor(Math.random() * ids.length) : 0;
    const queue = [...ids.slice(start), ...ids.slice(0, start)];
    let handled = 0;
    let failure: { error: unknown } | undefined;
    const lane = async () => {
      try {
        for (let id = queue.shift(); id !== undefined && !this.stopping; id = queue.shift()) {
          if ((await this.processOne(id)) !== undefined) handled++;
        }
      } catch (error) {
        // The database away, most likely: the other lanes finish their row and take no other.
        failure ??= { error };
        queue.length = 0;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, lane));
    if (failure) throw failure.error;
    return handled;
  }

  /** Releases what the worker holds (connections) once stopped. */
  protected async close(): Promise<void> {}

  /** Polls until stop(). */
  start(): this {
    if (this.running) return this;
    this.stopping = false;
    this.running = this.loop();
    return this;
  }

  /** Stops polling; resolves once the row in hand (if any) is finished and recorded. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    this.running = undefined;
    await this.close();
  }

  private async loop() {
    let failures = 0;
    while (!this.stopping) {
      let handled = 0;
      let wait = this.pollMs;
      try {
        handled = await this.drainOnce();
        failures = 0;
      } catch (error) {
        // The database away (or a bug): wait longer after each failure in a row, so an outage
        // is neither a tight loop nor a flood of logs; the first poll that works resets it.
        failures++;
        wait = failedPollDelay(this.pollMs, failures);
        this.log.error(`${this.name}: polling failed (${failures} in a row), next try in ${wait} ms:`, error);
      }
      if (handled === 0 && !this.stopping) await this.sleep(wait);
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => (this.wake = undefined));
  }
}

/** The longest wait between polls that keep failing. */
export const MAX_FAILED_POLL_DELAY_MS = 30_000;

/** After `failures` failed polls in a row: the poll interval (at least 100 ms) doubled per failure, at most MAX_FAILED_POLL_DELAY_MS. */
export const failedPollDelay = (pollMs: number, failures: number): number =>
  Math.min(MAX_FAILED_POLL_DELAY_MS, Math.max(pollMs, 100) * 2 ** failures);

export interface BackoffPolicy {
  /** First retry delay, doubled per attempt, capped at maxMs. */
  baseMs: number;
  maxMs: number;
  random: () => number;
}

/** Exponential backoff with equal jitter: half the step fixed, half random; never sooner than the provider asked. */
export function backoffDelay(policy: BackoffPolicy, attempts: number, retryAfterMs = 0): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(step / 2 + policy.random() * (step / 2));
  return Math.min(policy.maxMs, Math.max(jittered, retryAfterMs));
}
