import type { BucketPolicy, BucketStore } from "~/lib/rate-limit";
import type { DatabaseKind } from "./database-url";
import { type Dialect, dialectOf } from "./dialect.server";
import type { DirectSql } from "./direct-sql.server";

/**
 * Rate-limit buckets in the RateLimitBucket table, one row per bucket, shared by
 * every process on the database (docs/decisions/0025-shared-limits.md). A take is
 * one statement — insert a full bucket less one token, or on conflict refill the
 * row for the time since its last take and take a token if there is one — so
 * concurrent takes on any number of processes queue on the row and none is lost:
 * PostgreSQL locks the row for the upsert, SQLite has one writer at a time. Time
 * is the database's clock, the same for every replica.
 */

/** A number from code (never from a request) as a SQL literal. */
function literal(value: number): string {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`A bucket policy needs positive finite numbers, not ${value}`);
  return value.toString();
}

function takeSql({ nowMs, least, greatest }: Dialect, { capacity, refillPerSecond }: BucketPolicy): string {
  const cap = literal(capacity);
  const perMs = literal(refillPerSecond / 1000);
  const refilled = `${least}(${cap}, b."tokens" + ${greatest}(0, excluded."refilledAtMs" - b."refilledAtMs") * ${perMs})`;
  return `INSERT INTO "RateLimitBucket" AS b ("limit", "key", "tokens", "refilledAtMs", "granted")
VALUES ($1, $2, ${cap} - 1, ${nowMs}, true)
ON CONFLICT ("limit", "key") DO UPDATE SET
  "tokens" = CASE WHEN ${refilled} >= 1 THEN ${refilled} - 1 ELSE ${refilled} END,
  "granted" = ${refilled} >= 1,
  "refilledAtMs" = excluded."refilledAtMs"
RETURNING "tokens", "granted"`;
}

const purgeSql = ({ nowMs }: Dialect) => `DELETE FROM "RateLimitBucket" WHERE "limit" = $1 AND "refilledAtMs" < ${nowMs} - $2`;

/** The buckets in the database of `kind` that `sql` reaches; `beforeTake` may refuse a take (throw). */
export function sqlBucketStore(sql: DirectSql, kind: DatabaseKind, beforeTake: (limit: string) => void = () => undefined): BucketStore {
  const dialect = dialectOf(kind);
  // One statement per policy, built once: a take is made on every /v1 request.
  const takes = new Map<string, string>();
  const takeFor = (policy: BucketPolicy) => {
    const id = `${policy.capacity}/${policy.refillPerSecond}`;
    let statement = takes.get(id);
    if (statement === undefined) takes.set(id, (statement = takeSql(dialect, policy)));
    return statement;
  };
  return {
    async take(limit, key, policy) {
      beforeTake(limit);
      const rows = await sql.query<{ tokens: number; granted: boolean | number }>(takeFor(policy), [limit, key]);
      const row = rows[0];
      if (!row) throw new Error(`Rate limit ${limit}: the bucket upsert returned no row`);
      return { granted: Boolean(row.granted), tokens: Number(row.tokens) };
    },
    async purge(limit, idleMs) {
      await sql.query(purgeSql(dialect), [limit, idleMs]);
    },
  };
}
