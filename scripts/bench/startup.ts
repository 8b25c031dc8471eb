// The startup part of `npm run bench` (BENCH_ONLY=startup), issue 37 item 6: the built
// server as `npm start` runs it, measured as the operating system sees it. Each round
// starts `<npm start's environment> node <its options> build/node/server.js` in its default
// configuration (every worker on), the same with every worker off, the same without those
// settings (decisions 0075, 0076), and bare node, one after the other; each is timed from
// spawn to its first 200 on /healthz over new connections, and the server's resident
// memory is read from /proc/<pid>/status (VmRSS) at that 200, after the /v1 load, and
// after one embedded admin page. Figures are medians of ROUNDS rounds. BENCH_STARTUP_ROUNDS,
// BENCH_STARTUP_LOAD_SECONDS and BENCH_STARTUP_POSTGRES=off shorten it; BENCH_STARTUP_COMPARE=<a
// copy of build/node/ made before a change>/server.js starts that build too, in every round.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAdminApiStub } from "../../stubs/admin-api/server";
import { migratePostgresDatabase } from "../../test/support/global-setup-postgres";
import { startPostgres } from "../../test/support/postgres";
import { migratedDatabase } from "../../test/support/processes";
import { TEST_ENV } from "../../test/support/test-env";
import { openRawDb, type RawDb } from "./api-raw-db";
import { createKeys } from "./api-seed";
import { rssMb, startAndTime } from "./server-start";
import { adminPage, unexpected, v1Load } from "./startup-load";
import { NODE_START_ENV, NODE_START_FLAGS } from "../node-start-command";

const ROUNDS = Number(process.env.BENCH_STARTUP_ROUNDS ?? 5);
const LOAD_SECONDS = Number(process.env.BENCH_STARTUP_LOAD_SECONDS ?? 3);
const SERVER = "build/node/server.js";
// Another build's server (a copy of build/node/ made before a change, run from this folder), started in each round too.
const COMPARE = process.env.BENCH_STARTUP_COMPARE;
const APP = { shop: "bench-startup.myshopify.com", apiKey: "bench-startup-api-key", apiSecret: "bench-startup-api-secret" };
// 20 requests a second per key: enough keys that no request of the load meets the limit.
const KEYS = 500;
const WORKERS_OFF = { NOTIFY_DISPATCHER: "off", CHAIN_WORKER: "off", WEBHOOK_WORKER: "off", ORDER_WORKER: "off", FLOW_WORKER: "off" };
const BARE_NODE = ["-e", "require('node:http').createServer((q, s) => s.end('{}')).listen(process.env.PORT, '127.0.0.1')"];

interface Variant {
  label: string;
  /** node's arguments: options, then the script. */
  args: string[];
  workers: boolean;
  /** The start-up and memory targets are npm start's: its environment and options, every worker on. */
  target: boolean;
  /** Environment set before node, as `npm start` sets it. */
  env: Record<string, string>;
}

interface Figures {
  seconds: number;
  /** Seconds from spawn until the dispatcher wrote the one message due (workers on only). */
  firstMessageS: number;
  atStart: number;
  afterLoad: number;
  afterPage: number;
}

// Workers off first: its load queues the claim messages the starts with workers on find one of.
const VARIANTS: Variant[] = [
  { label: "every worker off", args: [...NODE_START_FLAGS, SERVER], env: NODE_START_ENV, workers: false, target: false },
  { label: "workers on (default)", args: [...NODE_START_FLAGS, SERVER], env: NODE_START_ENV, workers: true, target: true },
  { label: "workers on, without npm start's settings", args: [SERVER], env: {}, workers: true, target: false },
  ...(COMPARE
    ? [
        {
          label: "workers on (the build compared)",
          args: [...NODE_START_FLAGS, COMPARE],
          env: NODE_START_ENV,
          workers: true,
          target: false,
        },
      ]
    : []),
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * One claim message due, and no other work waiting: what the dispatcher's first poll finds at the next start.
 * The messages queued and not sent yet are parked (a status no worker takes), and one of them made due.
 */
async function oneMessageDue(raw: RawDb): Promise<string> {
  await raw.query(`UPDATE "Notification" SET "status" = 'PARKED' WHERE "status" IN ('PENDING', 'SENDING')`);
  const [row] = await raw.query(`SELECT "id" FROM "Notification" WHERE "status" = 'PARKED' AND "channel" = 'EMAIL' ORDER BY "id" LIMIT 1`);
  if (!row) throw new Error("No claim message is left unsent for the dispatcher's first poll");
  await raw.query(`UPDATE "Notification" SET "status" = 'PENDING', "nextAttemptAt" = "createdAt", "lockedUntil" = NULL WHERE "id" = ?`, [
    row.id,
  ]);
  return row.id as string;
}

/** Seconds from `spawnedAt` (performance.now()) until the dispatcher has written message `id` to `dir`. */
async function messageWritten(dir: string, id: string, spawnedAt: number): Promise<number> {
  const file = path.join(dir, `${id}.eml`);
  while (!existsSync(file)) {
    if (performance.now() - spawnedAt > 60_000) throw new Error(`The dispatcher wrote no message ${id} within a minute`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return (performance.now() - spawnedAt) / 1000;
}

/** One start of `variant`: its time to the first 200, its first message written, its memory then, after the load and after a page. */
async function measure(variant: Variant, env: Record<string, string>, raw: RawDb, keys: string[]): Promise<Figures> {
  const due = variant.workers ? await oneMessageDue(raw) : undefined;
  if (due) rmSync(path.join(env.MESSAGES_DIR!, `${due}.eml`), { force: true });
  const spawnedAt = performance.now();
  const server = await startAndTime(variant.args, { ...variant.env, ...env, ...(variant.workers ? {} : WORKERS_OFF) }, "/healthz");
  try {
    const atStart = rssMb(server.pid);
    const firstMessageS = due ? await messageWritten(env.MESSAGES_DIR!, due, spawnedAt) : NaN;
    await v1Load(server, keys, LOAD_SECONDS);
    const afterLoad = rssMb(server.pid);
    await adminPage(server, APP);
    return { seconds: server.seconds, firstMessageS, atStart, afterLoad, afterPage: rssMb(server.pid) };
  } finally {
    await server.stop();
  }
}

async function benchDatabase(kind: string, url: string) {
  const raw = openRawDb(url);
  const stub = await startAdminApiStub({ port: 0 });
  const messagesDir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-bench-startup-"));
  try {
    const keys = await createKeys(raw, APP.shop, KEYS);
    // The default configuration: only what a deployment must set, nothing that turns a worker off. The stub answers the admin page's Admin API calls.
    const env = {
      SHOPIFY_API_KEY: APP.apiKey,
      SHOPIFY_API_SECRET: APP.apiSecret,
      SHOPIFY_APP_URL: "http://127.0.0.1",
      SCOPES: TEST_ENV.SCOPES,
      DATABASE_URL: url,
      MESSAGES_DIR: messagesDir,
      SHOPIFY_ADMIN_API_STUB_URL: stub.url,
    };
    const rounds: { figures: Figures[]; bare: { seconds: number; mb: number } }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Figures[] = [];
      for (const variant of VARIANTS) figures.push(await measure(variant, env, raw, keys));
      const bare = await startAndTime(BARE_NODE, {}, "/");
      const mb = rssMb(bare.pid);
      await bare.stop();
      rounds.push({ figures, bare: { seconds: bare.seconds, mb } });
    }
    print(
      kind,
      VARIANTS.map((_, i) => rounds.map((round) => round.figures[i]!)),
      rounds.map((round) => round.bare),
    );
  } finally {
    await stub.close();
    await raw.close();
    rmSync(messagesDir, { recursive: true, force: true });
  }
}

const f = (value: number, digits = 0) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const verdict = (ok: boolean) => (ok ? "pass" : "**short**");

function print(kind: string, byVariant: Figures[][], bareRounds: { seconds: number; mb: number }[]) {
  const bare = { s: median(bareRounds.map((r) => r.seconds)), mb: median(bareRounds.map((r) => r.mb)) };
  const spread = (values: number[], digits: number) =>
    `${f(median(values), digits)} (${[...values]
      .sort((a, b) => a - b)
      .map((v) => f(v, digits))
      .join(", ")})`;
  const rows: string[][] = [];
  VARIANTS.forEach((variant, i) => {
    const runs = byVariant[i]!;
    const s = median(runs.map((r) => r.seconds));
    const target = variant.target;
    rows.push([
      `\`${[...Object.entries(variant.env).map(([name, value]) => `${name}=${value}`), "node", ...variant.args].join(" ")}\` to first \`/healthz\` 200, ${variant.label}, s`,
      spread(
        runs.map((r) => r.seconds),
        2,
      ),
      `bare node ${f(bare.s, 2)}`,
      `${f(s / bare.s, 1)}×`,
      target ? "≤ 1 s" : "",
      target ? verdict(s <= 1) : "",
    ]);
  });
  VARIANTS.forEach((variant, i) => {
    if (variant.workers)
      rows.push([
        `its first claim message written, ${variant.label}, s after spawn`,
        spread(
          byVariant[i]!.map((r) => r.firstMessageS),
          2,
        ),
        "",
        "",
        "",
        "",
      ]);
  });
  VARIANTS.forEach((variant, i) => {
    const runs = byVariant[i]!;
    const atStart = median(runs.map((r) => r.atStart));
    const afterLoad = median(runs.map((r) => r.afterLoad));
    const target = variant.target;
    rows.push([`RSS at its first 200, ${variant.label}, MB`, f(atStart), `bare node ${f(bare.mb)}`, `${f(atStart / bare.mb, 1)}×`, "", ""]);
    rows.push([
      `RSS after the \`/v1\` load, ${variant.label}, MB`,
      spread(
        runs.map((r) => r.afterLoad),
        0,
      ),
      `bare node ${f(bare.mb)}`,
      `${f(afterLoad / bare.mb, 1)}×`,
      target ? "≤ 150 MB" : "",
      target ? verdict(afterLoad <= 150) : "",
    ]);
    rows.push([
      `RSS after the \`/v1\` load and one admin page, ${variant.label}, MB`,
      f(median(runs.map((r) => r.afterPage))),
      "",
      "",
      "",
      "",
    ]);
  });
  console.log(`\n### ${kind}`);
  console.log("| what | Twin Cards | baseline | ratio | target | result |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

/** Runs the part; resolves with whether every request was answered as expected. */
export async function startupBench(): Promise<boolean> {
  if (!existsSync(SERVER)) throw new Error("No build found: run `npm run build` first.");
  console.log(
    `Start-up and memory (issue 37): median of ${ROUNDS} rounds, /v1 load of ${LOAD_SECONDS} s per kind of request; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} before`,
  );
  const sqlite = migratedDatabase("bench-startup");
  try {
    await benchDatabase("SQLite", sqlite.url);
  } finally {
    sqlite.remove();
  }
  if (process.env.BENCH_STARTUP_POSTGRES !== "off") {
    const postgres = await startPostgres();
    try {
      const url = await postgres.createDatabase("bench_startup");
      await migratePostgresDatabase(url);
      await benchDatabase("PostgreSQL", url);
    } finally {
      await postgres.stop();
    }
  }
  console.log(
    `Load average ${os.loadavg()[0]!.toFixed(1)} after.${unexpected.length ? ` Unexpected answers: ${unexpected.join("; ")}` : ""}`,
  );
  return unexpected.length === 0;
}
