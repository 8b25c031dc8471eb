// The lists part of `npm run bench` (BENCH_ONLY=lists), issue 40 item 7: the admin Cards list's
// search page at 100,000 cards through the domain, against the same statement on the bare driver
// (decision 0078), on SQLite and on a throwaway PostgreSQL. Each database runs in a child process
// (scripts/bench/lists-run.ts): the app's database client is one per process.
import { execFile } from "node:child_process";
import os from "node:os";
import { promisify } from "node:util";
import { migratePostgresDatabase } from "../../test/support/global-setup-postgres";
import { startPostgres } from "../../test/support/postgres";
import { migratedDatabase } from "../../test/support/processes";
import { TEST_ENV } from "../../test/support/test-env";

const run = promisify(execFile);
type Figures = Record<string, { app: number; bare: number; rows: number }>;

async function measure(url: string): Promise<Figures> {
  const { stdout } = await run("node_modules/.bin/tsx", ["scripts/bench/lists-run.ts"], {
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: url, NOTIFY_DISPATCHER: "off", CHAIN_WORKER: "off" },
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = stdout.split("\n").find((text) => text.startsWith("RESULT "));
  if (!line) throw new Error(`The lists bench printed no result:\n${stdout}`);
  return JSON.parse(line.slice("RESULT ".length)) as Figures;
}

const f = (value: number) => value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function print(kind: string, figures: Figures): boolean {
  console.log(`\n### ${kind}`);
  console.log(
    "| search page of 25 at 100,000 rows, q = | rows | Twin Cards (through the domain) ms | same statement bare ms | ratio | target | result |",
  );
  console.log("|---|---|---|---|---|---|---|");
  let ok = true;
  for (const [q, { app, bare, rows }] of Object.entries(figures)) {
    const pass = app <= 2 * bare;
    console.log(`| \`${q}\` | ${rows} | ${f(app)} | ${f(bare)} | ${(app / bare).toFixed(2)}× | ≤ 2× | ${pass ? "pass" : "**short**"} |`);
    ok &&= rows > 0;
  }
  return ok;
}

/** Runs the part; resolves with whether every search found rows. */
export async function listsBench(): Promise<boolean> {
  console.log(`Admin lists (issue 40): median per call; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} before`);
  let ok = true;
  const sqlite = migratedDatabase("bench-lists");
  try {
    ok = print("SQLite", await measure(sqlite.url)) && ok;
  } finally {
    sqlite.remove();
  }
  if (process.env.BENCH_LISTS_POSTGRES !== "off") {
    const postgres = await startPostgres();
    try {
      const url = await postgres.createDatabase("bench_lists");
      await migratePostgresDatabase(url);
      ok = print("PostgreSQL", await measure(url)) && ok;
    } finally {
      await postgres.stop();
    }
  }
  return ok;
}
