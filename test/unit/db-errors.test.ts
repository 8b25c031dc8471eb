import { Prisma } from "@prisma/client";
import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { retryOnConflict } from "~/db/conflict-retry.server";
import { isDatabaseUnavailable, isTransactionConflict, isUniqueViolation } from "~/db/errors.server";

// The same classification on both databases: what becomes 409/422 (unique), 503 UNAVAILABLE, or a silent retry.
const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError("x", { code, clientVersion: "6.19.3", meta });
/** What adapter-pg throws for a PostgreSQL error Prisma has no code for. */
const postgresError = (code: string) =>
  Object.assign(new Error("postgres"), { name: "DriverAdapterError", cause: { kind: "postgres", code } });
/** What the SQLite adapter throws while the file is locked. */
const sqliteBusy = () =>
  Object.assign(new Error("sqlite"), { name: "DriverAdapterError", cause: { kind: "sqlite", originalCode: "SQLITE_BUSY" } });

describe("database errors", () => {
  it("sees a unique violation as P2002 from either client, by name as well as by class", () => {
    expect(isUniqueViolation(known("P2002"))).toBe(true);
    // The PostgreSQL client carries its own copy of Prisma's runtime, hence another class of the same name.
    const fromOtherRuntime = Object.assign(new Error("Unique constraint failed"), { name: "PrismaClientKnownRequestError", code: "P2002" });
    expect(isUniqueViolation(fromOtherRuntime)).toBe(true);
    expect(isUniqueViolation(known("P2025"))).toBe(false);
  });

  it("counts unreachable, timed-out, exhausted and still-conflicting databases as unavailable", () => {
    for (const code of ["P1001", "P1008", "P1017", "P2024", "P2028", "P2034", "P2037"])
      expect(isDatabaseUnavailable(known(code))).toBe(true);
    for (const state of ["08006", "57P01", "40P01"]) expect(isDatabaseUnavailable(postgresError(state))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("counts a raw query's failure (P2010) on a database out of reach as unavailable, and its SQL errors not", () => {
    // What $queryRaw throws when PostgreSQL is down: the adapter's kind inside P2010, not P1001.
    const rawFailed = (cause: Record<string, unknown>) => known("P2010", { driverAdapterError: { name: "DriverAdapterError", cause } });
    for (const kind of ["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]) {
      expect(isDatabaseUnavailable(rawFailed({ kind, host: "127.0.0.1", port: 5432 }))).toBe(true);
    }
    expect(isDatabaseUnavailable(rawFailed({ kind: "postgres", code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(rawFailed({ kind: "postgres", code: "42601" }))).toBe(false);
  });

  it("leaves the caller's mistakes and real bugs alone", () => {
    expect(isDatabaseUnavailable(known("P2002"))).toBe(false);
    expect(isDatabaseUnavailable(postgresError("42P01"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });

  it("takes deadlocks and serialization failures for conflicts, and SQLite's busy file not (its adapter retries that)", () => {
    expect(isTransactionConflict(known("P2034"))).toBe(true);
    expect(isTransactionConflict(postgresError("40P01"))).toBe(true);
    expect(isTransactionConflict(known("P2034", { driverAdapterError: postgresError("40001") }))).toBe(true);
    expect(isTransactionConflict(sqliteBusy())).toBe(false);
    expect(isTransactionConflict(known("P2002"))).toBe(false);
  });
});

// What PgBouncer 1.18 in transaction mode answered, as the app met it (test/integration/pooler-outage.pgbouncer.test.ts):
// its own refusals carry SQLSTATE 08P01 with severity FATAL, whichever way the statement was sent.
const POOLER_REFUSALS = [
  "no more connections allowed (max_client_conn)",
  "query_wait_timeout",
  "server login has been failing, try again later (server_login_retry)",
];
/** node-postgres' error for a direct statement (app/db/direct-sql.server.ts) or a connection PgBouncer refused. */
const pgbouncerError = (message: string, code = "08P01") =>
  Object.assign(new DatabaseError(message, message.length + 22, "error"), { severity: "FATAL", code });
/** adapter-pg's account of the same, as a model query or a transaction fails with it. */
const adapterError = (message: string, code = "08P01") =>
  Object.assign(new Error(message), {
    name: "DriverAdapterError",
    cause: { originalCode: code, originalMessage: message, kind: "postgres", code, severity: "FATAL", message },
    clientVersion: "6.19.3",
  });

describe("a transaction-mode pooler's errors (PgBouncer, as observed)", () => {
  it("counts its refusals as unavailable from a direct statement, a model query, a transaction and raw SQL (P2010)", () => {
    for (const message of POOLER_REFUSALS) {
      expect(isDatabaseUnavailable(pgbouncerError(message)), message).toBe(true);
      expect(isDatabaseUnavailable(adapterError(message)), message).toBe(true);
      expect(
        isDatabaseUnavailable(known("P2010", { driverAdapterError: { name: "DriverAdapterError", cause: adapterError(message).cause } })),
        message,
      ).toBe(true);
    }
  });

  it("counts the pooler stopped or gone mid-query as unavailable", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6432"), {
      errno: -111,
      code: "ECONNREFUSED",
      syscall: "connect",
      address: "127.0.0.1",
      port: 6432,
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(
      isDatabaseUnavailable(
        known("P1001", {
          driverAdapterError: { name: "DriverAdapterError", cause: { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 6432 } },
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("Connection terminated unexpectedly"), { clientVersion: "6.19.3" }))).toBe(true);
  });

  it("counts what PgBouncer 1.20 and later forward from a server that refuses logins (the server's SQLSTATE) as unavailable", () => {
    expect(isDatabaseUnavailable(pgbouncerError("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(pgbouncerError("sorry, too many clients already", "53300"))).toBe(true);
  });

  it("does not hide named prepared statements on swapped connections (issue 26's bug) as a 503: they stay 500", () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(pgbouncerError('prepared statement "twin_cards_59326fc4f144fc3e86fa" already exists', "42P05"), {
          severity: "ERROR",
        }),
      ),
    ).toBe(false);
    expect(
      isDatabaseUnavailable(
        Object.assign(pgbouncerError('prepared statement "twin_cards_59326fc4f144fc3e86fa" does not exist', "26000"), {
          severity: "ERROR",
        }),
      ),
    ).toBe(false);
  });
});

describe("retryOnConflict", () => {
  it("runs a transaction that lost a deadlock again until it commits", async () => {
    let runs = 0;
    const result = await retryOnConflict(async () => {
      runs += 1;
      if (runs < 3) throw postgresError("40P01");
      return "committed";
    });
    expect({ result, runs }).toEqual({ result: "committed", runs: 3 });
  });

  it("does not run it again for any other error", async () => {
    let runs = 0;
    const failing = retryOnConflict(async () => {
      runs += 1;
      throw known("P2002");
    });
    await expect(failing).rejects.toMatchObject({ code: "P2002" });
    expect(runs).toBe(1);
  });

  it("gives up after its budget with the conflict, which the API answers as 503", async () => {
    const failing = retryOnConflict(async () => {
      throw known("P2034");
    }, 20);
    await expect(failing).rejects.toSatisfy(isDatabaseUnavailable);
  });
});
