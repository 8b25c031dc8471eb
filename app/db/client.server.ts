import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma, PrismaClient } from "@prisma/client";
import { databaseUrl } from "../wiring/config.server";
import { retryOnConflict } from "./conflict-retry.server";
import { isDatabaseUnavailable } from "./errors.server";
import { databaseKind, type DatabaseKind } from "./database-url";
import { type DirectSql, positionalParams, type SqlParam } from "./direct-sql.server";
import { createDatabase, dbNullFor } from "./prisma-client.server";

export type Tx = Prisma.TransactionClient;

interface OpenTransaction {
  tx: Tx;
  open: boolean;
}

interface ProcessDatabase {
  client: PrismaClient;
  direct: DirectSql;
  /** The transaction the running code is in, if any. */
  current: AsyncLocalStorage<OpenTransaction>;
}

declare global {
  var __twinCardsDb: ProcessDatabase | undefined;
}

// SQLite or PostgreSQL, from the URL (app/db/prisma-client.server.ts).
function openDatabase(): ProcessDatabase {
  const { client, direct } = createDatabase(databaseUrl());
  const current = new AsyncLocalStorage<OpenTransaction>();
  return { client: followingTransactions(client, current), direct: joiningTransactions(direct, databaseKind(databaseUrl())), current };
}

/**
 * The shared client, which follows the open transaction: inside `transaction()`
 * `db.x` is the transaction's `tx.x`. A query made on the shared client inside
 * a transaction would otherwise wait for that very transaction (SQLite has one
 * connection per process, PostgreSQL would lock the same rows) and never run.
 */
function followingTransactions(client: PrismaClient, current: AsyncLocalStorage<OpenTransaction>): PrismaClient {
  return new Proxy(client, {
    get(target, property) {
      const open = current.getStore();
      if (open?.open) {
        if (property === "$transaction") return (work: (tx: Tx) => Promise<unknown>) => work(open.tx);
        if (property in open.tx) return Reflect.get(open.tx, property);
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Inside `transaction()` a direct statement joins the open transaction, as Prisma raw SQL on
 * it (SQLite's positional `?` for its `$n`): the driver's own connection or pool would not see
 * the transaction's rows, and on SQLite would wait for that very transaction.
 */
function joiningTransactions(direct: DirectSql, kind: DatabaseKind): DirectSql {
  return {
    query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]) {
      if (!inTransaction()) return direct.query<Row>(sql, params);
      const [text, args] = kind === "sqlite" ? positionalParams(sql, params) : [sql, params];
      return db.$queryRawUnsafe<Row[]>(text, ...args);
    },
  };
}

// One database per process, kept on globalThis: Vite's dev reloads must not open more, and the
// compiled server (build/node) and the Remix build each bundle this module but share the one
// database, its transactions included (a transaction opened by one bundle's code is the other's).
// Opened on first use, not on import: DATABASE_URL is read then, as every setting is (a test may set it first).
const opened = (): ProcessDatabase => (globalThis.__twinCardsDb ??= openDatabase());
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get: (_target, property) => Reflect.get(opened().client, property),
  has: (_target, property) => Reflect.has(opened().client, property),
});
/** The few per-request statements sent to the driver itself (app/db/direct-sql.server.ts), joining the open `transaction()`. */
export const directSql: DirectSql = { query: (sql, params) => opened().direct.query(sql, params) };
export type Db = PrismaClient;

/**
 * Runs `work` in a transaction, or in the caller's when it is already in one:
 * a domain command joins the transaction of whoever called it (an idempotent
 * /v1 request stores its response in the same transaction as its work).
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const { current } = opened();
  const open = current.getStore();
  if (open?.open) return work(open.tx);
  return retryOnConflict(() =>
    db.$transaction(async (tx) => {
      const scope: OpenTransaction = { tx, open: true };
      try {
        return await current.run(scope, () => work(tx));
      } finally {
        scope.open = false;
      }
    }),
  );
}

/** Whether the caller runs inside `transaction()` (its queries through `db` join that transaction). */
export const inTransaction = (): boolean => globalThis.__twinCardsDb?.current.getStore()?.open === true;

export { isUniqueViolation } from "./errors.server";

/** A trivial query: resolves when the database answers (GET /healthz). */
export const pingDatabase = async (): Promise<void> => void (await db.$queryRaw`SELECT 1`);

/**
 * The database could not serve the request in time (SQLite locked by other
 * writers past the retry budget, no turn for a transaction, PostgreSQL
 * unreachable or still conflicting): a retry later can succeed.
 */
export const isDatabaseBusy = (error: unknown): boolean => isDatabaseUnavailable(error);

/** Writes SQL NULL to a nullable Json column (Prisma's DbNull of the client in use). */
export const dbNull = () => dbNullFor(databaseUrl());
