import type { BucketPolicy, BucketStore } from "~/lib/rate-limit";
import type { DatabaseKind } from "./database-url";

/**
 * Rate-limit buckets in the RateLimitBucket table, one row per bucket, shared by
 * every process on the database (docs/decisions/0025-shared-limits.md). A take is
 * one statement — insert a full bucket less one token, or on conflict refill the
 * row for the time since its last take and take a token if there is one — so
 * concurrent takes on any number of processes queue on the row and none is lost:
 * PostgreSQL locks the row for the upsert, SQLite has one writer at a time. Time
 * is the database's clock, the same for every replica.
 */

/** What the store needs of a Prisma client (either database's). */
export interface RawSqlClient {
  $queryRawUnsafe<T>(sql: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(sql: string, ...values: unknown[]): Promise<number>;
}

interface Dialect {
  /** The database's clock in milliseconds since 1970, as a SQL expression. */
  nowMs: string;
  least: string;
  greatest: string;
  param: (n: number) => string;
}

const DIALECTS: Record<DatabaseKind, Dialect> = {
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

/** The buckets on `client`, a database of `kind`; `beforeTake` may refuse a take (throw). */
export function sqlBucketStore(client: RawSqlClient, kind: DatabaseKind, beforeTake: (limit: string) => void = () => undefined): BucketStore {
  const dialect = DIALECTS[kind];
  return {
    async take(limit, key, policy) {
      beforeTake(limit);
      const rows = await client.$queryRawUnsafe<{ tokens: number; granted: boolean | number }[]>(takeSql(dialect, policy), limit, key);
      const row = rows[0];
      if (!row) throw new Error(`Rate limit ${limit}: the bucket upsert returned no row`);
      return { granted: Boolean(row.granted), tokens: Number(row.tokens) };
    },
    async purge(limit, idleMs) {
      await client.$executeRawUnsafe(purgeSql(dialect), limit, idleMs);
    },
  };
}
