import { AsyncResource } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, directSql, inTransaction, transaction } from "~/db/client.server";
import { insertRows } from "~/db/insert-rows.server";

// The stores' transactions are Prisma's interactive transactions (decision 0069): Prisma's calls
// and the stores' own SQL both run on the transaction's client. On the suite's database, SQLite or PostgreSQL.

const shop = () => `drivertx-${randomUUID().slice(0, 8)}.myshopify.com`;
const setups = async (s: string) => db.shopSetup.count({ where: { shop: s } });
const directSetups = async (s: string) =>
  (await directSql.query<{ shop: string }>('SELECT "shop" FROM "ShopSetup" WHERE "shop" = $1', [s])).length;

describe("a transaction", () => {
  it("commits a direct insert and a Prisma insert together, each seeing the other's row inside", async () => {
    const [a, b] = [shop(), shop()];

    const seen = await transaction(async () => {
      await insertRows("ShopSetup", [{ shop: a }]);
      await db.shopSetup.create({ data: { shop: b } });
      return { prismaSeesDirect: await setups(a), directSeesPrisma: await directSetups(b), inside: inTransaction() };
    });

    expect(seen).toEqual({ prismaSeesDirect: 1, directSeesPrisma: 1, inside: true });
    expect([await setups(a), await setups(b)]).toEqual([1, 1]);
    expect(inTransaction()).toBe(false);
  });

  it("rolls back both kinds of write when the work fails after them", async () => {
    const [a, b] = [shop(), shop()];

    const failing = transaction(async () => {
      await db.shopSetup.create({ data: { shop: b } });
      await insertRows("ShopSetup", [{ shop: a }]);
      throw new Error("the batch failed");
    });

    await expect(failing).rejects.toThrow("the batch failed");
    expect([await setups(a), await setups(b)]).toEqual([0, 0]);
  });

  it("joins the caller's transaction: an inner failure caught by the caller keeps the caller's writes and the inner ones", async () => {
    const [outer, inner] = [shop(), shop()];

    await transaction(async () => {
      await db.shopSetup.create({ data: { shop: outer } });
      await transaction(async () => db.shopSetup.create({ data: { shop: inner } }));
    });

    expect([await setups(outer), await setups(inner)]).toEqual([1, 1]);
  });

  it("keeps another request's lookup out of an open transaction, made in the same tick as the transaction's own", async () => {
    const s = shop();
    // A lookup in this test's own context, outside any transaction, wherever it is called from.
    const lookUpOutside = AsyncResource.bind(() => db.shopSetup.findUnique({ where: { shop: s } }));
    let outside: Promise<{ shop: string } | null> | undefined;

    const failing = transaction(async () => {
      await db.shopSetup.create({ data: { shop: s } });
      // Both lookups in one tick (Prisma batches same-tick findUnique calls; not seen mixing contexts here, but cheap to hold to).
      const inside = db.shopSetup.findUnique({ where: { shop: s } });
      outside = lookUpOutside();
      expect((await inside)?.shop).toBe(s);
      throw new Error("undo");
    });

    await expect(failing).rejects.toThrow("undo");
    // Outside, the uncommitted row was never seen (SQLite's lookup waited its turn, PostgreSQL's read the last commit).
    expect(await outside).toBeNull();
    expect(await setups(s)).toBe(0);
  });

  it("answers statements sent at once inside a transaction, one after another on its connection", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    const names = [shop(), shop(), shop(), shop()];
    try {
      const seen = await transaction(async () => {
        await Promise.all(names.map((s) => insertRows("ShopSetup", [{ shop: s }])));
        return Promise.all(names.map(directSetups));
      });
      // Node emits warnings on a later turn.
      await new Promise((resolve) => setImmediate(resolve));

      expect(seen).toEqual([1, 1, 1, 1]);
      expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("reports a commit only when the database committed: a failed statement caught inside leaves no half-committed transaction", async () => {
    const [kept, taken] = [shop(), shop()];
    await db.shopSetup.create({ data: { shop: taken } });

    const outcome = await transaction(async () => {
      await insertRows("ShopSetup", [{ shop: kept }]);
      // A duplicate key, caught by the work: SQLite undoes the statement alone, PostgreSQL the whole transaction.
      await insertRows("ShopSetup", [{ shop: taken }]).catch(() => undefined);
    }).then(
      () => "committed",
      (error: Error) => error.message,
    );

    const keptRows = await setups(kept);
    if (outcome === "committed") expect(keptRows).toBe(1);
    else expect({ outcome, keptRows }).toEqual({ outcome: expect.stringContaining("rolled back") as string, keptRows: 0 });
  });

  it("refuses a statement sent on a transaction after it ended, instead of running it outside any transaction", async () => {
    const s = shop();
    // A statement in the transaction's own context, called only once the transaction has committed (as after Prisma's timeout).
    let late: (() => Promise<unknown>) | undefined;
    await transaction(async () => {
      late = AsyncResource.bind(() => insertRows("ShopSetup", [{ shop: s }]));
    });

    await expect(late!()).rejects.toThrow("already closed");
    expect(await setups(s)).toBe(0);
  });
});
