import { Prisma } from "@prisma/client";
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
