import { databaseUrl } from "../wiring/config.server";
import type { Tx } from "./client.server";
import { databaseKind, type DatabaseKind } from "./database-url";

/**
 * Many rows into one table as multi-row INSERTs, `ROWS_PER_STATEMENT` at a time,
 * in the caller's transaction: what `createMany` writes, without Prisma
 * compiling a query for every row's arguments (issue 14: 90 % of a 500-card batch
 * was that). After each statement the event loop gets a turn (setImmediate: on
 * SQLite every await resolves at once, so a whole transaction would otherwise
 * run as one block, holding the loop for hundreds of milliseconds); the
 * transaction stays one, so a batch is still all or nothing.
 *
 * Values are stored as Prisma stores them: a Date as Prisma's SQLite adapter
 * writes it (ISO 8601 with `+00:00`) or as PostgreSQL's TIMESTAMP(3); the
 * columns named in `json` as JSON text (JSONB on PostgreSQL).
 */
export const ROWS_PER_STATEMENT = 50;

type Value = string | number | boolean | Date | null | undefined | object;

export async function insertRows(tx: Tx, table: string, rows: Record<string, Value>[], options: { json?: string[] } = {}): Promise<void> {
  if (rows.length === 0) return;
  const kind = databaseKind(databaseUrl());
  const json = new Set(options.json ?? []);
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const args: unknown[] = [];
    const tuples = chunk.map((row) => {
      const marks = columns.map((column) => {
        const value = row[column];
        args.push(stored(kind, value, json.has(column)));
        return placeholder(kind, args.length, value, json.has(column));
      });
      return `(${marks.join(", ")})`;
    });
    const sql = `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${tuples.join(", ")}`;
    await tx.$executeRawUnsafe(sql, ...args);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function stored(kind: DatabaseKind, value: Value, isJson: boolean): unknown {
  if (value === undefined || value === null) return null;
  if (isJson) return JSON.stringify(value);
  if (value instanceof Date) return kind === "sqlite" ? value.toISOString().replace("Z", "+00:00") : value.toISOString();
  if (typeof value === "boolean" && kind === "sqlite") return value ? 1 : 0;
  return value;
}

function placeholder(kind: DatabaseKind, n: number, value: Value, isJson: boolean): string {
  if (kind === "sqlite") return "?";
  if (isJson) return `$${n}::jsonb`;
  // Prisma's DateTime columns are TIMESTAMP(3) in UTC: the ISO string's Z is dropped, its time kept.
  if (value instanceof Date) return `$${n}::timestamp(3)`;
  return `$${n}`;
}
