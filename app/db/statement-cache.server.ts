/** How many prepared statements a connection keeps; Prisma's generated SQL varies with IN lists and multi-row inserts. */
export const STATEMENT_CACHE_SIZE = 500;

/** What of a better-sqlite3 statement and database this uses (the driver comes with Prisma's adapter, untyped). */
interface Statement {
  readonly reader: boolean;
  columns(): unknown[];
  run(...args: unknown[]): unknown;
  raw(on: boolean): { all(...args: unknown[]): unknown[] };
}
export interface SqliteConnection {
  prepare(sql: string): unknown;
}

/**
 * A statement prepared once for `sql` and bound afresh on every use, shaped as
 * Prisma's better-sqlite3 adapter uses what `prepare(sql).bind(args)` returns
 * (`reader`, `columns()`, `run()`, `raw().all()`). better-sqlite3 binds a
 * statement for good, so the adapter prepares every query anew: parsing and
 * planning the SQL cost about 15 % of a /v1 request (issue 14).
 */
function boundOnce(statement: Statement, args: unknown[]) {
  return {
    reader: statement.reader,
    columns: () => statement.columns(),
    run: () => statement.run(...args),
    raw: () => ({ all: () => statement.raw(true).all(...args) }),
  };
}

/**
 * Makes `database.prepare(sql).bind(args)` reuse the statement already prepared
 * for `sql` (least recently used dropped past `size`). SQLite re-prepares a cached
 * statement by itself when the schema changes under it.
 */
export function cacheStatements(database: SqliteConnection, size = STATEMENT_CACHE_SIZE): void {
  const prepare = database.prepare.bind(database) as (sql: string) => Statement;
  const cache = new Map<string, Statement>();
  const cached = (sql: string): Statement => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
  Object.assign(database, {
    prepare: (sql: string) => ({
      bind: (args: unknown[]) => boundOnce(cached(sql), args),
      run: (...args: unknown[]) => cached(sql).run(...args),
    }),
  });
}
