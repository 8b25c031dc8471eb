import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type {
  SqlDriverAdapter,
  SqlDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { FifoLock } from "./fifo-lock";

/** How long a statement keeps retrying while another process holds the write lock. */
export const BUSY_RETRY_MS = 10_000;
const MAX_BACKOFF_MS = 50;

const BEGIN_IMMEDIATE: SqlQuery = { sql: "BEGIN IMMEDIATE", args: [], argTypes: [] };
const ROLLBACK: SqlQuery = { sql: "ROLLBACK", args: [], argTypes: [] };

/**
 * Prisma's better-sqlite3 adapter, made safe for one connection shared by a
 * whole process and for several processes on one file (decision 0018):
 *
 * - WAL journal, `synchronous=NORMAL`: readers never wait for a writer, and a
 *   commit is one append to the log instead of four fsyncs.
 * - Write transactions start with `BEGIN IMMEDIATE`: the write lock is taken
 *   up front, so a transaction never reads and then finds it cannot write
 *   (with a deferred BEGIN that SQLITE_BUSY comes back at once, whatever the
 *   busy timeout).
 * - SQLITE_BUSY is retried here, asynchronously with jittered backoff for up
 *   to `BUSY_RETRY_MS`, instead of blocking the event loop in SQLite's busy
 *   handler.
 * - One statement or transaction at a time on the connection: a query from
 *   another request never runs inside someone else's open transaction (where
 *   it would see uncommitted rows and be rolled back with them).
 */
export class SerialSqliteAdapterFactory implements SqlDriverAdapterFactory {
  readonly provider = "sqlite" as const;
  readonly adapterName = "twin-cards-serial-sqlite";
  readonly #inner: PrismaBetterSQLite3;

  constructor(url: string) {
    // Busy timeout 0: SQLite reports SQLITE_BUSY at once and the retry below waits without blocking.
    this.#inner = new PrismaBetterSQLite3({ url, timeout: 0 });
  }

  async connect(): Promise<SqlDriverAdapter> {
    const inner = await this.#inner.connect();
    await retryWhileBusy(() => inner.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"));
    return new SerialSqliteAdapter(inner);
  }
}

class SerialSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName = "twin-cards-serial-sqlite";
  readonly #lock = new FifoLock();

  constructor(private readonly inner: SqlDriverAdapter) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.#alone(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.#alone(() => this.inner.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.#alone(() => this.inner.executeScript(script));
  }

  async startTransaction(): Promise<Transaction> {
    const release = await this.#lock.acquire();
    try {
      await retryWhileBusy(() => this.inner.executeRaw(BEGIN_IMMEDIATE));
    } catch (error) {
      release();
      throw error;
    }
    return new SerialTransaction(this.inner, release);
  }

  dispose(): Promise<void> {
    return this.inner.dispose();
  }

  async #alone<T>(run: () => Promise<T>): Promise<T> {
    const release = await this.#lock.acquire();
    try {
      return await retryWhileBusy(run);
    } finally {
      release();
    }
  }
}

/** The open transaction: statements go straight to the connection, which this transaction holds. */
class SerialTransaction implements Transaction {
  readonly provider = "sqlite" as const;
  readonly adapterName = "twin-cards-serial-sqlite";
  // Prisma sends COMMIT and ROLLBACK itself, then calls commit() / rollback().
  readonly options = { usePhantomQuery: false };
  #released = false;

  constructor(
    private readonly connection: SqlDriverAdapter,
    private readonly release: () => void,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    this.#refuseWhenClosed();
    return this.connection.queryRaw(query);
  }

  async executeRaw(query: SqlQuery): Promise<number> {
    this.#refuseWhenClosed();
    const ending = /^(COMMIT|ROLLBACK)$/i.test(query.sql.trim());
    try {
      // A COMMIT that meets SQLITE_BUSY leaves the transaction open and may be tried again.
      return ending ? await retryWhileBusy(() => this.connection.executeRaw(query)) : await this.connection.executeRaw(query);
    } catch (error) {
      // Prisma does not call rollback() when its COMMIT fails: end the transaction here, or the lock is never freed.
      if (ending) await this.#end();
      throw error;
    }
  }

  commit(): Promise<void> {
    return this.#finish();
  }

  rollback(): Promise<void> {
    return this.#finish();
  }

  async #end() {
    await this.connection.executeRaw(ROLLBACK).catch(() => undefined);
    await this.#finish();
  }

  #refuseWhenClosed() {
    // After a timeout's ROLLBACK the connection may belong to another transaction already.
    if (this.#released) throw new Error("This transaction is already closed");
  }

  async #finish() {
    if (this.#released) return;
    this.#released = true;
    this.release();
  }
}

/** Runs `run` again while SQLite answers SQLITE_BUSY, for at most `BUSY_RETRY_MS`. */
export async function retryWhileBusy<T>(run: () => Promise<T>, budgetMs = BUSY_RETRY_MS): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let backoff = 1; ; backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() + backoff > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, backoff / 2 + Math.random() * (backoff / 2)));
  }
}

/** SQLITE_BUSY and its extended codes, as the adapter reports them (a DriverAdapterError whose cause names it). */
export function isBusy(error: unknown): boolean {
  const cause = (error as { cause?: { originalCode?: unknown } } | null)?.cause;
  return typeof cause?.originalCode === "string" && cause.originalCode.startsWith("SQLITE_BUSY");
}
