import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma, PrismaClient } from "@prisma/client";
import { databaseUrl } from "../wiring/config.server";
import { retryOnConflict } from "./conflict-retry.server";
import { isDatabaseUnavailable } from "./errors.server";
import type { DirectSql } from "./direct-sql.server";
import { databaseKind } from "./database-url";
import { type Dialect, dialectOf } from "./dialect.server";
import { createDatabase, dbNullFor } from "./prisma-client.server";

export type Tx = Prisma.TransactionClient;

/** The open `transaction()`: the Prisma transaction its Prisma calls go through, started on the first. */
interface OpenTransaction {
  open: boolean;
  prisma?: Promise<Tx>;
  /** Ends the Prisma transaction (committing its savepoint, or rolling it back) and resolves when it has. */
  endPrisma?: (commit: boolean) => Promise<void>;
}

interface ProcessDatabase {
  client: PrismaClient;
  direct: DirectSql;
  dialect: Dialect;
  driverTransaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** The transaction the running code is in, if any. */
  current: AsyncLocalStorage<OpenTransaction>;
}

declare global {
  var __twinCardsDb: ProcessDatabase | undefined;
}

// SQLite or PostgreSQL, from the URL (app/db/prisma-client.server.ts).
function openDatabase(): ProcessDatabase {
  const { client, direct, transaction: driverTransaction } = createDatabase(databaseUrl());
  const current = new AsyncLocalStorage<OpenTransaction>();
  const dialect = dialectOf(databaseKind(databaseUrl()));
  return { client: followingTransactions(client, current), direct, dialect, driverTransaction, current };
}

/** Thrown into Prisma's transaction to roll it back (its callback's rejection is how Prisma is told). */
const ROLL_BACK = Symbol("roll back");

/**
 * The Prisma transaction of `open`, started on first use inside the driver's transaction, where
 * the adapter makes it a savepoint of that transaction (app/db/sqlite-adapter.server.ts,
 * app/db/postgres-transactions.server.ts). Prisma's calls need a transaction of their own inside
 * ours: Prisma batches lookups made in the same tick by transaction, so the calls of another
 * request never share a batch (nor a connection) with this transaction's.
 */
function prismaTransaction(client: PrismaClient, open: OpenTransaction): Promise<Tx> {
  open.prisma ??= new Promise<Tx>((resolve, reject) => {
    let end!: (commit: boolean) => void;
    const ended = new Promise<void>((done, fail) => (end = (commit) => (commit ? done() : fail(ROLL_BACK))));
    // Prisma's transaction may have failed before it awaited this (a lost connection): nobody else listens then.
    ended.catch(() => undefined);
    const settled = client
      .$transaction(async (tx) => {
        resolve(tx);
        await ended;
      })
      .catch((error: unknown) => {
        reject(error);
        if (error !== ROLL_BACK) throw error;
      });
    open.endPrisma = (commit) => (end(commit), settled);
  });
  return open.prisma;
}

/** Calls `method` of `path` (a model, or the client itself) on the open transaction's Prisma transaction. */
const onPrismaTransaction =
  (client: PrismaClient, open: OpenTransaction, path: PropertyKey | undefined) =>
  (method: PropertyKey) =>
  async (...args: unknown[]) => {
    const tx = (await prismaTransaction(client, open)) as unknown as Record<PropertyKey, Record<PropertyKey, (...a: unknown[]) => unknown>>;
    const target = path === undefined ? (tx as unknown as Record<PropertyKey, (...a: unknown[]) => unknown>) : tx[path]!;
    return target[method]!.apply(target, args);
  };

/**
 * The shared client, which follows the open transaction: inside `transaction()` `db.x.y(…)`
 * runs in it. A query made on the shared client inside a transaction would otherwise wait
 * for that very transaction (SQLite has one connection per process) or not see its rows
 * (PostgreSQL's pool would use another connection).
 */
function followingTransactions(client: PrismaClient, current: AsyncLocalStorage<OpenTransaction>): PrismaClient {
  return new Proxy(client, {
    get(target, property) {
      const open = current.getStore();
      const value: unknown = Reflect.get(target, property);
      if (open?.open) {
        if (property === "$transaction") return (work: (tx: Tx) => Promise<unknown>) => work(db);
        if (typeof property === "string" && property.startsWith("$") && typeof value === "function") {
          return onPrismaTransaction(target, open, undefined)(property);
        }
        if (typeof value === "object" && value !== null) {
          const model = onPrismaTransaction(target, open, property);
          return new Proxy(value, { get: (_model, method) => model(method) });
        }
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
/** How the stores' own SQL is written for the database in use (app/db/dialect.server.ts). */
export const databaseDialect = (): Dialect => opened().dialect;

/** The few per-request statements sent to the driver itself (app/db/direct-sql.server.ts), joining the open `transaction()`. */
export const directSql: DirectSql = { query: (sql, params) => opened().direct.query(sql, params) };
export type Db = PrismaClient;

/**
 * Runs `work` in a transaction, or in the caller's when it is already in one:
 * a domain command joins the transaction of whoever called it (an idempotent
 * /v1 request stores its response in the same transaction as its work).
 *
 * The transaction is the driver's (issue 26): direct statements go straight to its
 * connection, and Prisma's calls, if any, through a Prisma transaction nested in it.
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const { current, driverTransaction } = opened();
  if (current.getStore()?.open) return work(db);
  return retryOnConflict(() =>
    driverTransaction(async () => {
      const scope: OpenTransaction = { open: true };
      let result: T;
      try {
        result = await current.run(scope, () => work(db));
      } catch (error) {
        scope.open = false;
        await scope.endPrisma?.(false).catch(() => undefined);
        throw error;
      }
      scope.open = false;
      await scope.endPrisma?.(true);
      return result;
    }),
  );
}

/** Whether the caller runs inside `transaction()` (its queries through `db` join that transaction). */
export const inTransaction = (): boolean => globalThis.__twinCardsDb?.current.getStore()?.open === true;

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
