import { createHash } from "node:crypto";
import pg from "pg";
import type { SqlParam } from "./dialect.server";

/**
 * Statements sent to the database driver itself, not through Prisma (issue 14,
 * decision 0028): for the few queries every /v1 request makes (its API key, the
 * shared rate-limit take, the name it validates), Prisma's fixed cost per query,
 * even for raw SQL, was about half of the request's CPU. The SQL is written once
 * for both databases with PostgreSQL's placeholders (`$1`, `$2`…); what differs
 * between the databases is in app/db/dialect.server.ts. Outside a transaction a
 * statement goes to the driver; inside one, on the driver transaction Prisma's transaction
 * runs on (app/db/driver-transaction.server.ts, decision 0069).
 */
export interface DirectSql {
  query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Promise<Row[]>;
}

// Prisma writes DateTime to `timestamp(3)` columns in UTC; node-postgres would read them as local time (the bench reads them so too).
const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
export const utcTimestamps = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE && format !== "binary"
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

export interface PostgresDirectSqlOptions {
  /**
   * Each statement a named prepared statement, parsed and planned once per
   * connection (the default, the fast path of decision 0028). Off behind a
   * transaction-mode pooler (`?pgbouncer=true`): the pooler gives each
   * transaction whichever server connection is free, where a statement this
   * process prepared on another one "does not exist", or one it prepared there
   * before "already exists" (decision 0037).
   */
  named: boolean;
}

/**
 * Direct statements on `pool`, the pool Prisma's PostgreSQL client uses too: named
 * prepared statements, or unnamed ones (parsed with every execution and gone with
 * it, as Prisma's adapter sends its own) when `named` is off.
 */
export function postgresDirectSql(pool: pg.Pool, { named }: PostgresDirectSqlOptions = { named: true }): DirectSql {
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `twin_cards_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`));
    return name;
  };
  return {
    async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]) {
      const statement = { text: sql, values: [...params], types: utcTimestamps };
      const result = await pool.query<Row>(named ? { ...statement, name: nameOf(sql) } : statement);
      return result.rows;
    },
  };
}
