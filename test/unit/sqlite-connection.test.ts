import { afterEach, describe, expect, it } from "vitest";
import { SqliteConnection } from "~/db/sqlite-connection.server";

const opened: SqliteConnection[] = [];
afterEach(() => opened.splice(0).forEach((connection) => connection.close()));

async function connection(cacheSize?: number) {
  const connection = new SqliteConnection("file::memory:", cacheSize);
  opened.push(connection);
  await connection.open();
  connection.exec("CREATE TABLE t (x INTEGER)");
  return connection;
}

const rows = (connection: SqliteConnection, sql: string, ...args: unknown[]) =>
  connection
    .statement(sql)
    .raw(true)
    .all(...args);

describe("the SQLite connection's statements", () => {
  it("prepares each SQL once and binds every use afresh", async () => {
    const db = await connection();
    for (const x of [1, 2, 3]) db.statement("INSERT INTO t (x) VALUES (?)").run(x);

    expect(rows(db, "SELECT x FROM t WHERE x > ? ORDER BY x", 1)).toEqual([[2], [3]]);
    expect(rows(db, "SELECT x FROM t WHERE x > ? ORDER BY x", 2)).toEqual([[3]]);
    expect(db.statementsPrepared).toBe(2);
  });

  it("drops the least recently used statement past its size", async () => {
    const db = await connection(2);
    for (const sql of ["SELECT 1", "SELECT 2", "SELECT 1", "SELECT 3", "SELECT 1"]) rows(db, sql);
    expect(db.statementsPrepared).toBe(3);

    rows(db, "SELECT 2");
    expect(db.statementsPrepared).toBe(4);
  });

  it("still answers right after the table under a cached statement was replaced", async () => {
    const db = await connection();
    db.statement("INSERT INTO t (x) VALUES (?)").run(1);
    expect(rows(db, "SELECT x FROM t")).toEqual([[1]]);

    db.exec("DROP TABLE t; CREATE TABLE t (y TEXT, x INTEGER); INSERT INTO t (y, x) VALUES ('a', 7)");

    expect(rows(db, "SELECT x FROM t")).toEqual([[7]]);
  });

  it("runs one use at a time, in the order asked: a use waits for the transaction holding the connection", async () => {
    const db = await connection();
    const order: string[] = [];
    const first = db.use(() => order.push("first"));
    const turn = await db.turn();
    const waiting = db.use(() => order.push("after the transaction"));
    // Turns of the event loop in which the waiting use would have run, had it not waited.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    order.push("transaction ends");
    turn();
    await Promise.all([first, waiting]);

    expect(order).toEqual(["first", "transaction ends", "after the transaction"]);
  });
});
