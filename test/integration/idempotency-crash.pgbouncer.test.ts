import { randomInt } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { privateDatabase, type PrivateDatabase } from "../support/databases";
import { crashRounds } from "../support/idempotency-crash";
import { apiKeyIn } from "../support/processes";
import { seededRandom } from "../support/seeded-random";
import { TEST_ENV } from "../support/test-env";

// idempotency-crash.sqlite.test.ts through PgBouncer in transaction mode: the server is
// SIGKILLed mid-batch, so the pooler sees its client vanish inside a transaction. Each key
// must still end with exactly one batch, and no server connection may be left inside the
// dead client's transaction for the next client to be handed.

const SHOP = "crash-retry-pooled.myshopify.com";
const KILLS = 5;
const KEYS_PER_ROUND = 2;
const BATCH_SIZE = 100;
const seed = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const random = seededRandom(seed);

let database: PrivateDatabase;
let key: string;

beforeAll(async () => {
  console.log(`idempotency crash test (pooled) seed: ${seed} (replay with CRASH_SEED=${seed})`);
  database = await privateDatabase("crash_pooled");
  key = await apiKeyIn(database.url, SHOP);
}, 60_000);

afterAll(async () => {
  await database?.remove();
});

/** Sessions PostgreSQL itself holds for `url`'s database inside a transaction (seen directly, not through the pooler). */
async function sessionsInTransaction(url: string): Promise<number> {
  const server = new pg.Client({ connectionString: inject("postgresDirectUrl") });
  await server.connect();
  try {
    const { rows } = await server.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state LIKE 'idle in transaction%'",
      [new URL(url).pathname.slice(1)],
    );
    return rows[0]!.n;
  } finally {
    await server.end();
  }
}

describe("Idempotency-Key across crashes, through a transaction-mode pooler", () => {
  it(`runs each keyed batch exactly once when the server is killed ${KILLS} times mid-request and every key is retried`, async () => {
    const outcome = await crashRounds(
      {
        env: { ...TEST_ENV, DATABASE_URL: database.url },
        key,
        shop: SHOP,
        kills: KILLS,
        keysPerRound: KEYS_PER_ROUND,
        batchSize: BATCH_SIZE,
        random,
      },
      database.client,
    );
    console.log(`requests cut off by the kill: ${outcome.killedDuring.reduce((a, b) => a + b, 0)} of ${KILLS * KEYS_PER_ROUND}`);

    expect(database.url).toMatch(/\?pgbouncer=true$/);
    expect(outcome.retried).toEqual(Array(KILLS * KEYS_PER_ROUND).fill(201));
    expect(outcome.cardsPerKey).toEqual(Array(KILLS * KEYS_PER_ROUND).fill(BATCH_SIZE));
    expect(outcome.redemptions).toBe(KILLS * KEYS_PER_ROUND);
    expect(outcome.unfinished).toBe(0);
    expect(await sessionsInTransaction(database.url)).toBe(0);
  }, 300_000);
});
