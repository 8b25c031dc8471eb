import { describe, expect, it } from "vitest";
import { TokenBuckets } from "~/lib/token-bucket";

const T0 = 1_700_000_000_000;

/** Takes `n` tokens for `key` at `now`; returns how many were allowed. */
function takeMany(buckets: TokenBuckets, key: string, n: number, now: number): number {
  let allowed = 0;
  for (let i = 0; i < n; i++) if (buckets.take(key, now).ok) allowed++;
  return allowed;
}

/** The keys currently held (white-box: the map is private, but its size is the memory bound under test). */
const heldKeys = (buckets: TokenBuckets) => [...(Reflect.get(buckets, "buckets") as Map<string, unknown>).keys()];

describe("TokenBuckets", () => {
  it("allows a burst of `capacity`, then refuses with retryAfterSeconds ≥ 1", () => {
    const buckets = new TokenBuckets(100, 20);
    expect(takeMany(buckets, "key", 100, T0)).toBe(100);
    const refused = buckets.take("key", T0);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("keeps refusing while empty, without going into debt", () => {
    const buckets = new TokenBuckets(3, 1);
    expect(takeMany(buckets, "key", 3, T0)).toBe(3);
    expect(takeMany(buckets, "key", 10, T0)).toBe(0);
    // Refused attempts cost nothing: one second later exactly one token is back.
    expect(buckets.take("key", T0 + 1000)).toEqual({ ok: true });
    expect(buckets.take("key", T0 + 1000).ok).toBe(false);
  });

  it("says how long until a token is back when refilling slowly (10 per minute)", () => {
    const buckets = new TokenBuckets(10, 10 / 60);
    expect(takeMany(buckets, "code", 10, T0)).toBe(10);
    expect(buckets.take("code", T0)).toEqual({ ok: false, retryAfterSeconds: 6 });
    expect(buckets.take("code", T0 + 3000)).toEqual({ ok: false, retryAfterSeconds: 3 });
    expect(buckets.take("code", T0 + 5500)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(buckets.take("code", T0 + 6000)).toEqual({ ok: true });
  });

  it("a retry after retryAfterSeconds succeeds", () => {
    const buckets = new TokenBuckets(2, 0.25);
    takeMany(buckets, "key", 2, T0);
    const refused = buckets.take("key", T0);
    if (refused.ok) throw new Error("expected a refusal");
    expect(refused.retryAfterSeconds).toBe(4);
    expect(buckets.take("key", T0 + refused.retryAfterSeconds * 1000 - 1).ok).toBe(false);
    expect(buckets.take("key", T0 + refused.retryAfterSeconds * 1000).ok).toBe(true);
  });

  it("refills at refillPerSecond", () => {
    const buckets = new TokenBuckets(100, 20);
    takeMany(buckets, "key", 100, T0);
    expect(buckets.take("key", T0 + 49).ok).toBe(false);
    expect(buckets.take("key", T0 + 50).ok).toBe(true);
    expect(buckets.take("key", T0 + 50).ok).toBe(false);
    // One second later: exactly 20 more.
    expect(takeMany(buckets, "key", 25, T0 + 1050)).toBe(20);
  });

  it("sustains refillPerSecond after the burst", () => {
    const buckets = new TokenBuckets(100, 20);
    takeMany(buckets, "key", 100, T0);
    let allowed = 0;
    for (let ms = 50; ms <= 10_000; ms += 50) if (buckets.take("key", T0 + ms).ok) allowed++;
    expect(allowed).toBe(200);
  });

  it("never refills beyond capacity", () => {
    const buckets = new TokenBuckets(100, 20);
    takeMany(buckets, "key", 100, T0);
    expect(takeMany(buckets, "key", 150, T0 + 3_600_000)).toBe(100);
  });

  it("keeps keys independent", () => {
    const buckets = new TokenBuckets(5, 1);
    expect(takeMany(buckets, "a", 5, T0)).toBe(5);
    expect(buckets.take("a", T0).ok).toBe(false);
    expect(takeMany(buckets, "b", 5, T0)).toBe(5);
    expect(buckets.take("b", T0).ok).toBe(false);
    expect(takeMany(buckets, "c", 1, T0)).toBe(1);
  });

  it("drops idle keys once maxKeys is reached, but keeps a partly used bucket", () => {
    const buckets = new TokenBuckets(5, 1, 3);
    buckets.take("idle-1", T0);
    buckets.take("idle-2", T0);
    expect(takeMany(buckets, "busy", 5, T0)).toBe(5);
    expect(heldKeys(buckets)).toEqual(["idle-1", "idle-2", "busy"]);

    // 1.5 s later the idle buckets are full again (4 + 1.5 ≥ 5); "busy" has 1.5 tokens.
    const later = T0 + 1500;
    expect(buckets.take("new", later).ok).toBe(true);
    expect(heldKeys(buckets).sort()).toEqual(["busy", "new"]);

    // "busy" kept its state: one token, then a refusal, not a fresh burst of 5.
    expect(buckets.take("busy", later).ok).toBe(true);
    expect(buckets.take("busy", later)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it("a flood of new keys cannot reset a used bucket, and is cleared out once idle", () => {
    const buckets = new TokenBuckets(5, 1, 10);
    expect(takeMany(buckets, "victim", 5, T0)).toBe(5);
    // A flood of one-off keys at the same instant: none of them is idle, so nothing may be dropped.
    for (let i = 0; i < 50; i++) buckets.take(`flood-${i}`, T0);
    expect(buckets.take("victim", T0).ok).toBe(false);
    expect(heldKeys(buckets)).toContain("victim");

    // Once the flood has gone idle, the next new key clears it out; "victim" (still short) stays.
    const later = T0 + 2000;
    buckets.take("next", later);
    expect(heldKeys(buckets).sort()).toEqual(["next", "victim"]);
    expect(takeMany(buckets, "victim", 5, later)).toBe(2);
  });

  it("a dropped idle key starts again with a full bucket", () => {
    const buckets = new TokenBuckets(3, 1, 1);
    buckets.take("a", T0);
    buckets.take("b", T0 + 1000); // "a" is full again → dropped
    expect(heldKeys(buckets)).toEqual(["b"]);
    expect(takeMany(buckets, "a", 4, T0 + 1000)).toBe(3);
  });
});
