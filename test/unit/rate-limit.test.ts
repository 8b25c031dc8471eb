import { describe, expect, it } from "vitest";
import { RateLimit, type BucketPolicy, type BucketStore } from "~/lib/rate-limit";

const T0 = 1_700_000_000_000;

/** A store that answers what the test scripts and counts how often it was asked. */
function scriptedStore(answers: { granted: boolean; tokens: number }[]) {
  const calls: string[] = [];
  const store: BucketStore = {
    take: async (limit: string, key: string, _policy: BucketPolicy) => {
      calls.push(`${limit}/${key}`);
      return answers.shift() ?? { granted: true, tokens: 0 };
    },
    purge: async () => undefined,
  };
  return { store, calls };
}

describe("RateLimit", () => {
  it("grants what the shared store grants, and refuses with the wait until the store's next token", async () => {
    const { store } = scriptedStore([
      { granted: true, tokens: 3 },
      { granted: false, tokens: 0.5 },
    ]);
    const limit = new RateLimit("api-key", { capacity: 100, refillPerSecond: 0.1 }, store, () => T0);

    expect(await limit.take("key")).toEqual({ ok: true });
    // Half a token short at 0.1 token/s: 5 s.
    expect(await limit.take("key")).toEqual({ ok: false, retryAfterSeconds: 5 });
  });

  it("after a refusal refuses that key without asking the store until a token can exist, then asks again", async () => {
    const { store, calls } = scriptedStore([
      { granted: false, tokens: 0 },
      { granted: true, tokens: 0 },
    ]);
    let now = T0;
    const limit = new RateLimit("redeem-address", { capacity: 10, refillPerSecond: 1 }, store, () => now);

    expect(await limit.take("203.0.113.9")).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = T0 + 999;
    expect(await limit.take("203.0.113.9")).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(calls).toHaveLength(1);
    // Other keys are not affected.
    expect(await limit.take("198.51.100.7")).toEqual({ ok: true });
    now = T0 + 1000;
    expect(await limit.take("203.0.113.9")).toEqual({ ok: true });
    expect(calls).toEqual(["redeem-address/203.0.113.9", "redeem-address/198.51.100.7", "redeem-address/203.0.113.9"]);
  });

  it("purges idle buckets at most once a minute, never failing a take when the purge fails", async () => {
    const purges: [string, number][] = [];
    const store: BucketStore = {
      take: async () => ({ granted: true, tokens: 1 }),
      purge: async (limit, idleMs) => {
        purges.push([limit, idleMs]);
        throw new Error("database away");
      },
    };
    let now = T0;
    const limit = new RateLimit("api-key", { capacity: 100, refillPerSecond: 20 }, store, () => now);

    expect(await limit.take("a")).toEqual({ ok: true });
    now += 59_000;
    expect(await limit.take("a")).toEqual({ ok: true });
    now += 1_000;
    expect(await limit.take("a")).toEqual({ ok: true });
    // A bucket of 100 refilled at 20/s is full again after 5 s untouched.
    expect(purges).toEqual([
      ["api-key", 5000],
      ["api-key", 5000],
    ]);
  });
});
