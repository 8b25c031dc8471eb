import Database from "better-sqlite3";
import { retrying } from "../lib/retry";
import { FifoLock } from "./fifo-lock";

/** How long a statement keeps retrying while another process holds the write lock. */
export const BUSY_RETRY_MS = 10_000;
/** How long a write transaction waits for its turn on the connection before the database counts as unavailable. */
export const TURN_WAIT_MS = 15_000;
/** How many prepared statements the connection keeps; Prisma's generated SQL varies with IN lists and multi-row inserts. */
export const STATEMENT_CACHE_SIZE = 500;
const MAX_BACKOFF_MS = 50;

export type SqliteValue = string | number | bigint | Buffer | null;
export type SqliteStatement = Database.Statement<unknown[]>;

/** No turn on the connection in time: the database cannot serve the request now (503, app/db/errors.server.ts). */
export class SqliteTurnTimeout extends Error {
  override name = "SqliteTurnTimeout";
  readonly code = "SQLITE_TURN_TIMEOUT";
}

/**
 * The one SQLite connection of a process, shared by Prisma (app/db/sqlite-adapter.server.ts)
 * and the stores' direct statements (decision 0018):
 *
 * - WAL journal, `synchronous=NORMAL`: readers never wait for a writer, and a commit is one
 *   append to the log instead of four fsyncs.
 * - One statement or transaction at a time: a query from another request never runs inside
 *   someone else's open transaction (where it would see uncommitted rows and be rolled back
 *   with them). A transaction (Prisma's, through the adapter) takes its `turn()` and sends its
 *   statements directly until it ends.
 * - Write transactions start with `BEGIN IMMEDIATE`: the write lock is taken up front, so a
 *   transaction never reads and then finds it cannot write.
 * - SQLITE_BUSY (another process writing) is retried here, asynchronously with jittered backoff
 *   for up to `BUSY_RETRY_MS`, instead of blocking the event loop in SQLite's busy handler.
 * - Statements are prepared once per SQL text and bound afresh on each use.
 */
export class SqliteConnection {
  readonly #database: Database.Database;
  readonly #lock = new FifoLock();
  readonly #statements = new Map<string, SqliteStatement>();
  #prepared = 0;

  constructor(
    url: string,
    private readonly cacheSize = STATEMENT_CACHE_SIZE,
  ) {
    // Busy timeout 0: SQLite reports SQLITE_BUSY at once and the retry below waits without blocking.
    this.#database = new Database(url.replace(/^file:/, ""), { timeout: 0 });
  }

  /** Sets the journal up; call once, before any statement. */
  async open(): Promise<void> {
    await retryWhileBusy(async () => {
      this.#database.pragma("journal_mode = WAL");
      this.#database.pragma("synchronous = NORMAL");
    });
  }

  /** How many statements SQLite was asked to prepare so far (the cache's effect, for tests). */
  get statementsPrepared(): number {
    return this.#prepared;
  }

  /** The statement prepared for `sql`, from the cache (least recently used dropped past its size). */
  statement(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.#database.prepare(sql);
      this.#prepared++;
      if (this.#statements.size >= this.cacheSize) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  /** `run` on the connection in turn with every other statement and transaction, retried while the file is busy. */
  async use<T>(run: () => T): Promise<T> {
    // Nobody holds the connection (no transaction between two of its statements): run at once, with no
    // turn to wait for; the statement is synchronous, so nothing can come between. Busy: the slow path.
    if (!this.#lock.taken) {
      try {
        return run();
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
    }
    const release = await this.turn();
    try {
      return await retryWhileBusy(async () => run());
    } finally {
      release();
    }
  }

  /** Statements outside `statement()`'s cache (BEGIN, COMMIT, scripts). */
  exec(sql: string): void {
    this.#database.exec(sql);
  }

  /** Takes the connection for a transaction (released by calling the returned function), waiting at most TURN_WAIT_MS. */
  async turn(): Promise<() => void> {
    const free = !this.#lock.taken;
    const acquiring = this.#lock.acquire();
    // The common case on the hot path: nobody holds it, so no timer to arm.
    if (free) return acquiring;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SqliteTurnTimeout(`No turn on the SQLite connection within ${TURN_WAIT_MS} ms`)), TURN_WAIT_MS);
    });
    try {
      return await Promise.race([acquiring, timeout]);
    } catch (error) {
      // Our turn still comes; pass it on at once.
      void acquiring.then((release) => release());
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

/** Runs `run` again while SQLite answers SQLITE_BUSY, for at most `budgetMs`. */
export const retryWhileBusy = <T>(run: () => Promise<T>, budgetMs = BUSY_RETRY_MS): Promise<T> =>
  retrying(run, { retryable: isBusy, budgetMs, firstBackoffMs: 1, maxBackoffMs: MAX_BACKOFF_MS });

/** SQLITE_BUSY and its extended codes, from the driver or as Prisma's adapter error carries them. */
export function isBusy(error: unknown): boolean {
  const cause = (error as { cause?: { originalCode?: unknown } } | null)?.cause;
  const code = cause?.originalCode ?? (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}
