import { type ArgType, type ColumnType, ColumnTypeEnum, DriverAdapterError } from "@prisma/driver-adapter-utils";
import type { SqliteValue } from "./sqlite-connection.server";
import { sqliteDate } from "./dialect.server";

/**
 * How values cross between Prisma's query engine and better-sqlite3 (app/db/sqlite-adapter.server.ts),
 * as Prisma's driver-adapter contract asks: arguments in SQLite's storage types, rows back with a
 * column type per column, driver errors as Prisma's mapped errors.
 */

// Declared column types of Prisma's SQLite migrations, and the type Prisma reads each as.
const DECLARED: Record<string, ColumnType> = {
  INTEGER: ColumnTypeEnum.Int32,
  INT: ColumnTypeEnum.Int32,
  BIGINT: ColumnTypeEnum.Int64,
  REAL: ColumnTypeEnum.Double,
  DOUBLE: ColumnTypeEnum.Double,
  FLOAT: ColumnTypeEnum.Float,
  DECIMAL: ColumnTypeEnum.Numeric,
  TEXT: ColumnTypeEnum.Text,
  DATETIME: ColumnTypeEnum.DateTime,
  TIMESTAMP: ColumnTypeEnum.DateTime,
  DATE: ColumnTypeEnum.Date,
  TIME: ColumnTypeEnum.Time,
  BOOLEAN: ColumnTypeEnum.Boolean,
  JSONB: ColumnTypeEnum.Json,
  BLOB: ColumnTypeEnum.Bytes,
};

/** An argument as SQLite stores it. */
export function sqliteArg(arg: unknown, type: ArgType | undefined): SqliteValue {
  if (arg === null || arg === undefined) return null;
  const scalar = type?.scalarType;
  if (typeof arg === "boolean") return arg ? 1 : 0;
  if (typeof arg === "string") {
    if (scalar === "int") return Number.parseInt(arg, 10);
    if (scalar === "float" || scalar === "decimal") return Number.parseFloat(arg);
    if (scalar === "bigint") return BigInt(arg);
    if (scalar === "datetime") return sqliteDate(new Date(arg));
    if (scalar === "bytes") return Buffer.from(arg, "base64");
    return arg;
  }
  if (arg instanceof Date) return sqliteDate(arg);
  if (Array.isArray(arg) && scalar === "bytes") return Buffer.from(arg as number[]);
  return arg as SqliteValue;
}

/**
 * Each column's type: its declared type, or for an expression (no declared type) the type of
 * its first non-null value (a column of nulls reads as Int32, which Prisma accepts for null).
 */
export function columnTypes(declared: (string | null)[], rows: unknown[][]): ColumnType[] {
  return declared.map((type, index) => {
    const known = type ? DECLARED[type.toUpperCase()] : undefined;
    if (known !== undefined) return known;
    const value = rows.find((row) => row[index] !== null)?.[index];
    if (value === undefined) return ColumnTypeEnum.Int32;
    if (typeof value === "string") return ColumnTypeEnum.Text;
    if (typeof value === "bigint") return ColumnTypeEnum.Int64;
    if (typeof value === "number") return ColumnTypeEnum.UnknownNumber;
    if (Buffer.isBuffer(value)) return ColumnTypeEnum.Bytes;
    throw new Error(`Unexpected SQLite value of type ${typeof value}`);
  });
}

const INTEGER_TYPES: ColumnType[] = [ColumnTypeEnum.Int32, ColumnTypeEnum.Int64];

/** A row as Prisma reads it: integers (read as BigInt, safely) as text, blobs as byte arrays, epoch dates as ISO text. */
export function prismaRow(row: unknown[], types: ColumnType[]): unknown[] {
  return row.map((value, i) => {
    if (Buffer.isBuffer(value)) return Array.from(value);
    const type = types[i]!;
    if (type === ColumnTypeEnum.DateTime && (typeof value === "number" || typeof value === "bigint")) {
      return new Date(Number(value)).toISOString();
    }
    if (typeof value === "bigint") return value.toString();
    // A REAL in an integer column (SQLite's columns take any value) is read as Prisma reads it: truncated.
    if (typeof value === "number" && INTEGER_TYPES.includes(type) && !Number.isInteger(value)) return Math.trunc(value);
    return value;
  });
}

const fieldsOf = (message: string) =>
  message
    .split("constraint failed: ")[1]
    ?.split(", ")
    .map((field) => field.split(".").pop()!);

/** A driver error as Prisma's adapter error (how Prisma names constraint violations and busy files); others as they are. */
export function adapterError(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== "string" || typeof message !== "string") return error;
  const original = { originalCode: code, originalMessage: message };
  // Another process's write lock past the retry budget, or no turn on this process's connection in time.
  if (code.startsWith("SQLITE_BUSY") || code === "SQLITE_TURN_TIMEOUT")
    return new DriverAdapterError({ kind: "SocketTimeout", ...original });
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const fields = fieldsOf(message);
    return new DriverAdapterError({ kind: "UniqueConstraintViolation", constraint: fields && { fields }, ...original });
  }
  if (code === "SQLITE_CONSTRAINT_NOTNULL") {
    const fields = fieldsOf(message);
    return new DriverAdapterError({ kind: "NullConstraintViolation", constraint: fields && { fields }, ...original });
  }
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "SQLITE_CONSTRAINT_TRIGGER") {
    return new DriverAdapterError({ kind: "ForeignKeyConstraintViolation", constraint: { foreignKey: {} }, ...original });
  }
  if (message.startsWith("no such table"))
    return new DriverAdapterError({ kind: "TableDoesNotExist", table: message.split(": ")[1], ...original });
  if (message.startsWith("no such column"))
    return new DriverAdapterError({ kind: "ColumnNotFound", column: message.split(": ")[1], ...original });
  return error;
}
