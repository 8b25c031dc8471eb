import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma, PrismaClient } from "@prisma/client";
import { databaseUrl } from "../wiring/config.server";
import { retryOnConflict } from "./conflict-retry.server";
import { isDatabaseUnavailable } from "./errors.server";
import type { DirectSql } from "./direct-sql.server";
import { askForTransaction, type DriverTransaction } from "./driver-transaction.server";
import { databaseKind } from "./database-url";
import { type Dialect, dialectOf } from "./dialect.server";
import { createDatabase, dbNullFor } from "./prisma-client.server";
import { TransactionRolledBack } from "./transaction-rolled-back.server";

export type Tx = Prisma.TransactionClient;

/** The open `transaction()`: Prisma's interactive transaction, and the driver transaction under it for the stores' own SQL. */
interface OpenTransaction {
  tx: Tx;
  sql: DriverTransaction;
}

interface ProcessDatabase {
  client: PrismaClient;
  /** The stores' own statements outside a transaction, straight to the driver. */
  direct: DirectSql;
  dialect: Dialect;
  /** The transaction the running code is in, if any. */
  current: AsyncLocalStorage<OpenTransaction>;
}

declare global {
  var __twinCardsDb: ProcessDatabase | undefined;
}

// SQLite or PostgreSQL, from the URL (app/db/prisma-client.server.ts).
function openDatabase(): ProcessDatabase {
  const { client, direct } = createDatabase(databaseUrl());
  return { client, direct, dialect: dialectOf(databaseKind(databaseUrl())), current: new AsyncLocalStorage<OpenTransaction>() };
}

// One database per process, kept on globalThis: Vite's dev reloads must not open more, and the
// compiled server (build/node) and the Remix build each bundle this module but share the one
// database, its transactions included (a transaction opened by one bundle's code is the other's).
// Opened on first use, not on import: DATABASE_URL is read then, as every setting is (a test may set it first).
const opened = (): ProcessDatabase => (globalThis.__twinCardsDb ??= openDatabase());

/**
 * The Prisma client the running code should use: inside `transaction()` that transaction's
 * client (Prisma's documented `Prisma.TransactionClient`), else the shared one. `db` is only
 * this choice made on each use, so the stores need not pass a transaction around; the calls
 * themselves are Prisma's, unchanged.
 */
const currentClient = (): PrismaClient => {
  const database = opened();
  return (database.current.getStore()?.tx as PrismaClient | undefined) ?? database.client;
};
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_target, property) => Reflect.get(currentClient(), property),
  has: (_target, property) => Reflect.has(currentClient(), property),
});
/** How the stores' own SQL is written for the database in use (app/db/dialect.server.ts). */
export const databaseDialect = (): Dialect => opened().dialect;

/** The stores' own statements (app/db/direct-sql.server.ts): on the open `transaction()`'s client, else straight to the driver. */
export const directSql: DirectSql = {
  query: (sql, params) => {
    const database = opened();
    return (database.current.getStore()?.sql ?? database.direct).query(sql, params);
  },
};
export type Db = PrismaClient;

/**
 * Runs `work` in one transaction, or in the caller's when it is already in one: a domain
 * command joins the transaction of whoever called it (an idempotent /v1 request stores its
 * response in the same transaction as its work).
 *
 * The transaction is Prisma's interactive transaction, the only mechanism there is (decision
 * 0069): Prisma's calls through `db` run on its client, and the stores' own SQL through
 * `directSql` on the driver transaction our adapter started for it (app/db/driver-transaction.server.ts).
 * A transaction PostgreSQL lost to a concurrent one is run again (retryOnConflict).
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const { client, current } = opened();
  if (current.getStore()) return work(db);
  return retryOnConflict(() =>
    askForTransaction((started) =>
      client.$transaction(async (tx) => {
        const sql = started();
        const result = await current.run({ tx, sql }, () => work(db));
        // PostgreSQL would answer COMMIT with a rollback, not an error: say so instead of a false success.
        if (sql.aborted) throw new TransactionRolledBack();
        return result;
      }),
    ),
  );
}

/** Whether the caller runs inside `transaction()` (its queries through `db` join that transaction). */
export const inTransaction = (): boolean => globalThis.__twinCardsDb?.current.getStore() !== undefined;

export { isUniqueViolation } from "./errors.server";

/** A trivial query: resolves when the database answers (GET /healthz). */
export const pingDatabase = async (): Promise<void> => void (await directSql.query("SELECT 1", []));

/**
 * The database could not serve the request in time (SQLite locked by other
 * writers past the retry budget, no turn for a transaction, PostgreSQL
 * unreachable or still conflicting): a retry later can succeed.
 */
export const isDatabaseBusy = (error: unknown): boolean => isDatabaseUnavailable(error);

/** Writes SQL NULL to a nullable Json column (Prisma's DbNull of the client in use). */
export const dbNull = () => dbNullFor(databaseUrl());
