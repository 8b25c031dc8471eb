import { randomInt } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { crashRounds } from "../support/idempotency-crash";
import { seededRandom } from "../support/seeded-random";
import { apiKeyIn, clientFor, integrityCheck, migratedDatabase } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// A client sends keyed 500-card batches; the server's process group dies by
// SIGKILL at a random moment (before, during or after the batches commit); the
// client retries every key on the restarted server. Whatever the moment, each
// key must end with exactly one batch. (idempotency-crash.pgbouncer.test.ts:
// the same through a transaction-mode pooler.)

const SHOP = "crash-retry.myshopify.com";
const KILLS = 20;
const KEYS_PER_ROUND = 2;
const BATCH_SIZE = 500;
const seed = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const random = seededRandom(seed);

let database: ReturnType<typeof migratedDatabase>;
let client: PrismaClient;
let key: string;

beforeAll(async () => {
  console.log(`idempotency crash test seed: ${seed} (replay with CRASH_SEED=${seed})`);
  database = migratedDatabase("crash");
  client = clientFor(database.url);
  key = await apiKeyIn(database.url, SHOP);
});

afterAll(async () => {
  await client?.$disconnect();
  database?.remove();
});

describe("Idempotency-Key across crashes", () => {
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
      client,
    );
    console.log(`requests cut off by the kill: ${outcome.killedDuring.reduce((a, b) => a + b, 0)} of ${KILLS * KEYS_PER_ROUND}`);

    expect(outcome.retried).toEqual(Array(KILLS * KEYS_PER_ROUND).fill(201));
    expect(outcome.cardsPerKey).toEqual(Array(KILLS * KEYS_PER_ROUND).fill(BATCH_SIZE));
    expect(outcome.redemptions).toBe(KILLS * KEYS_PER_ROUND);
    expect(outcome.unfinished).toBe(0);
    expect(await integrityCheck(client)).toBe("ok");
  }, 400_000);
});
