// The api part of `npm run bench` (BENCH_ONLY=api), issue 14: the /v1 hot path
// against bare-metal baselines measured in the same run, on SQLite and on a
// throwaway PostgreSQL. Every figure is the median of ROUNDS rounds; within a round
// the app and its baselines run one after the other (interleaved), each for
// SECONDS after its own warm-up. Targets print pass/short: a benchmark, not a test.
// The request-rate targets are against the equal-work baselines (issue 26):
// node:http + the driver running the very statements the app runs for the request
// (scripts/bench/api-baseline-server.ts lists them); the fixed-JSON and one-INSERT
// baselines still print, as figures to read, with no target. BENCH_API_COMPARE=<another build's
// build/node/server.js> starts that build too and runs the same create-card load on it in every
// round (a before/after of a change, from the same run).
import { existsSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cardInput } from "../../test/support/fixtures";
import { migratePostgresDatabase } from "../../test/support/global-setup-postgres";
import { startPostgres } from "../../test/support/postgres";
import { migratedDatabase, startModule, startScript, startServer, type AppProcess } from "../../test/support/processes";
import { TEST_ENV } from "../../test/support/test-env";
import { CONNECTIONS, load, type LoadResult } from "./api-load";
import { copyBatch, createKeys, seedCards } from "./api-seed";
import { openRawDb, type RawDb } from "./api-raw-db";

const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 3);
const COMPARE = process.env.BENCH_API_COMPARE;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 4);
const WARMUP_SECONDS = 1;
const LIST_CARDS = 100_000;
const BATCH = 500;
// 20 requests a second per key (app/faces/api/v1-route.server.ts): this many keys sustain 6,000/s per shop.
const KEYS = 300;
// The equal-work baselines take the same per-key limit with keys of their own (buckets the app's runs
// leave full), more of them: without a framework they answer faster, and none may meet the limit.
const EQUAL_WORK_KEYS = 1_000;
const SHOPS = {
  load: "bench-api.myshopify.com",
  list: "bench-api-list.myshopify.com",
  batch: "bench-api-batch.myshopify.com",
  equal: "bench-api-equal-work.myshopify.com",
};
const LOOP_PROBE = path.resolve("scripts/bench/loop-probe.mjs");

interface Figures {
  kind: string;
  validate: { app: LoadResult; http: LoadResult; express: LoadResult; equal: LoadResult };
  create: { app: LoadResult; raw: LoadResult; equal: LoadResult; compare?: LoadResult };
  list: { app: LoadResult; raw: LoadResult };
  batch: {
    ownerMs: number;
    ownerEqualMs: number;
    ownerRawMs: number;
    redemptionMs: number;
    redemptionEqualMs: number;
    redemptionRawMs: number;
    loopMaxMs: number;
  };
  keys: number;
  limited: number;
  unexpected: string[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const medianResult = (results: LoadResult[]): LoadResult => ({
  rps: median(results.map((r) => r.rps)),
  p50: median(results.map((r) => r.p50)),
  p99: median(results.map((r) => r.p99)),
  cpuMs: median(results.map((r) => r.cpuMs)),
  statuses: results.reduce<Record<string, number>>((sum, r) => {
    for (const [code, count] of Object.entries(r.statuses)) sum[code] = (sum[code] ?? 0) + count;
    return sum;
  }, {}),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
});

const bearer = (keys: string[]) => (i: number) => ({ headers: { authorization: `Bearer ${keys[i % keys.length]}` } });

/** A load run after its own warm-up (the warm-up's figures are dropped). */
async function warmLoad(spec: Parameters<typeof load>[0]): Promise<LoadResult> {
  await load({ ...spec, seconds: WARMUP_SECONDS });
  return load({ ...spec, seconds: SECONDS });
}

const startBaseline = (mode: string, url: string) =>
  startScript("scripts/bench/api-baseline-server.ts", { BASELINE: mode, DATABASE_URL: url }, /listening on (http:\/\/\S+)/);

async function post(
  url: string,
  key: string,
  body: unknown,
): Promise<{ status: number; json: { data?: { id: string; redemption?: { id?: string } | null }[] } }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as never };
}

/** The largest event-loop delay the server saw since the last call (scripts/bench/loop-probe.mjs). */
async function loopMaxMs(server: AppProcess, file: string): Promise<number> {
  rmSync(file, { force: true });
  server.signal("SIGUSR2");
  const deadline = Date.now() + 5_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error("The server's loop probe did not answer");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 10));
  return (JSON.parse(readFileSync(file, "utf8")) as { maxMs: number }).maxMs;
}

/**
 * One API batch of 500 (owner or redemption) against the same body posted to the equal-work baseline
 * (node:http + the same statements), and against one raw transaction writing copies of the rows the API wrote.
 */
async function batchRound(app: AppProcess, key: string, equal: { url: string; key: string }, raw: RawDb, loopFile: string, round: number) {
  const cards = (variant: string) => Array.from({ length: BATCH }, (_, i) => cardInput(`Batch ${variant} ${round}.${i}`));
  const bodies = {
    owner: { owner: `shopify|${9_000_000 + round}`, publicKey: "3uKCM4z2DzanuJPshZwwzqrxjAuzNqkmcb5rmAAonnpe", cards: cards("owner") },
    redemption: { redemption: { email: "batch@example.com" }, cards: cards("redemption") },
  };
  const figures = { ownerMs: 0, ownerEqualMs: 0, ownerRawMs: 0, redemptionMs: 0, redemptionEqualMs: 0, redemptionRawMs: 0, loopMaxMs: 0 };
  for (const variant of ["owner", "redemption"] as const) {
    await loopMaxMs(app, loopFile);
    const started = performance.now();
    const { status, json } = await post(`${app.url}/v1/unit-cards/_actions/batch`, key, bodies[variant]);
    const apiMs = performance.now() - started;
    if (status !== 201 || json.data?.length !== BATCH) throw new Error(`The ${variant} batch answered ${status}`);
    figures.loopMaxMs = Math.max(figures.loopMaxMs, await loopMaxMs(app, loopFile));
    const rawMs = await copyBatch(
      raw,
      SHOPS.batch,
      json.data.map((card) => card.id),
    );
    const equalStarted = performance.now();
    const baseline = await post(`${equal.url}/v1/unit-cards/_actions/batch`, equal.key, bodies[variant]);
    const equalMs = performance.now() - equalStarted;
    if (baseline.status !== 201 || baseline.json.data?.length !== BATCH)
      throw new Error(`The equal-work ${variant} batch answered ${baseline.status}`);
    figures[`${variant}Ms`] = apiMs;
    figures[`${variant}EqualMs`] = equalMs;
    figures[`${variant}RawMs`] = rawMs;
  }
  return figures;
}

async function benchDatabase(kind: string, url: string): Promise<Figures> {
  const raw = openRawDb(url);
  const loopFile = path.join(os.tmpdir(), `twin-cards-bench-loop-${process.pid}.json`);
  const unexpected: string[] = [];
  const servers: AppProcess[] = [];
  try {
    const keys = {
      load: await createKeys(raw, SHOPS.load, KEYS),
      list: await createKeys(raw, SHOPS.list, KEYS),
      batch: await createKeys(raw, SHOPS.batch, 1),
      equal: await createKeys(raw, SHOPS.equal, EQUAL_WORK_KEYS),
    };
    const env = {
      ...TEST_ENV,
      DATABASE_URL: url,
      NOTIFY_DISPATCHER: "off",
      CHAIN_WORKER: "off",
      SOLANA_RPC_URL: "",
      ISSUER_SECRET_KEY: "",
    };
    const app = await startServer({ ...env, NODE_OPTIONS: `--import=${LOOP_PROBE}`, BENCH_LOOP_FILE: loopFile });
    servers.push(app);
    const [http, express, insert, list, validateSql, createSql, batchSql] = await Promise.all(
      ["json-http", "json-express", "insert", "list", "validate-sql", "create-sql", "batch-sql"].map((mode) => startBaseline(mode, url)),
    );
    servers.push(http!, express!, insert!, list!, validateSql!, createSql!, batchSql!);
    const compare = COMPARE
      ? await startModule(COMPARE, { ...env, PORT: "0", HOST: "127.0.0.1" }, /listening on (http:\/\/\S+)/)
      : undefined;
    if (compare) servers.push(compare);
    await seedCards(app.url, keys.list[0]!, raw, SHOPS.list, LIST_CARDS);

    const rounds: {
      validate: LoadResult[];
      http: LoadResult[];
      express: LoadResult[];
      validateSql: LoadResult[];
      create: LoadResult[];
      insert: LoadResult[];
      createSql: LoadResult[];
      createCompare: LoadResult[];
      list: LoadResult[];
      listRaw: LoadResult[];
      batch: Awaited<ReturnType<typeof batchRound>>[];
    } = {
      validate: [],
      http: [],
      express: [],
      validateSql: [],
      create: [],
      insert: [],
      createSql: [],
      createCompare: [],
      list: [],
      listRaw: [],
      batch: [],
    };
    for (let round = 0; round < ROUNDS; round++) {
      const validatePath = "/v1/validate-name?name=bench-name";
      rounds.validate.push(
        await warmLoad({ url: app.url, path: validatePath, request: bearer(keys.load), seconds: SECONDS, pid: app.pid }),
      );
      rounds.http.push(await warmLoad({ url: http!.url, path: validatePath, seconds: SECONDS, pid: http!.pid }));
      rounds.express.push(await warmLoad({ url: express!.url, path: validatePath, seconds: SECONDS, pid: express!.pid }));
      rounds.validateSql.push(
        await warmLoad({ url: validateSql!.url, path: validatePath, request: bearer(keys.equal), seconds: SECONDS, pid: validateSql!.pid }),
      );
      const card = (i: number) => JSON.stringify({ ...cardInput(`Bench card ${round}.${i}`), email: `buyer${i}@example.com` });
      const json = { "content-type": "application/json" };
      rounds.create.push(
        await warmLoad({
          url: app.url,
          method: "POST",
          path: "/v1/unit-cards",
          request: (i) => ({ headers: { ...json, ...bearer(keys.load)(i).headers }, body: card(i) }),
          seconds: SECONDS,
          pid: app.pid,
        }),
      );
      rounds.insert.push(
        await warmLoad({
          url: insert!.url,
          method: "POST",
          path: "/v1/unit-cards",
          request: (i) => ({ headers: json, body: card(i) }),
          seconds: SECONDS,
          pid: insert!.pid,
        }),
      );
      rounds.createSql.push(
        await warmLoad({
          url: createSql!.url,
          method: "POST",
          path: "/v1/unit-cards",
          request: (i) => ({ headers: { ...json, ...bearer(keys.equal)(i).headers }, body: card(i) }),
          seconds: SECONDS,
          pid: createSql!.pid,
        }),
      );
      if (compare) {
        rounds.createCompare.push(
          await warmLoad({
            url: compare.url,
            method: "POST",
            path: "/v1/unit-cards",
            request: (i) => ({ headers: { ...json, ...bearer(keys.load)(i).headers }, body: card(i) }),
            seconds: SECONDS,
            pid: compare.pid,
          }),
        );
      }
      rounds.list.push(
        await warmLoad({ url: app.url, path: "/v1/unit-cards?limit=100", request: bearer(keys.list), seconds: SECONDS, pid: app.pid }),
      );
      rounds.listRaw.push(
        await warmLoad({ url: list!.url, path: `/v1/unit-cards?limit=100&shop=${SHOPS.list}`, seconds: SECONDS, pid: list!.pid }),
      );
      rounds.batch.push(await batchRound(app, keys.batch[0]!, { url: batchSql!.url, key: keys.equal[0]! }, raw, loopFile, round));
    }
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    const validate = {
      app: medianResult(rounds.validate),
      http: medianResult(rounds.http),
      express: medianResult(rounds.express),
      equal: medianResult(rounds.validateSql),
    };
    // The equal-work baselines too: one answering an error or 429 would have done less work.
    const all = [...rounds.validate, ...rounds.validateSql, ...rounds.create, ...rounds.createSql, ...rounds.list];
    for (const result of all) {
      for (const code of Object.keys(result.statuses)) if (!/^20[01]$/.test(code)) unexpected.push(code);
      if (result.errors) unexpected.push(`${result.errors} connection errors`);
    }
    return {
      kind,
      validate,
      create: {
        app: medianResult(rounds.create),
        raw: medianResult(rounds.insert),
        equal: medianResult(rounds.createSql),
        compare: compare ? medianResult(rounds.createCompare) : undefined,
      },
      list: { app: medianResult(rounds.list), raw: medianResult(rounds.listRaw) },
      batch: {
        ownerMs: median(rounds.batch.map((b) => b.ownerMs)),
        ownerEqualMs: median(rounds.batch.map((b) => b.ownerEqualMs)),
        ownerRawMs: median(rounds.batch.map((b) => b.ownerRawMs)),
        redemptionMs: median(rounds.batch.map((b) => b.redemptionMs)),
        redemptionEqualMs: median(rounds.batch.map((b) => b.redemptionEqualMs)),
        redemptionRawMs: median(rounds.batch.map((b) => b.redemptionRawMs)),
        loopMaxMs: Math.max(...rounds.batch.map((b) => b.loopMaxMs)),
      },
      keys: KEYS * 2 + 1 + EQUAL_WORK_KEYS,
      limited: all.reduce((sum, result) => sum + (result.statuses["429"] ?? 0), 0),
      unexpected: [...new Set(unexpected)],
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await raw.close();
    rmSync(loopFile, { force: true });
  }
}

const f = (value: number, digits = 0) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? "pass" : "**short**");

function print(figures: Figures) {
  const { kind, validate, create, list, batch } = figures;
  // The equal-work baselines (issue 26) run the app's own statements; the others do less and carry no target.
  const EQUAL = "**equal work**: node:http + same SQL";
  const rows: string[][] = [
    [
      "validate-name req/s",
      f(validate.app.rps),
      `${EQUAL} ${f(validate.equal.rps)}`,
      `${f(validate.app.rps / validate.equal.rps, 2)}×`,
      "≥ 0.5×",
      verdict(validate.app.rps / validate.equal.rps >= 0.5),
    ],
    [
      "validate-name req/s",
      f(validate.app.rps),
      `bare node:http, fixed JSON, no database ${f(validate.http.rps)}`,
      `${f(validate.app.rps / validate.http.rps, 2)}×`,
      "",
      "",
    ],
    [
      "validate-name req/s",
      f(validate.app.rps),
      `plain Express, fixed JSON ${f(validate.express.rps)}`,
      `${f(validate.app.rps / validate.express.rps, 2)}×`,
      "",
      "",
    ],
    [
      "validate-name p50 / p99 ms",
      `${f(validate.app.p50, 2)} / ${f(validate.app.p99, 2)}`,
      `equal work ${f(validate.equal.p50, 2)} / ${f(validate.equal.p99, 2)}`,
      `${f(validate.app.p50 / validate.equal.p50, 1)}× / ${f(validate.app.p99 / validate.equal.p99, 1)}×`,
      "",
      "",
    ],
    [
      "validate-name p50 / p99 ms",
      `${f(validate.app.p50, 2)} / ${f(validate.app.p99, 2)}`,
      `node:http, fixed JSON ${f(validate.http.p50, 2)} / ${f(validate.http.p99, 2)}`,
      `${f(validate.app.p50 / validate.http.p50, 1)}× / ${f(validate.app.p99 / validate.http.p99, 1)}×`,
      "",
      "",
    ],
    [
      "server CPU ms per GET",
      f(validate.app.cpuMs, 3),
      `plain Express ${f(validate.express.cpuMs, 3)}`,
      `${f(validate.app.cpuMs / validate.express.cpuMs, 1)}×`,
      "≤ 3×",
      verdict(validate.app.cpuMs / validate.express.cpuMs <= 3),
    ],
    [
      "create-card req/s",
      f(create.app.rps),
      `${EQUAL}, one transaction ${f(create.equal.rps)}`,
      `${f(create.app.rps / create.equal.rps, 2)}×`,
      "≥ 0.5×",
      verdict(create.app.rps / create.equal.rps >= 0.5),
    ],
    [
      "create-card req/s",
      f(create.app.rps),
      `node:http + one raw INSERT ${f(create.raw.rps)}`,
      `${f(create.app.rps / create.raw.rps, 2)}×`,
      "",
      "",
    ],
    ...(create.compare
      ? [
          [
            "create-card req/s",
            f(create.app.rps),
            `the build BENCH_API_COMPARE names ${f(create.compare.rps)} (its ratio to equal work: ${f(create.compare.rps / create.equal.rps, 2)}×)`,
            `${f(create.app.rps / create.compare.rps, 2)}×`,
            "",
            "",
          ],
        ]
      : []),
    [
      "create-card p50 / p99 ms",
      `${f(create.app.p50, 1)} / ${f(create.app.p99, 1)}`,
      `equal work ${f(create.equal.p50, 1)} / ${f(create.equal.p99, 1)}`,
      `p99 = ${f(create.app.p99 / create.app.p50, 1)}× p50`,
      "p99 ≤ 3× p50",
      verdict(create.app.p99 <= 3 * create.app.p50),
    ],
    ...(["owner", "redemption"] as const).flatMap((variant) => {
      const [app, equal, raw] = [batch[`${variant}Ms`], batch[`${variant}EqualMs`], batch[`${variant}RawMs`]];
      return [
        [
          `batch of 500, ${variant}, ms`,
          f(app),
          `**equal work**: node:http + same SQL, one transaction ${f(equal, 1)}`,
          `${f(app / equal, 1)}×`,
          "≤ 3×",
          verdict(app <= 3 * equal),
        ],
        [
          `batch of 500, ${variant}, ms`,
          f(app),
          `its rows copied in one raw transaction, no HTTP ${f(raw, 1)}`,
          `${f(app / raw, 1)}×`,
          "",
          "",
        ],
      ];
    }),
    ["event loop's longest delay during a batch, ms", f(batch.loopMaxMs), "", "", "≤ 50 ms", verdict(batch.loopMaxMs <= 50)],
    [
      `list limit=100 at ${f(LIST_CARDS)} cards, p50 ms`,
      f(list.app.p50, 2),
      `node:http + same SQL ${f(list.raw.p50, 2)}`,
      `${f(list.app.p50 / list.raw.p50, 1)}×`,
      "≤ 1.5×",
      verdict(list.app.p50 <= 1.5 * list.raw.p50),
    ],
    [
      `list limit=100 at ${f(LIST_CARDS)} cards, req/s`,
      f(list.app.rps),
      `node:http + same SQL ${f(list.raw.rps)}`,
      `${f(list.app.rps / list.raw.rps, 2)}×`,
      "",
      "",
    ],
  ];
  console.log(`\n### ${kind}`);
  console.log("| what | Twin Cards | baseline | ratio | target | result |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log(
    `${figures.keys} API keys, so no request met the rate limit: ${figures.limited} answered 429.${figures.unexpected.length ? ` Unexpected answers: ${figures.unexpected.join(", ")}` : ""}`,
  );
}

/** Runs the part; resolves with whether every request was answered as expected. */
export async function apiBench(): Promise<boolean> {
  console.log(
    `API hot path (issues 14, 26): ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, median of ${ROUNDS} interleaved rounds; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} before`,
  );
  const results: Figures[] = [];
  const sqlite = migratedDatabase("bench-api");
  try {
    results.push(await benchDatabase("SQLite", sqlite.url));
  } finally {
    sqlite.remove();
  }
  print(results[0]!);
  if (process.env.BENCH_API_POSTGRES !== "off") {
    const postgres = await startPostgres();
    try {
      const url = await postgres.createDatabase("bench_api");
      await migratePostgresDatabase(url);
      results.push(await benchDatabase("PostgreSQL", url));
    } finally {
      await postgres.stop();
    }
    print(results[1]!);
  }
  return results.every((result) => result.limited === 0 && result.unexpected.length === 0);
}
