import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { type SqlParam, sqliteNamedParams } from "./dialect.server";
import type { DirectSql } from "./direct-sql.server";
import { type DriverTransaction, transactionStarted } from "./driver-transaction.server";
import { retryWhileBusy, SqliteConnection } from "./sqlite-connection.server";
import { adapterError, columnTypes, prismaRow, sqliteArg } from "./sqlite-prisma-values.server";

const ADAPTER = { provider: "sqlite", adapterName: "twin-cards-sqlite" } as const;

/**
 * Prisma's driver adapter for SQLite, over the process's one better-sqlite3 connection
 * (app/db/sqlite-connection.server.ts), which the stores' direct statements share. Ours rather
 * than `@prisma/adapter-better-sqlite3`: that one opens its connection privately, so sharing it
 * and caching its statements meant reading and replacing its private fields (issue 26).
 */
export class SqliteAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = ADAPTER.provider;
  readonly adapterName = ADAPTER.adapterName;
  #connected: Promise<SqliteConnection> | undefined;

  constructor(private readonly url: string) {}

  /** The connection, opened on first use by Prisma or a direct statement. */
  connection(): Promise<SqliteConnection> {
    this.#connected ??= open(this.url).catch((error: unknown) => {
      this.#connected = undefined;
      throw error;
    });
    return this.#connected;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return new SqliteAdapter(await this.connection(), () => (this.#connected = undefined));
  }

  /** Prisma's migration diffing (prisma.config.ts) wants a scratch database. */
  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    return new SqliteAdapter(await open("file::memory:"), () => undefined);
  }

  /** Statements straight on the connection, in turn with Prisma's and with its transactions. */
  readonly directSql: DirectSql = {
    query: async <Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Promise<Row[]> => {
      const connection = await this.connection();
      return connection.use(() => direct<Row>(connection, sql, params));
    },
  };
}

async function open(url: string): Promise<SqliteConnection> {
  const connection = new SqliteConnection(url);
  await connection.open();
  return connection;
}

/** One of the stores' own statements (`$n` placeholders, integers as numbers), on the connection. */
function direct<Row>(connection: SqliteConnection, sql: string, params: readonly SqlParam[]): Row[] {
  const statement = connection.statement(sql).safeIntegers(false);
  const bound = sqliteNamedParams(params);
  if (statement.reader) return statement.raw(false).all(bound) as Row[];
  statement.run(bound);
  return [];
}

/** A query as Prisma sends it: its cached statement (integers read as BigInt, as Prisma expects) and its arguments as SQLite stores them. */
function prepared(connection: SqliteConnection, query: SqlQuery) {
  const args = query.args.map((arg, i) => sqliteArg(arg, query.argTypes[i]));
  return { statement: connection.statement(query.sql).safeIntegers(true), args };
}

/** One query as Prisma sends it, on the connection. */
function perform(connection: SqliteConnection, query: SqlQuery): SqlResultSet {
  const { statement, args } = prepared(connection, query);
  if (!statement.reader) {
    statement.run(...args);
    return { columnNames: [], columnTypes: [], rows: [] };
  }
  const columns = statement.columns();
  const rows = statement.raw(true).all(...args) as unknown[][];
  const types = columnTypes(
    columns.map((column) => column.type),
    rows,
  );
  return { columnNames: columns.map((column) => column.name), columnTypes: types, rows: rows.map((row) => prismaRow(row, types)) };
}

/** One statement as Prisma sends it, answering how many rows it changed. */
function changes(connection: SqliteConnection, query: SqlQuery): number {
  const { statement, args } = prepared(connection, query);
  if (statement.reader) return statement.raw(true).all(...args).length;
  return statement.run(...args).changes;
}

/** Runs `work`, throwing a driver error as Prisma's adapter error. */
async function translated<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw adapterError(error);
  }
}

class SqliteAdapter implements SqlDriverAdapter {
  readonly provider = ADAPTER.provider;
  readonly adapterName = ADAPTER.adapterName;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly onDispose: () => void,
  ) {}

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return translated(() => this.connection.use(() => perform(this.connection, query)));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return translated(() => this.connection.use(() => changes(this.connection, query)));
  }

  executeScript(script: string): Promise<void> {
    return translated(() => this.connection.use(() => this.connection.exec(script)));
  }

  /** A write transaction: the connection is this transaction's until it ends (`BEGIN IMMEDIATE`, see SqliteConnection). */
  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    if (isolationLevel && isolationLevel !== "SERIALIZABLE")
      throw new DriverAdapterError({ kind: "InvalidIsolationLevel", level: isolationLevel });
    const release = await translated(() => this.connection.turn());
    try {
      await translated(() => retryWhileBusy(async () => this.connection.exec("BEGIN IMMEDIATE")));
    } catch (error) {
      release();
      throw error;
    }
    const transaction = new SqliteTransaction(this.connection, release);
    transactionStarted(transaction);
    return transaction;
  }

  async dispose(): Promise<void> {
    this.onDispose();
    this.connection.close();
  }
}

/**
 * The open transaction: its statements go straight to the connection, which it holds. Prisma ends it
 * by calling commit() or rollback() (`usePhantomQuery`: Prisma sends no COMMIT or ROLLBACK of its own).
 */
class SqliteTransaction implements Transaction, DriverTransaction {
  readonly provider = ADAPTER.provider;
  readonly adapterName = ADAPTER.adapterName;
  readonly options = { usePhantomQuery: true };
  /** SQLite undoes a failed statement alone; the transaction goes on. */
  readonly aborted = false;
  #released = false;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly release: () => void,
  ) {}

  /** The stores' own statements, at once: this transaction holds the connection. */
  async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Promise<Row[]> {
    return direct<Row>(this.#open(), sql, params);
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return translated(() => perform(this.#open(), query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return translated(() => changes(this.#open(), query));
  }

  /** COMMIT, tried again while SQLITE_BUSY (a reader's snapshot in another process) leaves the transaction open; rolled back if it still fails. */
  async commit(): Promise<void> {
    const connection = this.#open();
    try {
      await translated(() => retryWhileBusy(async () => connection.exec("COMMIT")));
    } catch (error) {
      this.#rollBack(connection);
      throw error;
    } finally {
      this.#finish();
    }
  }

  async rollback(): Promise<void> {
    if (this.#released) return;
    this.#rollBack(this.connection);
    this.#finish();
  }

  #rollBack(connection: SqliteConnection) {
    try {
      connection.exec("ROLLBACK");
    } catch {
      // No transaction left to roll back (SQLite ended it itself).
    }
  }

  #open(): SqliteConnection {
    // After a timeout's rollback the connection may belong to another transaction already.
    if (this.#released) throw new Error("This transaction is already closed");
    return this.connection;
  }

  #finish() {
    if (this.#released) return;
    this.#released = true;
    this.release();
  }
}
