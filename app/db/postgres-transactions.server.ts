import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

interface Held {
  client: pg.PoolClient;
  /** The client's queries one after another: node-postgres deprecates a query sent while another runs. */
  serial: pg.PoolClient;
  open: boolean;
  savepoints: number;
}

/** `client` whose `query` waits for the previous one to finish (work may send several at once, e.g. with Promise.all). */
function oneQueryAtATime(client: pg.PoolClient): pg.PoolClient {
  let tail: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const run = tail.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    tail = run.catch(() => undefined);
    return run;
  };
  return overriding(client, { query });
}

/** `client` with some of its methods replaced, the rest its own. */
function overriding(client: pg.PoolClient, methods: Record<string, unknown>): pg.PoolClient {
  return new Proxy(client, {
    get(target, property) {
      if (typeof property === "string" && property in methods) return methods[property];
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A transaction PostgreSQL rolled back at COMMIT, because a statement in it had failed (and the work caught that failure). */
export class TransactionRolledBack extends Error {
  override name = "TransactionRolledBack";
  constructor() {
    super("The transaction was rolled back: a statement in it failed");
  }
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * node-postgres' pool, which also runs the stores' write transactions on the driver
 * (`transaction()`, issue 26): one connection checked out, `BEGIN` … `COMMIT`, and every
 * direct statement made inside (followed with AsyncLocalStorage) sent on that connection.
 *
 * Prisma's adapter (adapter-pg) opens its own transactions with `connect()`: inside
 * `transaction()` it is handed the held connection instead, on which its `BEGIN`, `COMMIT`
 * and `ROLLBACK` become a savepoint, so what Prisma writes there is part of the same transaction.
 */
export class TransactionPool extends pg.Pool {
  readonly #held = new AsyncLocalStorage<Held>();

  /** The connection of the `transaction()` the running code is in, if any. */
  get heldClient(): pg.PoolClient | undefined {
    const held = this.#held.getStore();
    return held?.open ? held.serial : undefined;
  }

  /** Runs `work` in one transaction on one connection, or in the caller's when it is in one already. */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.heldClient) return work();
    const client = await super.connect();
    const held: Held = { client, serial: oneQueryAtATime(client), open: true, savepoints: 0 };
    // A connection whose BEGIN, COMMIT or ROLLBACK failed short of the server's answer is dropped, not pooled again.
    let broken: Error | undefined;
    const control = (sql: string) =>
      (held.serial.query(sql) as Promise<pg.QueryResult>).catch((error: Error) => {
        if (!(error instanceof pg.DatabaseError)) broken = error;
        throw error;
      });
    try {
      await control("BEGIN");
      let result: T;
      try {
        result = await this.#held.run(held, work);
      } catch (error) {
        held.open = false;
        await control("ROLLBACK").catch(() => undefined);
        throw error;
      }
      held.open = false;
      // After a failed statement PostgreSQL answers COMMIT with ROLLBACK, and no error.
      if ((await control("COMMIT")).command === "ROLLBACK") throw new TransactionRolledBack();
      return result;
    } finally {
      held.open = false;
      client.release(broken);
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const held = this.#held.getStore();
    if (callback) return super.connect(callback as Parameters<pg.Pool["connect"]>[0]);
    if (!held?.open) return super.connect();
    return Promise.resolve(savepointOn(held));
  }
}

const ENDING = /^\s*(BEGIN|COMMIT|ROLLBACK)\s*;?\s*$/i;

/** The held connection as a transaction of its own: BEGIN, COMMIT and ROLLBACK act on a savepoint; release keeps it. */
function savepointOn(held: Held): pg.PoolClient {
  const name = `twin_cards_${++held.savepoints}`;
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const text = typeof config === "string" ? config : config.text;
    const ending = ENDING.exec(text)?.[1]?.toUpperCase();
    if (ending === "BEGIN") return held.serial.query(`SAVEPOINT ${name}`);
    if (ending === "COMMIT") return held.serial.query(`RELEASE SAVEPOINT ${name}`);
    if (ending === "ROLLBACK") {
      await held.serial.query(`ROLLBACK TO SAVEPOINT ${name}`);
      return held.serial.query(`RELEASE SAVEPOINT ${name}`);
    }
    return held.serial.query(config as pg.QueryConfig, values);
  };
  return overriding(held.client, { query, release: () => undefined });
}
