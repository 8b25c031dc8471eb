import { databaseDialect, directSql } from "./client.server";
import type { SqlParam, SqlValue } from "./dialect.server";

/**
 * Many rows into one table as multi-row INSERTs, `ROWS_PER_STATEMENT` at a time,
 * in the caller's transaction: what `createMany` writes, without Prisma
 * compiling a query for every row's arguments (issue 14: 90 % of a 500-card batch
 * was that). After each statement the event loop gets a turn (setImmediate: on
 * SQLite every await resolves at once, so a whole transaction would otherwise
 * run as one block, holding the loop for hundreds of milliseconds); the
 * transaction stays one, so a batch is still all or nothing.
 *
 * Values are stored as Prisma stores them (app/db/dialect.server.ts); the columns
 * named in `json` as JSON.
 */
export const ROWS_PER_STATEMENT = 50;

export async function insertRows(table: string, records: readonly object[], options: { json?: string[] } = {}): Promise<void> {
  if (records.length === 0) return;
  const rows = records as readonly Record<string, SqlValue>[];
  const dialect = databaseDialect();
  const json = new Set(options.json ?? []);
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const args: SqlParam[] = [];
    const tuples = chunk.map((row) => {
      const marks = columns.map((column) => {
        const value = row[column];
        args.push(dialect.written(value, json.has(column)));
        return dialect.placeholder(args.length, value, json.has(column));
      });
      return `(${marks.join(", ")})`;
    });
    const sql = `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${tuples.join(", ")}`;
    await directSql.query(sql, args);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
