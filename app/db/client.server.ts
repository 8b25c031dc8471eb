import { AsyncLocalStorage } from "node:async_hooks";
import type { Prisma, PrismaClient } from "@prisma/client";
import { databaseUrl } from "../wiring/config.server";
import { retryOnConflict } from "./conflict-retry.server";
import { isDatabaseUnavailable } from "./errors.server";
import { createPrismaClient, dbNullFor } from "./prisma-client.server";

declare global {
  var __twinCardsDb: PrismaClient | undefined;
}

export type Tx = Prisma.TransactionClient;

interface OpenTransaction {
  tx: Tx;
  open: boolean;
}

const current = new AsyncLocalStorage<OpenTransaction>();

// SQLite or PostgreSQL, from the URL (app/db/prisma-client.server.ts).
const createClient = (): PrismaClient => createPrismaClient(databaseUrl());

/**
 * The shared client, which follows the open transaction: inside `transaction()`
 * `db.x` is the transaction's `tx.x`. A query made on the shared client inside
 * a transaction would otherwise wait for that very transaction (SQLite has one
 * connection per process, PostgreSQL would lock the same rows) and never run.
 */
function followingTransactions(client: PrismaClient): PrismaClient {
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

// One client per process; kept on globalThis so Vite's dev reloads don't open more.
export const db: PrismaClient = (globalThis.__twinCardsDb ??= followingTransactions(createClient()));
export type Db = PrismaClient;

/**
 * Runs `work` in a transaction, or in the caller's when it is already in one:
 * a domain command joins the transaction of whoever called it (an idempotent
 * /v1 request stores its response in the same transaction as its work).
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
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
export const inTransaction = (): boolean => current.getStore()?.open === true;

export { isUniqueViolation } from "./errors.server";

/**
 * The database could not serve the request in time (SQLite locked by other
 * writers past the retry budget, no turn for a transaction, PostgreSQL
 * unreachable or still conflicting): a retry later can succeed.
 */
export const isDatabaseBusy = (error: unknown): boolean => isDatabaseUnavailable(error);

/** Writes SQL NULL to a nullable Json column (Prisma's DbNull of the client in use). */
export const dbNull = () => dbNullFor(databaseUrl());
