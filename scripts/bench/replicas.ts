// The replicas part of `npm run bench` (BENCH_ONLY=replicas): on SQLite (one file)
// and on PostgreSQL (a throwaway server, test/support/postgres.ts), for each:
// - create-card requests per second with p50/p99 latency through one built server and
//   through two on the same database (the ratio two/one), with the load generator's
//   own CPU share and the whole machine's, on this 2-core machine;
// - the cost of one shared rate-limit take (decision 0025) against a `SELECT 1` round
//   trip on the same connection, both measured here;
// - a batch of 500 cards through POST /v1/unit-cards/_actions/batch against a raw
//   insert (createMany, one INSERT) of the same 500 rows.
// Figures only: nothing here is a pass/fail target.
import { readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import type { PrismaClient } from "@prisma/client";
import { sqlBucketStore } from "~/db/bucket-store-sql.server";
import { databaseKind } from "~/db/database-url";
import { createDatabase, type Database } from "~/db/prisma-client.server";
import { newApiKeySecret } from "~/domain/api-keys.server";
import { newId } from "~/domain/ids";
import { RateLimit } from "~/lib/rate-limit";
import { cardInput } from "../../test/support/fixtures";
import { migratePostgresDatabase } from "../../test/support/global-setup-postgres";
import { startPostgres } from "../../test/support/postgres";
import { migratedDatabase, startServer, type AppProcess } from "../../test/support/processes";
import { TEST_ENV } from "../../test/support/test-env";

const SECONDS = Number(process.env.BENCH_REPLICA_SECONDS ?? 6);
const WARMUP_SECONDS = 1;
const IN_FLIGHT = 16;
// 20/s per key: enough keys that the rate limit is never what stops the load.
const KEYS = 120;
const SHOP = "bench-replicas.myshopify.com";
const BATCH = 500;
const BATCH_RUNS = 5;
const LIMIT_TAKES = 2000;

interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The load generator's CPU time over the wall time, as a share of one core. */
  generatorCpu: number;
  /** The whole machine's busy share over the run (all processes, every core). */
  machineBusy: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

function post(url: string, key: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent,
      headers: {
        Authorization: `Bearer ${key}`,
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
        "User-Agent": "twin-cards-bench",
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** Busy and total jiffies of every core, from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = fields[3]! + fields[4]!;
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `IN_FLIGHT` lanes creating cards for `seconds`, spread over `servers` and the keys; after a warm-up. */
async function createCardLoad(servers: string[], keys: string[], seconds: number): Promise<LoadResult> {
  let sent = 0;
  const run = async (until: number, latencies: number[] | null) => {
    let errors = 0;
    const lane = async () => {
      while (performance.now() < until) {
        const i = sent++;
        const body = JSON.stringify({ ...cardInput(`Bench card ${i}`), email: `buyer${i}@example.com` });
        const started = performance.now();
        const status = await post(`${servers[i % servers.length]}/v1/unit-cards`, keys[i % keys.length]!, body);
        latencies?.push(performance.now() - started);
        if (status !== 201) errors++;
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
    return errors;
  };
  await run(performance.now() + WARMUP_SECONDS * 1000, null);
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const ticks = machineTicks();
  const started = performance.now();
  const errors = await run(started + seconds * 1000, latencies);
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const after = machineTicks();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    perSecond: latencies.length / wall,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    generatorCpu: (used.user + used.system) / 1e6 / wall,
    machineBusy: (after.busy - ticks.busy) / Math.max(1, after.total - ticks.total),
  };
}

/** `count` API keys for the bench shop, written as `npm run api-key:create` writes them. */
async function createKeys(client: PrismaClient, count: number): Promise<string[]> {
  const secrets = Array.from({ length: count }, () => newApiKeySecret());
  await client.apiKey.createMany({
    data: secrets.map(({ prefix, keyHash }, i) => ({ id: newId("key"), shop: SHOP, label: `bench ${i}`, prefix, keyHash })),
  });
  return secrets.map(({ key }) => key);
}

async function startServers(count: number, url: string): Promise<AppProcess[]> {
  const env = { ...TEST_ENV, DATABASE_URL: url, NOTIFY_DISPATCHER: "off", CHAIN_WORKER: "off", SOLANA_RPC_URL: "", ISSUER_SECRET_KEY: "" };
  const results = await Promise.allSettled(Array.from({ length: count }, () => startServer(env)));
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(started.map((server) => server.stop()));
    throw failed.reason;
  }
  return started;
}

/** Median milliseconds of `runs` runs of `work`. */
async function medianMs(runs: number, work: (run: number) => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await work(run);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Microseconds per shared rate-limit take and per `SELECT 1` on the same client, one at a time. */
async function limiterCost({ direct }: Database, url: string) {
  const limit = new RateLimit("bench", { capacity: 1_000_000, refillPerSecond: 1_000_000 }, sqlBucketStore(direct, databaseKind(url)));
  const select = async () => void (await direct.query("SELECT 1", []));
  const take = async (i: number) => void (await limit.take(`key-${i % 100}`));
  for (let i = 0; i < 100; i++) await Promise.all([select(), take(i)]);
  const perCall = async (work: (i: number) => Promise<void>) => {
    const started = performance.now();
    for (let i = 0; i < LIMIT_TAKES; i++) await work(i);
    return ((performance.now() - started) * 1000) / LIMIT_TAKES;
  };
  return { selectUs: await perCall(select), takeUs: await perCall(take) };
}

/** A batch of 500 through the API against createMany of the same rows (new ids), median of BATCH_RUNS each. */
async function batchVersusRaw(server: string, key: string, client: PrismaClient) {
  const cards = (run: number) => Array.from({ length: BATCH }, (_, i) => cardInput(`Batch ${run}.${i}`));
  const apiMs = await medianMs(BATCH_RUNS, async (run) => {
    const status = await post(
      `${server}/v1/unit-cards/_actions/batch`,
      key,
      JSON.stringify({ redemption: { email: "batch@example.com" }, cards: cards(run) }),
    );
    if (status !== 201) throw new Error(`The batch answered ${status}`);
  });
  const template = await client.unitCard.findMany({ where: { name: { startsWith: "Batch 0." } } });
  if (template.length !== BATCH) throw new Error(`Expected ${BATCH} cards from the first batch, found ${template.length}`);
  const rawMs = await medianMs(BATCH_RUNS, async () => {
    await client.unitCard.createMany({
      data: template.map((row) => ({ ...row, id: newId("card"), metadata: row.metadata as object, media: row.media as object })),
    });
  });
  return { apiMs, rawMs };
}

interface DatabaseFigures {
  kind: string;
  one: LoadResult;
  two: LoadResult;
  limiter: { selectUs: number; takeUs: number };
  batch: { apiMs: number; rawMs: number };
}

async function benchDatabase(kind: string, url: string): Promise<DatabaseFigures> {
  const database = createDatabase(url);
  const { client } = database;
  try {
    const keys = await createKeys(client, KEYS);
    const limiter = await limiterCost(database, url);
    let servers = await startServers(1, url);
    let one: LoadResult;
    let batch: { apiMs: number; rawMs: number };
    try {
      one = await createCardLoad(
        servers.map((server) => server.url),
        keys,
        SECONDS,
      );
      batch = await batchVersusRaw(servers[0]!.url, keys[0]!, client);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
    servers = await startServers(2, url);
    try {
      const two = await createCardLoad(
        servers.map((server) => server.url),
        keys,
        SECONDS,
      );
      return { kind, one, two, limiter, batch };
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  } finally {
    await client.$disconnect();
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
const pct = (share: number) => `${fixed(share * 100)} %`;

function print(figures: DatabaseFigures[]) {
  console.log(
    `\nCreate-card requests (POST /v1/unit-cards, ${IN_FLIGHT} in flight, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; ${os.cpus().length} cores; load average ${os.loadavg()[0]!.toFixed(1)} before)`,
  );
  console.log("| database | replicas | req/s | p50 ms | p99 ms | non-201 | load generator CPU (of one core) | machine busy |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const { kind, one, two } of figures) {
    for (const [replicas, result] of [
      [1, one],
      [2, two],
    ] as const) {
      console.log(
        `| ${kind} | ${replicas} | ${fixed(result.perSecond)} | ${fixed(result.p50, 1)} | ${fixed(result.p99, 1)} | ${result.errors} | ${pct(result.generatorCpu)} | ${pct(result.machineBusy)} |`,
      );
    }
  }
  for (const { kind, one, two } of figures) console.log(`${kind}: two replicas / one = ${fixed(two.perSecond / one.perSecond, 2)}×`);
  console.log(`\nShared rate limit (decision 0025): one take against a SELECT 1 on the same client, ${LIMIT_TAKES} each, one at a time`);
  console.log("| database | take µs | SELECT 1 µs | take / SELECT 1 |");
  console.log("|---|---|---|---|");
  for (const { kind, limiter } of figures)
    console.log(`| ${kind} | ${fixed(limiter.takeUs)} | ${fixed(limiter.selectUs)} | ${fixed(limiter.takeUs / limiter.selectUs, 2)}× |`);
  console.log(
    `\nBatch of ${BATCH} cards: the API (validation, codes, one transaction) against createMany of the same rows, median of ${BATCH_RUNS}`,
  );
  console.log("| database | API batch ms | raw insert ms | API / raw |");
  console.log("|---|---|---|---|");
  for (const { kind, batch } of figures)
    console.log(`| ${kind} | ${fixed(batch.apiMs)} | ${fixed(batch.rawMs)} | ${fixed(batch.apiMs / batch.rawMs, 1)}× |`);
}

/** Runs the part; resolves with whether every request it checked was answered as expected. */
export async function replicasBench(): Promise<boolean> {
  const figures: DatabaseFigures[] = [];
  const sqlite = migratedDatabase("bench-replicas");
  try {
    figures.push(await benchDatabase("SQLite", sqlite.url));
  } finally {
    sqlite.remove();
  }
  const postgres = await startPostgres();
  try {
    const url = await postgres.createDatabase("bench");
    await migratePostgresDatabase(url);
    figures.push(await benchDatabase("PostgreSQL", url));
  } finally {
    await postgres.stop();
  }
  agent.destroy();
  print(figures);
  return figures.every(({ one, two }) => one.errors === 0 && two.errors === 0);
}
