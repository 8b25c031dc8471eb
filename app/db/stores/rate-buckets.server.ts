import type { BucketStore } from "~/lib/rate-limit";
import { databaseUrl } from "../../wiring/config.server";
import { sqlBucketStore } from "../bucket-store-sql.server";
import { directSql, inTransaction } from "../client.server";
import { databaseKind } from "../database-url";

// Inside a transaction a take would be rolled back with it (an attempt that failed would not
// count) and on SQLite it would wait for that very transaction: limits are taken before any opens.
function refuseInTransaction(limit: string) {
  if (inTransaction()) throw new Error(`Rate limit ${limit} taken inside a transaction: take it before the transaction opens`);
}

let store: BucketStore | undefined;
const appStore = () => (store ??= sqlBucketStore(directSql, databaseKind(databaseUrl()), refuseInTransaction));

/** The one store the app's rate limits use: the buckets in the app's database (docs/decisions/0025-shared-limits.md). */
export const rateBucketStore: BucketStore = {
  take: (limit, key, policy) => appStore().take(limit, key, policy),
  purge: (limit, idleMs) => appStore().purge(limit, idleMs),
};
