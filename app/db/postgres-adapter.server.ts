import { PrismaPg } from "@prisma/adapter-pg";
import type {
  ArgType,
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlResultSet,
  Transaction,
} from "@prisma/driver-adapter-utils";
import type pg from "pg";
import type { SqlParam } from "./dialect.server";
import { type DriverTransaction, transactionStarted } from "./driver-transaction.server";

/**
 * Prisma's PostgreSQL adapter (adapter-pg) as it is, through Prisma's public driver-adapter
 * contract, with one thing added: a transaction it starts is handed to the code that asked
 * Prisma for it (app/db/driver-transaction.server.ts), so the stores' own statements run on that
 * transaction's connection through the adapter's `queryRaw`, without Prisma's client in between.
 */
export class PostgresAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly #inner: PrismaPg;
  readonly provider: "postgres";
  readonly adapterName: string;

  constructor(pool: pg.Pool, options: ConstructorParameters<typeof PrismaPg>[1]) {
    this.#inner = new PrismaPg(pool, options);
    this.provider = this.#inner.provider;
    this.adapterName = this.#inner.adapterName;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return new PostgresAdapter(await this.#inner.connect());
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.#inner.connectToShadowDb();
  }
}

class PostgresAdapter implements SqlDriverAdapter {
  readonly provider: "postgres";
  readonly adapterName: string;

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider as "postgres";
    this.adapterName = inner.adapterName;
  }

  queryRaw = (query: SqlQuery): Promise<SqlResultSet> => this.inner.queryRaw(query);
  executeRaw = (query: SqlQuery): Promise<number> => this.inner.executeRaw(query);
  executeScript = (script: string): Promise<void> => this.inner.executeScript(script);
  getConnectionInfo = () => this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  dispose = (): Promise<void> => this.inner.dispose();

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    const transaction = new JoinableTransaction(await this.inner.startTransaction(isolationLevel));
    transactionStarted(transaction);
    return transaction;
  }
}

const statement = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

/** A raw value the stores bind (text, numbers, booleans; casts in their SQL say the rest). */
const STORE_VALUE: ArgType = { scalarType: "unknown", arity: "scalar" };

/** adapter-pg's transaction, which the stores' statements can join until it ends; its statements one at a time, a failed one noted. */
class JoinableTransaction implements Transaction, DriverTransaction {
  readonly provider: "postgres";
  readonly adapterName: string;
  /** We end it ourselves (below), so Prisma sends no COMMIT or ROLLBACK of its own. */
  readonly options = { usePhantomQuery: true };
  #ended = false;
  #aborted = false;
  /** The last statement sent: node-postgres deprecates a query sent on a connection while another runs (work may send several at once). */
  #tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly inner: Transaction) {
    this.provider = inner.provider as "postgres";
    this.adapterName = inner.adapterName;
  }

  get aborted(): boolean {
    return this.#aborted;
  }

  queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return this.#inTurn(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.#inTurn(() => this.inner.executeRaw(query));
  }

  /**
   * COMMIT on the transaction's connection, then adapter-pg's own end of it, which gives the connection
   * back to the pool (adapter-pg sends no statement there: it leaves COMMIT to whoever ends it). The
   * connection goes back whatever happened, also when COMMIT failed on a lost connection; the pool
   * drops a broken one.
   */
  async commit(): Promise<void> {
    this.#ended = true;
    try {
      await this.#inTurn(() => this.inner.executeRaw(statement("COMMIT")));
    } catch (error) {
      await this.inner.rollback();
      throw error;
    }
    await this.inner.commit();
  }

  async rollback(): Promise<void> {
    this.#ended = true;
    // On a lost connection there is nothing left to roll back: the server ended the transaction.
    await this.#inTurn(() => this.inner.executeRaw(statement("ROLLBACK"))).catch(() => undefined);
    await this.inner.rollback();
  }

  async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[]): Promise<Row[]> {
    // After Prisma's timeout the connection is back in the pool, maybe someone else's.
    if (this.#ended) throw new Error("This transaction is already closed");
    const { columnNames, rows } = await this.queryRaw({ sql, args: [...params], argTypes: params.map(() => STORE_VALUE) });
    return rows.map((row) => Object.fromEntries(columnNames.map((name, i) => [name, row[i]])) as Row);
  }

  /** Sends `statement` once the one before it has answered, and notes its failure. */
  #inTurn<T>(statement: () => Promise<T>): Promise<T> {
    const sent = this.#tail.then(statement);
    this.#tail = sent.catch(() => (this.#aborted = true));
    return sent;
  }
}
