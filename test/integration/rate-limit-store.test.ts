import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, transaction } from "~/db/client.server";
import { rateBucketStore as databaseBuckets } from "~/db/stores/rate-buckets.server";

// The buckets every replica shares, on the suite's database (SQLite or PostgreSQL):
// what the database answers is what all processes together are allowed.

const limitName = () => `test-${randomUUID().slice(0, 8)}`;

describe("rate-limit buckets in the database", () => {
  it("grants exactly `capacity` of 40 takes made at once on one bucket, and says how little is left", async () => {
    const limit = limitName();
    const policy = { capacity: 25, refillPerSecond: 0.001 };

    const results = await Promise.all(Array.from({ length: 40 }, () => databaseBuckets.take(limit, "key", policy)));

    expect(results.filter((result) => result.granted)).toHaveLength(25);
    for (const refused of results.filter((result) => !result.granted)) expect(refused.tokens).toBeLessThan(1);
    // Another key of the same limit has its own full bucket.
    expect(await databaseBuckets.take(limit, "other", policy)).toEqual({ granted: true, tokens: 24 });
  });

  it("refills at the limit's rate for the time since the last take, never above capacity", async () => {
    const limit = limitName();
    // One token per 1,000 s: the test's own time, however slow the machine, refills nothing that counts.
    const policy = { capacity: 5, refillPerSecond: 0.001 };
    for (let i = 0; i < 5; i++) await databaseBuckets.take(limit, "key", policy);
    expect((await databaseBuckets.take(limit, "key", policy)).granted).toBe(false);

    // As if the last take was 2,500 s ago: two and a half tokens back.
    await db.$executeRawUnsafe(`UPDATE "RateLimitBucket" SET "refilledAtMs" = "refilledAtMs" - 2500000 WHERE "limit" = '${limit}'`);
    const after = await Promise.all(Array.from({ length: 4 }, () => databaseBuckets.take(limit, "key", policy)));
    expect(after.filter((result) => result.granted)).toHaveLength(2);

    // As if untouched for a thousand hours: full, not 3,600 tokens.
    await db.$executeRawUnsafe(`UPDATE "RateLimitBucket" SET "refilledAtMs" = "refilledAtMs" - 3600000000 WHERE "limit" = '${limit}'`);
    expect(await databaseBuckets.take(limit, "key", policy)).toEqual({ granted: true, tokens: 4 });
  });

  it("purges only the buckets of that limit idle long enough to be full again", async () => {
    const limit = limitName();
    const otherLimit = limitName();
    const policy = { capacity: 10, refillPerSecond: 10 };
    await Promise.all([
      databaseBuckets.take(limit, "idle", policy),
      databaseBuckets.take(limit, "busy", policy),
      databaseBuckets.take(otherLimit, "idle", policy),
    ]);
    await db.$executeRawUnsafe(`UPDATE "RateLimitBucket" SET "refilledAtMs" = "refilledAtMs" - 5000 WHERE "key" = 'idle'`);

    await databaseBuckets.purge(limit, 1000);

    const rows = await db.$queryRawUnsafe<{ limit: string; key: string }[]>(
      `SELECT "limit", "key" FROM "RateLimitBucket" WHERE "limit" IN ('${limit}', '${otherLimit}') ORDER BY "limit", "key"`,
    );
    expect(rows.map((row) => `${row.limit === limit ? "limit" : "other"}/${row.key}`).sort()).toEqual(["limit/busy", "other/idle"]);
  });

  it("refuses to take inside a transaction, where a failed attempt would be rolled back uncounted", async () => {
    const limit = limitName();

    const inside = transaction(() => databaseBuckets.take(limit, "key", { capacity: 10, refillPerSecond: 1 }));

    await expect(inside).rejects.toThrow(/taken inside a transaction/);
    const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT "key" FROM "RateLimitBucket" WHERE "limit" = '${limit}'`);
    expect(rows).toEqual([]);
  });
});
