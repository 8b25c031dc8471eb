import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cacheStatements } from "~/db/statement-cache.server";

// The driver under Prisma's SQLite adapter, on an in-memory database, used as the adapter uses it.
interface Statement {
  run(): unknown;
  raw(): { all(): unknown[] };
}
interface Connection {
  prepare(sql: string): { bind(args: unknown[]): Statement; run(): unknown };
  exec(sql: string): void;
}
const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => Connection;

/** A connection whose statements are cached, and how many times SQLite was asked to prepare one. */
function cachedConnection(size?: number) {
  const connection = new Database(":memory:");
  connection.exec("CREATE TABLE t (x INTEGER)");
  const prepare = connection.prepare.bind(connection);
  const counter = { prepared: 0 };
  connection.prepare = (sql) => (counter.prepared++, prepare(sql));
  cacheStatements(connection as never, size);
  return { connection, counter };
}

describe("the SQLite statement cache", () => {
  it("prepares each SQL once and binds every use afresh", () => {
    const { connection, counter } = cachedConnection();
    for (const x of [1, 2, 3]) connection.prepare("INSERT INTO t (x) VALUES (?)").bind([x]).run();

    expect(connection.prepare("SELECT x FROM t WHERE x > ? ORDER BY x").bind([1]).raw().all()).toEqual([[2], [3]]);
    expect(connection.prepare("SELECT x FROM t WHERE x > ? ORDER BY x").bind([2]).raw().all()).toEqual([[3]]);
    expect(counter.prepared).toBe(2);
  });

  it("drops the least recently used statement past its size", () => {
    const { connection, counter } = cachedConnection(2);
    const use = (sql: string) => connection.prepare(sql).bind([]).raw().all();
    for (const sql of ["SELECT 1", "SELECT 2", "SELECT 1", "SELECT 3", "SELECT 1"]) use(sql);
    expect(counter.prepared).toBe(3);

    use("SELECT 2");
    expect(counter.prepared).toBe(4);
  });

  it("still answers right after the table under a cached statement was replaced", () => {
    const { connection } = cachedConnection();
    connection.prepare("INSERT INTO t (x) VALUES (?)").bind([1]).run();
    expect(connection.prepare("SELECT x FROM t").bind([]).raw().all()).toEqual([[1]]);

    connection.exec("DROP TABLE t; CREATE TABLE t (y TEXT, x INTEGER); INSERT INTO t (y, x) VALUES ('a', 7)");

    expect(connection.prepare("SELECT x FROM t").bind([]).raw().all()).toEqual([[7]]);
  });
});
