import { randomInt } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_AGENT } from "../support/api";
import { cardInput } from "../support/fixtures";
import { seededRandom } from "../support/seeded-random";
import { apiKeyIn, clientFor, integrityCheck, migratedDatabase, startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// A client sends keyed 500-card batches; the server's process group dies by
// SIGKILL at a random moment (before, during or after the batches commit); the
// client retries every key on the restarted server. Whatever the moment, each
// key must end with exactly one batch.

const SHOP = "crash-retry.myshopify.com";
const KILLS = 20;
const KEYS_PER_ROUND = 2;
const BATCH_SIZE = 500;
const seed = Number(process.env.CRASH_SEED ?? randomInt(2 ** 31));
const random = seededRandom(seed);

let database: ReturnType<typeof migratedDatabase>;
let client: PrismaClient;
let key: string;
let server: AppProcess | undefined;
const env = () => ({ ...TEST_ENV, DATABASE_URL: database.url });

beforeAll(async () => {
  console.log(`idempotency crash test seed: ${seed} (replay with CRASH_SEED=${seed})`);
  database = migratedDatabase("crash");
  client = clientFor(database.url);
  key = await apiKeyIn(database.url, SHOP);
});

afterAll(async () => {
  await server?.stop();
  await client?.$disconnect();
  database?.remove();
});

const batchBody = (label: string) =>
  JSON.stringify({
    redemption: { email: "crash@example.com" },
    cards: Array.from({ length: BATCH_SIZE }, (_, i) => cardInput(`${label} #${i}`)),
  });

function sendBatch(url: string, idempotencyKey: string, label: string): Promise<number> {
  return fetch(`${url}/v1/unit-cards/_actions/batch`, {
    method: "POST",
    body: batchBody(label),
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      "Idempotency-Key": idempotencyKey,
      "User-Agent": USER_AGENT,
    },
  }).then(
    (response) => response.status,
    () => 0, // the connection died with the server
  );
}

describe("Idempotency-Key across crashes", () => {
  it(`runs each keyed batch exactly once when the server is killed ${KILLS} times mid-request and every key is retried`, async () => {
    const retried: number[] = [];
    const killedDuring: number[] = [];
    const labels: string[] = [];
    for (let round = 0; round < KILLS; round++) {
      server = await startServer(env());
      const keys = Array.from({ length: KEYS_PER_ROUND }, (_, i) => `crash-${seed}-${round}-${i}`);
      labels.push(...keys);
      const inFlight = keys.map((idempotencyKey) => sendBatch(server!.url, idempotencyKey, idempotencyKey));
      // Anywhere from before the first batch is read to after both committed (a batch takes ~100-400 ms here).
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 600)));
      await server.kill();
      killedDuring.push((await Promise.all(inFlight)).filter((status) => status === 0).length);

      server = await startServer(env());
      for (const idempotencyKey of keys) retried.push(await sendBatch(server.url, idempotencyKey, idempotencyKey));
      await server.stop();
      server = undefined;
    }

    const counts = await Promise.all(
      labels.map((label) => client.unitCard.count({ where: { shop: SHOP, name: { startsWith: `${label} #` } } })),
    );
    const redemptions = await client.redemption.count({ where: { shop: SHOP } });
    console.log(`requests cut off by the kill: ${killedDuring.reduce((a, b) => a + b, 0)} of ${KILLS * KEYS_PER_ROUND}`);

    expect(retried).toEqual(Array(KILLS * KEYS_PER_ROUND).fill(201));
    expect(counts).toEqual(Array(labels.length).fill(BATCH_SIZE));
    expect(redemptions).toBe(labels.length);
    expect(await client.idempotencyRecord.count({ where: { shop: SHOP, status: null } })).toBe(0);
    expect(await integrityCheck(client)).toBe("ok");
  }, 400_000);
});
