import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { MIGRATIONS_TABLE, readMigrations } from "~/db/postgres-migrator.server";
import { freePort } from "../support/postgres";

// `npm run db:migrate` behind a pooler: it connects to DIRECT_URL (PostgreSQL itself) when set, as
// Prisma's `directUrl`, and to DATABASE_URL otherwise; a URL that cannot be used is named by its variable.

const directServer = inject("postgresDirectUrl");
const poolerUrl = inject("databaseUrl");

/** `npm run db:migrate` with exactly these database variables. */
async function migrate(env: { DATABASE_URL: string; DIRECT_URL?: string }) {
  const { DIRECT_URL: _inherited, ...rest } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["-s", "run", "db:migrate"], { env: { ...rest, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const ownLines = (stderr: string) => stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));

/** A new empty database on the server, created directly; its name and its direct and pooled URLs. */
async function newDatabase() {
  const name = `migrate_${randomUUID().slice(0, 8)}`;
  const client = new pg.Client({ connectionString: directServer });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const direct = new URL(directServer);
  direct.pathname = `/${name}`;
  const pooled = new URL(poolerUrl);
  pooled.pathname = `/${name}`;
  return { name, direct: direct.href, pooled: pooled.href };
}

/** The migrations recorded in the database at `url`. */
async function recorded(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY name`);
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

const allMigrations = readMigrations().map((migration) => migration.name);

describe("npm run db:migrate with DIRECT_URL", () => {
  it("migrates on DIRECT_URL, never connecting to DATABASE_URL", async () => {
    const database = await newDatabase();
    // Nothing answers at DATABASE_URL: the run can only have used DIRECT_URL.
    const nowhere = `postgresql://postgres@127.0.0.1:${await freePort()}/${database.name}?pgbouncer=true`;

    const first = await migrate({ DATABASE_URL: nowhere, DIRECT_URL: database.direct });

    expect({ code: first.code, stderr: ownLines(first.stderr) }).toEqual({ code: 0, stderr: [] });
    expect(first.stdout.trim()).toBe(`PostgreSQL: applied ${allMigrations.length} migration(s): ${allMigrations.join(", ")}`);
    expect(await recorded(database.direct)).toEqual(allMigrations);

    // The app's pooled DATABASE_URL and the direct one are the same database: nothing left to apply.
    const again = await migrate({ DATABASE_URL: database.pooled, DIRECT_URL: database.direct });
    expect({ code: again.code, stdout: again.stdout.trim() }).toEqual({ code: 0, stdout: "PostgreSQL: no pending migrations." });
  }, 60_000);

  it("names the variable whose URL cannot be used: DIRECT_URL when set, DATABASE_URL otherwise", async () => {
    const port = await freePort();
    const url = `postgresql://twin:hunter2@127.0.0.1:${port}/twin_cards`;

    const [viaDirect, viaDatabase] = await Promise.all([
      migrate({ DATABASE_URL: poolerUrl, DIRECT_URL: url }),
      migrate({ DATABASE_URL: `${url}?pgbouncer=true` }),
    ]);

    expect({ code: viaDirect.code, stderr: ownLines(viaDirect.stderr) }).toEqual({
      code: 1,
      stderr: [
        `Cannot use the database at DIRECT_URL=postgresql://twin:***@127.0.0.1:${port}/twin_cards: connect ECONNREFUSED 127.0.0.1:${port}`,
      ],
    });
    expect({ code: viaDatabase.code, stderr: ownLines(viaDatabase.stderr) }).toEqual({
      code: 1,
      stderr: [
        `Cannot use the database at DATABASE_URL=postgresql://twin:***@127.0.0.1:${port}/twin_cards?pgbouncer=true: connect ECONNREFUSED 127.0.0.1:${port}`,
      ],
    });
  }, 60_000);

  it("also migrates through the transaction-mode pooler without DIRECT_URL: its lock is the transaction's, so two at once apply everything once", async () => {
    const database = await newDatabase();

    const runs = await Promise.all([migrate({ DATABASE_URL: database.pooled }), migrate({ DATABASE_URL: database.pooled })]);

    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    expect(runs.map((run) => run.stdout.trim()).sort()).toEqual([
      `PostgreSQL: applied ${allMigrations.length} migration(s): ${allMigrations.join(", ")}`,
      "PostgreSQL: no pending migrations.",
    ]);
    expect(await recorded(database.direct)).toEqual(allMigrations);
  }, 60_000);
});
