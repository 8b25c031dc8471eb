import { AsyncLocalStorage } from "node:async_hooks";
import { Prisma, PrismaClient } from "@prisma/client";
import { databaseUrl } from "../wiring/config.server";
import { SerialSqliteAdapterFactory } from "./sqlite-adapter.server";

declare global {
  var __twinCardsDb: PrismaClient | undefined;
}

export type Tx = Prisma.TransactionClient;

interface OpenTransaction {
  tx: Tx;
  open: boolean;
}

const current = new AsyncLocalStorage<OpenTransaction>();

function createClient(): PrismaClient {
  const url = databaseUrl();
  // Transactions queue for the one connection (and for other processes' writers): wait for a turn well past Prisma's 2 s default.
  return new PrismaClient({ adapter: new SerialSqliteAdapterFactory(url), transactionOptions: { maxWait: 15_000, timeout: 20_000 } });
}

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
  return db.$transaction(async (tx) => {
    const scope: OpenTransaction = { tx, open: true };
    try {
      return await current.run(scope, () => work(tx));
    } finally {
      scope.open = false;
    }
  });
}

/** Prisma's code for a unique constraint that refused an insert. */
export const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * The database could not serve the request in time (locked by other writers
 * past the retry budget, or no turn for a transaction): a retry later can succeed.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return ["P1008", "P2024", "P2028"].includes(error.code);
  return false;
}
