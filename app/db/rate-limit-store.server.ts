import type { BucketPolicy, BucketStore } from "~/lib/rate-limit";
import { databaseUrl } from "../wiring/config.server";
import { db, inTransaction } from "./client.server";
import { databaseKind } from "./database-url";

/**
 * Rate-limit buckets in the RateLimitBucket table, one row per bucket, shared by
 * every process on the database (docs/decisions/0025-shared-limits.md). A take is
 * one statement — insert a full bucket less one token, or on conflict refill the
 * row for the time since its last take and take a token if there is one — so
 * concurrent takes on any number of processes queue on the row and none is lost:
 * PostgreSQL locks the row for the upsert, SQLite has one writer at a time. Time
 * is the database's clock, the same for every replica.
 */

interface Dialect {
  /** The database's clock in milliseconds since 1970, as a SQL expression. */
  nowMs: string;
  least: string;
  greatest: string;
  param: (n: number) => string;
}

const DIALECTS: Record<"sqlite" | "postgresql", Dialect> = {
  postgresql: { nowMs: "(extract(epoch from clock_timestamp()) * 1000)::float8", least: "LEAST", greatest: "GREATEST", param: (n) => `$${n}` },
  sqlite: { nowMs: "((julianday('now') - 2440587.5) * 86400000.0)", least: "min", greatest: "max", param: () => "?" },
};

/** A number from code (never from a request) as a SQL literal. */
function literal(value: number): string {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`A bucket policy needs positive finite numbers, not ${value}`);
  return value.toString();
}

function takeSql({ nowMs, least, greatest, param }: Dialect, { capacity, refillPerSecond }: BucketPolicy): string {
  const cap = literal(capacity);
  const perMs = literal(refillPerSecond / 1000);
  const refilled = `${least}(${cap}, b."tokens" + ${greatest}(0, excluded."refilledAtMs" - b."refilledAtMs") * ${perMs})`;
  return `INSERT INTO "RateLimitBucket" AS b ("limit", "key", "tokens", "refilledAtMs", "granted")
VALUES (${param(1)}, ${param(2)}, ${cap} - 1, ${nowMs}, true)
ON CONFLICT ("limit", "key") DO UPDATE SET
  "tokens" = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
  "granted" = ${refilled} >= 1,
  "refilledAtMs" = excluded."refilledAtMs"
RETURNING "tokens", "granted"`;
}

const purgeSql = ({ nowMs, param }: Dialect) =>
  `DELETE FROM "RateLimitBucket" WHERE "limit" = ${param(1)} AND "refilledAtMs" < ${nowMs} - ${param(2)}`;

let dialect: Dialect | undefined;
const sqlDialect = () => (dialect ??= DIALECTS[databaseKind(databaseUrl())]);

/** The one store the app's rate limits use. */
export const databaseBuckets: BucketStore = {
  async take(limit, key, policy) {
    // Inside a transaction the take would be rolled back with it (an attempt that failed would not count)
    // and on SQLite it would wait for that very transaction: limits are taken before any transaction opens.
    if (inTransaction()) throw new Error(`Rate limit ${limit} taken inside a transaction: take it before the transaction opens`);
    const rows = await db.$queryRawUnsafe<{ tokens: number; granted: boolean | number }[]>(takeSql(sqlDialect(), policy), limit, key);
    const row = rows[0];
    if (!row) throw new Error(`Rate limit ${limit}: the bucket upsert returned no row`);
    return { granted: Boolean(row.granted), tokens: Number(row.tokens) };
  },
  async purge(limit, idleMs) {
    await db.$executeRawUnsafe(purgeSql(sqlDialect()), limit, idleMs);
  },
};
