/**
 * In-memory token buckets, one per key: `capacity` tokens, refilled at
 * `refillPerSecond`. Memory stays bounded: once the map is large, buckets that
 * have refilled completely (idle keys) are dropped, since they equal a new one.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Takes one token for `key`; when none is left, says how long until one is. */
  take(key: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const bucket = this.refilled(key, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerSecond)) };
  }

  private refilled(key: string, now: number) {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.dropIdle(now);
      bucket = { tokens: this.capacity, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    return bucket;
  }

  private dropIdle(now: number) {
    for (const [key, bucket] of this.buckets) {
      const tokens = bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond;
      if (tokens >= this.capacity) this.buckets.delete(key);
    }
  }
}
