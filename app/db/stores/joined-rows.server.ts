import type { ChainMint } from "@prisma/client";
import { readBoolean, readDate, readInt, readJson } from "../dialect.server";

/*
 * A list page read as one plain statement with its joins (the Cards, Twins and Notifications
 * lists): each table's columns selected under a prefix, and read back as Prisma reads them.
 */

export type Kind = "text" | "date" | "json" | "int" | "bool";

export const MINT: Record<keyof ChainMint, Kind> = {
  id: "text",
  shop: "text",
  twinId: "text",
  cardId: "text",
  recipient: "text",
  mintAddress: "text",
  cluster: "text",
  status: "text",
  attempts: "int",
  nextAttemptAt: "date",
  lockedUntil: "date",
  lastError: "text",
  sentSignatures: "text",
  signature: "text",
  mintedAt: "date",
  createdAt: "date",
};

export const select = (alias: string, columns: Record<string, Kind>, prefix = "") =>
  Object.keys(columns).map((column) => `${alias}."${column}" AS "${prefix}${column}"`);

/** A stored value as Prisma reads it (app/db/dialect.server.ts). */
function read(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === "date") return readDate(value);
  if (kind === "json") return readJson(value);
  if (kind === "int") return readInt(value);
  if (kind === "bool") return readBoolean(value);
  return value;
}

/** Reads one table's columns out of a joined row (its columns listed once, not per row: a page has 101 rows of 39 columns). */
export function picker<T>(columns: Record<string, Kind>, prefix = ""): (row: Record<string, unknown>) => T {
  const list = Object.entries(columns).map(([column, kind]) => [column, prefix + column, kind] as const);
  return (row) => {
    const picked: Record<string, unknown> = {};
    for (const [column, key, kind] of list) picked[column] = read(row[key], kind);
    return picked as T;
  };
}
