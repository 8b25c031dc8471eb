import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The committed PostgreSQL migrations: one folder per migration, applied in name order. */
export const POSTGRES_MIGRATIONS_DIR = "prisma/postgresql/migrations";
/** Where applied migrations are recorded (name, checksum, when). */
export const MIGRATIONS_TABLE = "_twin_cards_migrations";
/** Any fixed number, the same in every release: the advisory lock every migrator takes before looking at the table. */
export const MIGRATION_LOCK_KEY = 7_122_613;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The migrations in `dir` (each `<name>/migration.sql`), oldest first. */
export function readMigrations(dir = POSTGRES_MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Applies the migrations the database has not recorded yet (decision 0022): all
 * of them in ONE transaction, which first takes a transaction-level advisory
 * lock, so a second migrator (another replica releasing at the same moment)
 * waits, then finds them recorded and applies nothing. A failing migration rolls
 * back every one of this run; a recorded migration whose file changed since, or
 * one this release does not have, stops the run before anything is applied.
 * Resolves with the names applied.
 */
export async function migratePostgres(client: pg.ClientBase, migrations: Migration[]): Promise<string[]> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (name TEXT PRIMARY KEY, checksum TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ name: string; checksum: string }>(`SELECT name, checksum FROM "${MIGRATIONS_TABLE}"`);
    const known = new Map(migrations.map((migration) => [migration.name, migration]));
    for (const row of rows) {
      const migration = known.get(row.name);
      if (!migration)
        throw new MigrationError(
          `The database has migration ${row.name}, which this release does not have: deploy the release that added it.`,
        );
      if (migration.checksum !== row.checksum)
        throw new MigrationError(
          `Migration ${row.name} was changed after it was applied: restore its migration.sql and add a new migration instead.`,
        );
    }
    const applied = new Set(rows.map((row) => row.name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      try {
        await client.query(migration.sql);
      } catch (error) {
        throw new MigrationError(`Migration ${migration.name} failed, nothing was applied: ${(error as Error).message}`);
      }
      await client.query(`INSERT INTO "${MIGRATIONS_TABLE}" (name, checksum) VALUES ($1, $2)`, [migration.name, migration.checksum]);
    }
    await client.query("COMMIT");
    return pending.map((migration) => migration.name);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
