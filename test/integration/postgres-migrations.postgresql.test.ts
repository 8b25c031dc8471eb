import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { connectPostgres } from "~/db/postgres-connect.server";
import { MIGRATIONS_TABLE, migratePostgres, POSTGRES_MIGRATIONS_DIR, readMigrations } from "~/db/postgres-migrator.server";
import { postgresSchemaFrom } from "../../scripts/postgres-schema";
import { emptyPostgresDatabase } from "../support/databases";

// `npm run db:migrate` on PostgreSQL: the project's migrator (decision 0022).
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(label: string) {
  const database = await emptyPostgresDatabase(label);
  cleanups.push(database.remove);
  return database.url;
}

async function query<T extends Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = await connectPostgres(url);
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const tablesOf = async (url: string) =>
  (
    await query<{ name: string }>(url, "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")
  ).map((row) => row.name);

/** Every column, index and constraint, in a stable order (column order in a table aside, as migrations append). */
const catalogOf = async (url: string) => ({
  columns: await query(
    url,
    `SELECT table_name, column_name, data_type, udt_name, datetime_precision, is_nullable, column_default
    FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '${MIGRATIONS_TABLE}' ORDER BY 1, 2`,
  ),
  indexes: await query(
    url,
    `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '${MIGRATIONS_TABLE}' ORDER BY 1, 2`,
  ),
  constraints: await query(
    url,
    `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS definition
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '${MIGRATIONS_TABLE}' ORDER BY 1, 2`,
  ),
});

/** `npm run db:migrate` as a release runs it, against `url`. */
async function dbMigrate(url: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "-s", "db:migrate"], {
      env: { ...process.env, DATABASE_URL: url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A copy of the committed migrations plus `extra` ones, in a temp folder. */
function migrationsWith(extra: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-migrations-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(POSTGRES_MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, sql] of Object.entries(extra)) {
    cpSync(path.join(dir, readMigrations(dir)[0]!.name), path.join(dir, name), { recursive: true });
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("npm run db:migrate on PostgreSQL", () => {
  it("applies every committed migration once when two replicas migrate one new database at the same moment", async () => {
    const url = await emptyDatabase("race");

    const results = await Promise.all([dbMigrate(url), dbMigrate(url)]);

    expect(results.map((result) => result.code)).toEqual([0, 0]);
    const said = results.map((result) => result.stdout.trim()).sort();
    const names = readMigrations().map((migration) => migration.name);
    expect(said).toEqual(
      [`PostgreSQL: applied ${names.length} migration(s): ${names.join(", ")}`, "PostgreSQL: no pending migrations."].sort(),
    );
    const recorded = await query<{ name: string }>(url, `SELECT name FROM "${MIGRATIONS_TABLE}" ORDER BY name`);
    expect(recorded.map((row) => row.name)).toEqual(names);
    expect(await tablesOf(url)).toEqual(expect.arrayContaining(["ApiKey", "UnitCard", "Notification", "ChainMint", MIGRATIONS_TABLE]));
  }, 60_000);

  it("rolls back the whole run when one migration fails, naming it, and leaves no table behind", async () => {
    const url = await emptyDatabase("broken");
    const dir = migrationsWith({ "29990101000000_broken": `CREATE TABLE "Extra" (id TEXT);\nSELEC 1;` });
    const client = await connectPostgres(url);
    cleanups.push(() => client.end());

    await expect(migratePostgres(client, readMigrations(dir))).rejects.toThrow(
      /^Migration 29990101000000_broken failed, nothing was applied: syntax error/,
    );

    expect(await tablesOf(url)).toEqual([]);
  });

  it("applies only what is new on a later release, and refuses a migration edited after it was applied", async () => {
    const url = await emptyDatabase("later");
    const client = await connectPostgres(url);
    cleanups.push(() => client.end());
    await migratePostgres(client, readMigrations());

    const later = migrationsWith({ "29990101000000_extra": `CREATE TABLE "Extra" (id TEXT PRIMARY KEY);` });
    expect(await migratePostgres(client, readMigrations(later))).toEqual(["29990101000000_extra"]);

    const edited = readMigrations(later).map((migration) =>
      migration.name === "29990101000000_extra"
        ? { ...migration, sql: migration.sql + "\n-- edited", checksum: "0".repeat(64) }
        : migration,
    );
    await expect(migratePostgres(client, edited)).rejects.toThrow("Migration 29990101000000_extra was changed after it was applied");
  });
});

describe("the PostgreSQL migrations and prisma/schema.prisma", () => {
  it("agree: the schema derived from prisma/schema.prisma is the datamodel the committed migrations build", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-schema-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const derived = path.join(dir, "schema.prisma");
    writeFileSync(derived, postgresSchemaFrom(readFileSync("prisma/schema.prisma", "utf8")));
    const datamodel = path.join(POSTGRES_MIGRATIONS_DIR, "datamodel.prisma");

    const { DATABASE_URL: _unused, ...env } = process.env;
    const sql = execFileSync(
      "node_modules/.bin/prisma",
      ["migrate", "diff", "--from-schema-datamodel", datamodel, "--to-schema-datamodel", derived, "--script"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env,
      },
    );

    expect(
      sql.trim(),
      "prisma/schema.prisma changed without a PostgreSQL migration: run `npm run db:postgres-migration` and commit what it writes",
    ).toBe("-- This is an empty migration.");
  });

  it("agree: the committed migrations build exactly the tables, columns, indexes and keys of that datamodel", async () => {
    const [migrated, fromDatamodel] = await Promise.all([emptyDatabase("migrated"), emptyDatabase("datamodel")]);
    const client = await connectPostgres(migrated);
    cleanups.push(() => client.end());
    await migratePostgres(client, readMigrations());
    const { DATABASE_URL: _unused, ...env } = process.env;
    const datamodelSql = execFileSync(
      "node_modules/.bin/prisma",
      ["migrate", "diff", "--from-empty", "--to-schema-datamodel", path.join(POSTGRES_MIGRATIONS_DIR, "datamodel.prisma"), "--script"],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env,
      },
    );
    await query(fromDatamodel, datamodelSql);

    const [expected, actual] = await Promise.all([catalogOf(fromDatamodel), catalogOf(migrated)]);
    expect(expected.columns.length).toBeGreaterThan(50);
    expect(actual).toEqual(expected);
  });
});
