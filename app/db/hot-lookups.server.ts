import { Prisma } from "@prisma/client";
import { db } from "./client.server";

/**
 * The lookups every /v1 request of their kind makes, by a unique column, as one
 * plain SELECT (issue 14, decision 0028): Prisma compiles a query for every
 * findUnique, which cost three times the round trip itself. Same rows, same
 * database, no cache: a revoked key fails on the very next request, on every replica.
 */

export interface ApiKeyRow {
  id: string;
  shop: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

// SQLite hands DATETIME columns back as text in raw queries, PostgreSQL as Date.
const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string | Date));

/** The API key whose SHA-256 is `keyHash`, revoked or not; null when there is none. */
export async function apiKeyByHash(keyHash: string): Promise<ApiKeyRow | null> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>(
    Prisma.sql`SELECT "id", "shop", "lastUsedAt", "revokedAt" FROM "ApiKey" WHERE "keyHash" = ${keyHash}`,
  );
  const row = rows[0];
  return row ? { id: String(row.id), shop: String(row.shop), lastUsedAt: toDate(row.lastUsedAt), revokedAt: toDate(row.revokedAt) } : null;
}

/** The universal name `name` (names are global), null when nobody registered it. */
export async function universalNameByName(name: string): Promise<{ id: string; name: string; publicKey: string } | null> {
  const rows = await db.$queryRaw<{ id: string; name: string; publicKey: string }[]>(
    Prisma.sql`SELECT "id", "name", "publicKey" FROM "UniversalName" WHERE "name" = ${name}`,
  );
  return rows[0] ?? null;
}
