import { AsyncLocalStorage } from "node:async_hooks";
import type { DirectSql } from "./direct-sql.server";

/**
 * The transaction a driver adapter (ours: app/db/sqlite-adapter.server.ts,
 * app/db/postgres-adapter.server.ts) opened when Prisma asked it to start one, as the stores'
 * own SQL reaches it: their statements run on it directly, not through Prisma's client.
 */
export interface DriverTransaction extends DirectSql {
  /** A statement in it failed: PostgreSQL then ignores the rest and answers COMMIT with a rollback. */
  readonly aborted: boolean;
}

/** Filled by the adapter, in the async context of whoever asked Prisma for the transaction. */
interface Asking {
  opened?: DriverTransaction;
}
declare global {
  var __twinCardsAskingForTransaction: AsyncLocalStorage<Asking> | undefined;
}
// One per process, as the database is (app/db/client.server.ts): the compiled server and the Remix
// build each bundle this module, and the adapter one of them made serves the other's transactions.
const asking = (globalThis.__twinCardsAskingForTransaction ??= new AsyncLocalStorage<Asking>());

/**
 * Runs `start` (which asks Prisma for an interactive transaction) and gives it `opened()`: the
 * driver transaction the adapter started for it. Prisma starts the adapter's transaction in the
 * caller's async context, before it runs the transaction's callback.
 */
export function askForTransaction<T>(start: (opened: () => DriverTransaction) => Promise<T>): Promise<T> {
  const request: Asking = {};
  return asking.run(request, () =>
    start(() => {
      if (!request.opened) throw new Error("The database adapter did not hand over the transaction Prisma started");
      return request.opened;
    }),
  );
}

/** Called by an adapter as it starts a transaction: hands it to the code that asked for it (the first one only). */
export function transactionStarted(transaction: DriverTransaction): void {
  const request = asking.getStore();
  if (request && !request.opened) request.opened = transaction;
}
