/**
 * The loop of an outbox worker: drain what is due, sleep `pollMs` when nothing
 * was, until stop(). Subclasses claim and handle rows in drainOnce().
 */
export abstract class PollingWorker {
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  protected stopping = false;

  constructor(
    private readonly name: string,
    private readonly pollMs: number,
    protected readonly log: Pick<Console, "info" | "warn" | "error">,
  ) {}

  /** Claims and handles due rows; resolves with how many this worker handled. */
  abstract drainOnce(): Promise<number>;

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
    while (!this.stopping) {
      let handled = 0;
      try {
        handled = await this.drainOnce();
      } catch (error) {
        this.log.error(`${this.name}: polling failed:`, error);
      }
      if (handled === 0 && !this.stopping) await this.sleep(this.pollMs);
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
