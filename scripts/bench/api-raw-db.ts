// The api bench's raw database access: the driver alone (better-sqlite3 or pg),
// with no Prisma, no domain. The baselines the API's figures are divided by.
import { createRequire } from "node:module";
import pg from "pg";
import { databaseKind } from "~/db/database-url";

interface SqliteStatement {
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): Record<string, unknown>[];
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  pragma(sql: string): unknown;
  transaction<A extends unknown[]>(work: (...args: A) => void): (...args: A) => void;
  close(): void;
}

/** What the baselines need of a database: a query, and several statements in one transaction. */
export interface RawDb {
  kind: "sqlite" | "postgresql";
  query(sql: string, args?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Every statement in one transaction (one prepared statement per distinct SQL on SQLite). */
  transaction(statements: { sql: string; args: unknown[] }[]): Promise<void>;
  close(): Promise<void>;
}

/** `?` placeholders as the database wants them. */
const placeholders = (kind: RawDb["kind"], sql: string) =>
  kind === "sqlite"
    ? sql
    : sql.replace(
        /\?/g,
        (() => {
          let n = 0;
          return () => `$${++n}`;
        })(),
      );

export function openRawDb(url: string, poolSize = 10): RawDb {
  if (databaseKind(url) === "postgresql") {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    return {
      kind: "postgresql",
      query: async (sql, args = []) => (await pool.query(placeholders("postgresql", sql), args)).rows as Record<string, unknown>[],
      async transaction(statements) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          for (const { sql, args } of statements) await client.query(placeholders("postgresql", sql), args);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string, options?: { timeout?: number }) => SqliteDatabase;
  const sqlite = new Database(url.replace(/^file:/, ""), { timeout: 10_000 });
  // As the app's adapter sets them (app/db/sqlite-adapter.server.ts).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  const statements = new Map<string, SqliteStatement>();
  const prepared = (sql: string) => statements.get(sql) ?? statements.set(sql, sqlite.prepare(sql)).get(sql)!;
  const inTransaction = sqlite.transaction((list: { sql: string; args: unknown[] }[]) => {
    for (const { sql, args } of list) prepared(sql).run(...args);
  });
  return {
    kind: "sqlite",
    query: async (sql, args = []) => (/^\s*select/i.test(sql) ? prepared(sql).all(...args) : (prepared(sql).run(...args), [])),
    transaction: async (list) => inTransaction(list),
    close: async () => sqlite.close(),
  };
}

/** A stored value as the driver takes it back (SQLite has no booleans, dates or objects). */
export function storable(kind: RawDb["kind"], value: unknown): unknown {
  if (kind === "postgresql") return value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}
