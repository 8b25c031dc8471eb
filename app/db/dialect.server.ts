import type { DatabaseKind } from "./database-url";

/**
 * Every difference between SQLite and PostgreSQL that the stores' own SQL meets, written once
 * (issue 26, decision 0041). The SQL itself is written once for both, with PostgreSQL's
 * placeholders (`$1`, `$2`…); upserts (`INSERT … ON CONFLICT … DO UPDATE`) and `RETURNING`
 * have the same syntax on both. What differs is here:
 *
 * - **placeholders**: SQLite's driver binds `$n` as named parameters;
 * - **values written**: SQLite has no boolean, date or JSON type, so a boolean is 1 or 0, a date
 *   ISO 8601 text as Prisma's SQLite adapter stores it, JSON its text; PostgreSQL takes them
 *   with a cast to the column's type (`::jsonb`, `::timestamp(3)` in UTC, as Prisma's `DateTime`);
 * - **values read**: SQLite hands back 1/0, text dates and JSON text; PostgreSQL's driver booleans,
 *   `Date`s and parsed JSON. The readers below take either;
 * - **functions**: the clock in milliseconds, `min`/`max` of two values, a date's time slot, a JSON array's length.
 */

/** What a statement takes as a parameter once `written`: plain values the drivers bind. */
export type SqlParam = string | number | boolean | null;
/** What the stores hand in to be written. */
export type SqlValue = SqlParam | Date | object | undefined;

/** A DateTime as Prisma stores it in SQLite: ISO 8601 with an explicit `+00:00`. */
export const sqliteDate = (date: Date): string => date.toISOString().replace("Z", "+00:00");

export interface Dialect {
  readonly kind: DatabaseKind;
  /** `value` as the driver binds it for a column (`json`: a JSON column). */
  written(value: SqlValue, json?: boolean): SqlParam;
  /** The `n`th placeholder for `value`, with the cast its column needs. */
  placeholder(n: number, value: SqlValue, json?: boolean): string;
  /** The database's clock in milliseconds since 1970, as an SQL expression (the same for every replica). */
  readonly nowMs: string;
  /** The smaller / larger of two values. */
  readonly least: string;
  readonly greatest: string;
  /** Which `seconds`-long slot since 1970 a DateTime column's value falls in, as an integer SQL expression. */
  slotOf(column: string, seconds: number): string;
  /** The length of a JSON array column, as an SQL expression. */
  jsonArrayLength(column: string): string;
}

const sqlite: Dialect = {
  kind: "sqlite",
  written(value, json = false) {
    if (value === undefined || value === null) return null;
    if (json) return JSON.stringify(value);
    if (value instanceof Date) return sqliteDate(value);
    if (typeof value === "boolean") return value ? 1 : 0;
    if (typeof value === "object") throw new Error("An object goes to a JSON column only");
    return value;
  },
  placeholder: (n) => `$${n}`,
  nowMs: "((julianday('now') - 2440587.5) * 86400000.0)",
  least: "min",
  greatest: "max",
  slotOf: (column, seconds) => `(CAST(strftime('%s', ${column}) AS INTEGER) / ${seconds})`,
  jsonArrayLength: (column) => `json_array_length(${column})`,
};

const postgresql: Dialect = {
  kind: "postgresql",
  written(value, json = false) {
    if (value === undefined || value === null) return null;
    if (json) return JSON.stringify(value);
    if (value instanceof Date) return value.toISOString();
    if (typeof value === "object") throw new Error("An object goes to a JSON column only");
    return value;
  },
  placeholder(n, value, json = false) {
    if (json) return `$${n}::jsonb`;
    // Prisma's DateTime columns are TIMESTAMP(3) in UTC: the ISO string's Z is dropped, its time kept.
    if (value instanceof Date) return `$${n}::timestamp(3)`;
    return `$${n}`;
  },
  nowMs: "(extract(epoch from clock_timestamp()) * 1000)::float8",
  least: "LEAST",
  greatest: "GREATEST",
  slotOf: (column, seconds) => `floor(extract(epoch from ${column}) / ${seconds})::bigint`,
  jsonArrayLength: (column) => `jsonb_array_length(${column})`,
};

/** `values` as a statement's placeholders (with the casts their columns need) and its parameters, from `$first` on. */
export const boundValues = (dialect: Dialect, values: readonly SqlValue[], first = 1) => ({
  marks: values.map((value, i) => dialect.placeholder(first + i, value)),
  params: values.map((value) => dialect.written(value)),
});

export const dialectOf = (kind: DatabaseKind): Dialect => (kind === "sqlite" ? sqlite : postgresql);

/** A BOOLEAN column as read back: SQLite's 1 or 0, PostgreSQL's boolean. */
export const readBoolean = (value: unknown): boolean => value === true || value === 1 || value === 1n;

/** A DATETIME column as read back: SQLite's text, PostgreSQL's Date. */
export const readDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(value as string | number);

/** A JSON column as read back: SQLite's text, PostgreSQL's parsed value. */
export const readJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : (value ?? null));

/** An INT column as read back (PostgreSQL's driver reads 64-bit integers as text). */
export const readInt = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** `$1`-style parameters as better-sqlite3 binds SQLite's named `$1`, `$2`… */
export const sqliteNamedParams = (params: readonly SqlParam[]): Record<number, string | number | null> =>
  Object.fromEntries(params.map((value, i) => [i + 1, sqlite.written(value) as string | number | null]));
