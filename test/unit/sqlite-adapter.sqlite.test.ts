import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db, transaction } from "~/db/client.server";
import { retryWhileBusy } from "~/db/sqlite-connection.server";
import { clientFor } from "../support/processes";
import { deferred } from "../support/deferred";

// The suite's SQLite file (vitest.config.ts), opened a second time: another process's connection.
const otherConnection = clientFor(process.env.DATABASE_URL!);
afterAll(() => otherConnection.$disconnect());

const shop = () => `adapter-${randomUUID().slice(0, 8)}.myshopify.com`;
const setupRow = (s: string) => ({ shop: s });
const exists = async (s: string) => (await db.shopSetup.count({ where: { shop: s } })) === 1;

describe("the SQLite adapter", () => {
  it("runs the file in WAL mode", async () => {
    const [row] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");

    expect(row!.journal_mode).toBe("wal");
  });

  it("keeps another request's write out of an open transaction: it waits, and survives that transaction's rollback", async () => {
    const inTransaction = shop();
    const outside = shop();
    const written = deferred();
    const release = deferred();
    const failing = transaction(async (tx) => {
      await tx.shopSetup.create({ data: setupRow(inTransaction) });
      written.resolve();
      await release.promise;
      throw new Error("the batch failed");
    });
    await written.promise;

    const independent = db.shopSetup.create({ data: setupRow(outside) });
    release.resolve();

    await expect(failing).rejects.toThrow("the batch failed");
    await independent;
    expect(await exists(inTransaction)).toBe(false);
    expect(await exists(outside)).toBe(true);
  });

  it("sends the shared client's queries made inside a transaction to that transaction, so they roll back with it", async () => {
    const inside = shop();

    const failing = transaction(async () => {
      await db.shopSetup.create({ data: setupRow(inside) });
      throw new Error("undo");
    });

    await expect(failing).rejects.toThrow("undo");
    expect(await exists(inside)).toBe(false);
  });

  it("waits for another connection's write lock without blocking the event loop, then writes", async () => {
    const theirs = shop();
    const ours = shop();
    const locked = deferred();
    const release = deferred();
    const holder = otherConnection.$transaction(async (tx) => {
      await tx.shopSetup.create({ data: setupRow(theirs) });
      locked.resolve();
      await release.promise;
    });
    await locked.promise;

    let settled = false;
    const write = db.shopSetup.create({ data: setupRow(ours) }).finally(() => (settled = true));
    let turns = 0;
    while (!settled && turns < 50) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    release.resolve();
    await holder;
    await write;

    expect(turns).toBe(50);
    expect(await exists(theirs)).toBe(true);
    expect(await exists(ours)).toBe(true);
  });
});

describe("retryWhileBusy", () => {
  const busy = () => Object.assign(new Error("database is locked"), { cause: { originalCode: "SQLITE_BUSY" } });

  it("tries again while SQLite answers SQLITE_BUSY", async () => {
    let calls = 0;

    const result = await retryWhileBusy(async () => {
      if (++calls < 4) throw busy();
      return "written";
    });

    expect(result).toBe("written");
    expect(calls).toBe(4);
  });

  it("gives up once its budget is spent, with the busy error", async () => {
    let calls = 0;

    await expect(
      retryWhileBusy(async () => {
        calls++;
        throw busy();
      }, 30),
    ).rejects.toThrow("database is locked");
    expect(calls).toBeGreaterThan(1);
  });

  it("does not retry any other error", async () => {
    let calls = 0;

    await expect(
      retryWhileBusy(async () => {
        calls++;
        throw new Error("UNIQUE constraint failed");
      }),
    ).rejects.toThrow("UNIQUE");
    expect(calls).toBe(1);
  });
});
