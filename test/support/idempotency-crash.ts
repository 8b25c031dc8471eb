import type { PrismaClient } from "@prisma/client";
import { USER_AGENT } from "./api";
import { cardInput } from "./fixtures";
import { startServer } from "./processes";

export interface CrashRounds {
  /** The built server's environment (its DATABASE_URL is the database under test). */
  env: Record<string, string>;
  /** An API key of `shop` in that database. */
  key: string;
  shop: string;
  kills: number;
  keysPerRound: number;
  batchSize: number;
  /** Seeded: where in a round the kill falls. */
  random: () => number;
}

export interface CrashOutcome {
  /** What each key's retry on the restarted server answered (201 expected every time). */
  retried: number[];
  /** How many requests each kill cut off (0 = answered before the kill). */
  killedDuring: number[];
  /** Cards written per key (`batchSize` expected for each). */
  cardsPerKey: number[];
  /** Redemptions written for the shop (one per key expected). */
  redemptions: number;
  /** Idempotency records left unfinished (none expected). */
  unfinished: number;
}

/**
 * A client sends keyed batches; the server's process group dies by SIGKILL at a
 * random moment (before, during or after the batches commit); the client retries
 * every key on a restarted server, which then serves the next round's batches and
 * is killed in turn. The last server is stopped, also when a request fails.
 */
export async function crashRounds(options: CrashRounds, client: PrismaClient): Promise<CrashOutcome> {
  const { env, key, shop, kills, keysPerRound, batchSize, random } = options;
  const batchBody = (label: string) =>
    JSON.stringify({
      redemption: { email: "crash@example.com" },
      cards: Array.from({ length: batchSize }, (_, i) => cardInput(`${label} #${i}`)),
    });
  const sendBatch = (url: string, idempotencyKey: string): Promise<number> =>
    fetch(`${url}/v1/unit-cards/_actions/batch`, {
      method: "POST",
      body: batchBody(idempotencyKey),
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

  const retried: number[] = [];
  const killedDuring: number[] = [];
  const labels: string[] = [];
  const tag = Math.floor(random() * 2 ** 31);
  let server = await startServer(env);
  try {
    for (let round = 0; round < kills; round++) {
      const keys = Array.from({ length: keysPerRound }, (_, i) => `crash-${tag}-${round}-${i}`);
      labels.push(...keys);
      const inFlight = keys.map((idempotencyKey) => sendBatch(server.url, idempotencyKey));
      // Anywhere from before the first batch is read to after both committed (a batch takes ~100-400 ms here).
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 600)));
      await server.kill();
      killedDuring.push((await Promise.all(inFlight)).filter((status) => status === 0).length);

      server = await startServer(env);
      for (const idempotencyKey of keys) retried.push(await sendBatch(server.url, idempotencyKey));
    }
  } finally {
    await server.stop();
  }

  const cardsPerKey = await Promise.all(
    labels.map((label) => client.unitCard.count({ where: { shop, name: { startsWith: `${label} #` } } })),
  );
  return {
    retried,
    killedDuring,
    cardsPerKey,
    redemptions: await client.redemption.count({ where: { shop } }),
    unfinished: await client.idempotencyRecord.count({ where: { shop, status: null } }),
  };
}
