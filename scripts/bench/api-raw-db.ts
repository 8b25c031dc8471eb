// The api bench's raw database access: the driver alone (better-sqlite3 or pg),
// with no Prisma, no domain. The baselines the API's figures are divided by.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { databaseKind } from "~/db/database-url";
import { type SqlParam, sqliteNamedParams } from "~/db/dialect.server";
import { utcTimestamps } from "~/db/direct-sql.server";

interface SqliteStatement {
  readonly reader: boolean;
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): Record<string, unknown>[];
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  pragma(sql: string): unknown;
  transaction<A extends unknown[]>(work: (...args: A) => void): (...args: A) => void;
  readonly inTransaction: boolean;
  close(): void;
}

/** A statement with `$1`, `$2`… parameters (the form of the app's own SQL), answering its rows. */
export type Query = <Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]) => Promise<Row[]>;

/** What the baselines need of a database: a query, and several statements in one transaction. */
export interface RawDb {
  kind: "sqlite" | "postgresql";
  query(sql: string, args?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Every statement in one transaction (one prepared statement per distinct SQL on SQLite). */
  transaction(statements: { sql: string; args: unknown[] }[]): Promise<void>;
  /**
   * A `$n` statement as the app's direct statements send it (app/db/direct-sql.server.ts): on PostgreSQL
   * a named prepared statement, TIMESTAMP read as UTC; on SQLite one prepared statement per SQL, `$n`
   * bound as named parameters, booleans as 1 or 0. On SQLite it waits while a `transact` is open.
   */
  direct: { query: Query };
  /**
   * `work` in one transaction, its `$n` statements given to it: on PostgreSQL on one pooled connection
   * (BEGIN … COMMIT), on SQLite with BEGIN IMMEDIATE as the app's adapter, one transaction at a time
   * on the connection and no other statement inside it. ROLLBACK when `work` throws.
   */
  transact<T>(work: (query: Query) => Promise<T>): Promise<T>;
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

/** A name for each distinct SQL, the same on every connection. */
function statementNames(): (sql: string) => string {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `bench_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`));
    return name;
  };
}

/** Named prepared statements (parsed and planned once per connection) on `on`, a pool or one of its connections. */
function namedQuery(on: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string): Query {
  return async <Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]) =>
    (await on.query<Row>({ name: nameOf(sql), text: sql, values: [...params], types: utcTimestamps })).rows;
}

export function openRawDb(url: string, poolSize = 10): RawDb {
  if (databaseKind(url) === "postgresql") {
    const pool = new pg.Pool({ connectionString: url, max: poolSize });
    const nameOf = statementNames();
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
      direct: { query: namedQuery(pool, nameOf) },
      async transact(work) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const result = await work(namedQuery(client, nameOf));
          await client.query("COMMIT");
          return result;
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
  const run = <Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Row[] => {
    const statement = prepared(sql);
    const bound = params.length ? [sqliteNamedParams(params)] : [];
    if (statement.reader) return statement.all(...bound) as Row[];
    statement.run(...bound);
    return [];
  };
  // The open `transact`, if any: one connection, so any other statement would run inside it.
  let open: Promise<void> | null = null;
  const turn = async () => {
    while (open) await open;
  };
  return {
    kind: "sqlite",
    query: async (sql, args = []) => (/^\s*select/i.test(sql) ? prepared(sql).all(...args) : (prepared(sql).run(...args), [])),
    transaction: async (list) => inTransaction(list),
    direct: {
      async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]) {
        if (open) await turn();
        return run<Row>(sql, params);
      },
    },
    async transact(work) {
      if (open) await turn();
      let done!: () => void;
      open = new Promise<void>((resolve) => (done = resolve));
      try {
        run("BEGIN IMMEDIATE", []);
        const result = await work(async <Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]) =>
          run<Row>(sql, params),
        );
        run("COMMIT", []);
        return result;
      } catch (error) {
        if (sqlite.inTransaction) run("ROLLBACK", []);
        throw error;
      } finally {
        open = null;
        done();
      }
    },
    close: async () => sqlite.close(),
  };
}

/** A stored value as the driver takes it back (SQLite has no booleans, dates or objects). */
export function storable(kind: RawDb["kind"], value: unknown): unknown {
  if (kind === "postgresql") return value !== null && typeof value === "object" && !(value instanceof Date) ? JSON.stringify(value) : value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}
