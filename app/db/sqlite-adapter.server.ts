import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, SqlResultSet, Transaction } from "@prisma/driver-adapter-utils";
import { type DirectSql, type SqlParam, sqliteNamedParams } from "./direct-sql.server";
import { FifoLock } from "./fifo-lock";
import { cacheStatements, type SqliteConnection } from "./statement-cache.server";

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
  #connected: Promise<SerialSqliteAdapter> | undefined;

  constructor(url: string) {
    // Busy timeout 0: SQLite reports SQLITE_BUSY at once and the retry below waits without blocking.
    this.#inner = new PrismaBetterSQLite3({ url, timeout: 0 });
  }

  /** The one connection, shared by Prisma and the direct statements (opened by whichever comes first). */
  connect(): Promise<SerialSqliteAdapter> {
    this.#connected ??= this.#open().catch((error: unknown) => {
      this.#connected = undefined;
      throw error;
    });
    return this.#connected;
  }

  /** Statements straight on the connection, in turn with Prisma's (app/db/direct-sql.server.ts). */
  readonly direct: DirectSql = {
    query: async (sql, params) => (await this.connect()).direct(sql, params),
  };

  async #open(): Promise<SerialSqliteAdapter> {
    const inner = await this.#inner.connect();
    const connection = betterSqlite3Of(inner);
    const prepare = connection.prepare.bind(connection) as (sql: string) => DirectStatement;
    cacheStatements(connection);
    await retryWhileBusy(() => inner.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"));
    return new SerialSqliteAdapter(inner, prepare, () => (this.#connected = undefined));
  }
}

/** What of a better-sqlite3 statement a direct query uses. */
interface DirectStatement {
  readonly reader: boolean;
  safeIntegers(on: boolean): DirectStatement;
  all(params: Record<number, SqlParam>): Record<string, unknown>[];
  run(params: Record<number, SqlParam>): unknown;
}

class SerialSqliteAdapter implements SqlDriverAdapter {
  readonly provider = "sqlite" as const;
  readonly adapterName = "twin-cards-serial-sqlite";
  readonly #lock = new FifoLock();
  readonly #statements = new Map<string, DirectStatement>();

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly prepare: (sql: string) => DirectStatement,
    private readonly onDispose: () => void,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.#alone(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.#alone(() => this.inner.executeRaw(query));
  }

  executeScript(script: string): Promise<void> {
    return this.#alone(() => this.inner.executeScript(script));
  }

  /** One statement, in turn with every other on the connection; plain numbers, not BigInt. */
  direct<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Promise<Row[]> {
    return this.#alone(async () => {
      let statement = this.#statements.get(sql);
      if (!statement) this.#statements.set(sql, (statement = this.prepare(sql).safeIntegers(false)));
      const bound = sqliteNamedParams(params);
      if (statement.reader) return statement.all(bound) as Row[];
      statement.run(bound);
      return [];
    });
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
    this.onDispose();
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

/** The better-sqlite3 connection inside Prisma's adapter (its `client`, version pinned in package.json). */
function betterSqlite3Of(adapter: SqlDriverAdapter): SqliteConnection {
  const client = (adapter as unknown as { client?: SqliteConnection }).client;
  if (typeof client?.prepare !== "function") throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its connection as `client`");
  return client;
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

/** SQLITE_BUSY and its extended codes, as the adapter reports them (a DriverAdapterError whose cause names it) or the driver. */
export function isBusy(error: unknown): boolean {
  const cause = (error as { cause?: { originalCode?: unknown } } | null)?.cause;
  // Or better-sqlite3's own SqliteError, from a direct statement.
  const code = cause?.originalCode ?? (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
