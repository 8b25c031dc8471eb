/** A token bucket's shape: `capacity` tokens, refilled at `refillPerSecond`. */
export interface BucketPolicy {
  capacity: number;
  refillPerSecond: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Where the buckets live, shared by every process that must enforce one limit
 * together (app/db/stores/rate-buckets.server.ts keeps them in the database).
 */
export interface BucketStore {
  /**
   * Refills the bucket `key` of `limit` for the time since its last take and takes one
   * token if it has one, atomically. Resolves with whether it got one and the tokens left.
   */
  take(limit: string, key: string, policy: BucketPolicy): Promise<{ granted: boolean; tokens: number }>;
  /** Deletes the buckets of `limit` untouched for `idleMs`: full again, they equal new ones. */
  purge(limit: string, idleMs: number): Promise<void>;
}

const PURGE_EVERY_MS = 60_000;
const MAX_REFUSALS_KEPT = 10_000;

/**
 * One rate limit (e.g. per API key): a token bucket per key, kept in a shared
 * store so that every process together allows at most `capacity` at once and
 * `refillPerSecond` after (docs/decisions/0025-shared-limits.md).
 *
 * The one in-process shortcut: after a refusal the bucket cannot have a token
 * before a known moment (other processes only take tokens, time alone adds
 * them), so takes before then are refused here without asking the store. It
 * never lets a request through that the store would refuse.
 */
export class RateLimit {
  private readonly refusedUntil = new Map<string, number>();
  private lastPurge = 0;

  constructor(
    readonly name: string,
    private readonly policy: BucketPolicy,
    private readonly store: BucketStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; when none is left, says how long until one is. */
  async take(key: string): Promise<RateLimitResult> {
    const now = this.now();
    this.purgeNowAndThen(now);
    const until = this.refusedUntil.get(key);
    if (until !== undefined) {
      if (until > now) return refused(until - now);
      this.refusedUntil.delete(key);
    }
    const { granted, tokens } = await this.store.take(this.name, key, this.policy);
    if (granted) return { ok: true };
    const waitMs = ((1 - tokens) / this.policy.refillPerSecond) * 1000;
    this.remember(key, now + waitMs, now);
    return refused(waitMs);
  }

  private remember(key: string, until: number, now: number) {
    if (this.refusedUntil.size >= MAX_REFUSALS_KEPT) {
      for (const [other, otherUntil] of this.refusedUntil) if (otherUntil <= now) this.refusedUntil.delete(other);
      if (this.refusedUntil.size >= MAX_REFUSALS_KEPT) this.refusedUntil.clear();
    }
    this.refusedUntil.set(key, until);
  }

  /** At most once a minute per process, in the background: forget buckets that are full again. */
  private purgeNowAndThen(now: number) {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    const fullAfterMs = (this.policy.capacity / this.policy.refillPerSecond) * 1000;
    // A purge that fails (database away) is tried again a minute later; requests never wait for it.
    this.store.purge(this.name, fullAfterMs).catch(() => undefined);
  }
}

const refused = (waitMs: number): RateLimitResult => ({ ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
