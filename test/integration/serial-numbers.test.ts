import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db, transaction } from "~/db/client.server";
import { DomainError } from "~/domain/errors";
import { createRule, getRule, ruleActivity, updateRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import { issueFromOrder } from "~/domain/order-issuing.server";
import type { OrderSnapshot } from "~/domain/orders";
import { shopClient, uniqueShop } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";

/*
 * Serial numbers (docs/decisions/0033-serial-numbers.md): a batch is one closed edition numbered
 * 1..N in input order; an issuing rule numbers every twin and card it issues, across orders and
 * concurrent workers, with no gap and no repeat, and stops at its edition size. Runs on SQLite and
 * PostgreSQL, where concurrent transactions really overlap.
 */

const numericId = () => String(randomInt(1, 2 ** 47));
const PRODUCT = "gid://shopify/Product/4242";
const serialsOf = (items: { serialNumber: number | null; editionSize: number | null }[]) =>
  items.map((item) => [item.serialNumber, item.editionSize]);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** A paid order of one line of PRODUCT, by a guest (claim by e-mail) or a customer. */
function paidOrder(quantity: number, customerId: string | null = null): OrderSnapshot {
  const id = numericId();
  return {
    id,
    name: `#${id.slice(-5)}`,
    email: "collector@example.com",
    phone: null,
    customerId,
    locale: null,
    firstName: null,
    cancelled: false,
    lines: [
      {
        id: numericId(),
        quantity,
        productId: PRODUCT,
        variantId: null,
        collectionIds: [],
        unitPrice: { amount: "120.00", currencyCode: "EUR" },
        title: "Lithograph",
        product: {
          title: "Lithograph",
          description: "Signed print",
          vendor: "Atelier Nord",
          productType: "Print",
          tags: [],
          url: "https://shop.example.com/products/lithograph",
          images: [],
        },
      },
    ],
  };
}

const issue = (shop: string, order: OrderSnapshot) => transaction(() => issueFromOrder(shop, order, { kind: "paid" }));

function cardRule(shop: string, overrides: Record<string, unknown> = {}) {
  return createRule(shop, {
    targetType: "PRODUCT",
    targetId: PRODUCT,
    targetTitle: "Lithograph",
    trigger: "PAID",
    issueTwin: false,
    card: { name: "Certificate", media: { imageUrls: [] } },
    cardPerUnit: true,
    ...overrides,
  });
}

/** The numbers of what an order line issued, twin first, in the order they were issued. */
async function orderSerials(shop: string, orderId: string) {
  const issues = await db.orderIssue.findMany({ where: { shop, orderId } });
  const twinIds = issues.flatMap((row) => (row.twinId ? [row.twinId] : []));
  const cardIds = issues.flatMap((row) => row.cardIds as string[]);
  const twins = await db.digitalTwin.findMany({ where: { id: { in: twinIds } }, orderBy: { serialNumber: "asc" } });
  const cards = await db.unitCard.findMany({ where: { id: { in: cardIds } }, orderBy: { serialNumber: "asc" } });
  return { status: issues[0]?.status, reason: issues[0]?.reason, items: [...twins, ...cards] };
}

describe("a batch is one closed edition", () => {
  it("numbers a batch 1 to N in input order, by code and by owner; a card created alone has no number", async () => {
    const { client } = await shopClient();
    const byCode = await client.cards.createBatch({
      redemption: { email: "jane@example.com" },
      cards: ["First", "Second", "Third"].map((name) => cardInput(name)),
    });
    const byOwner = await client.cards.createBatch({
      owner: "shopify|77",
      publicKey: walletKey(),
      cards: [cardInput("Left"), cardInput("Right")],
    });
    const alone = await client.cards.create({ ...cardInput("Solo"), email: "jane@example.com" });

    expect(byCode.map((card) => [card.name, card.serialNumber, card.editionSize])).toEqual([
      ["First", 1, 3],
      ["Second", 2, 3],
      ["Third", 3, 3],
    ]);
    expect(serialsOf(byOwner)).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(serialsOf([alone])).toEqual([[null, null]]);
    expect(serialsOf([await client.cards.get(byCode[1]!.id)])).toEqual([[2, 3]]);
  });

  it("numbers eight batches created at once each 1 to N, on their own", async () => {
    const { client } = await shopClient();
    const sizes = [5, 3, 8, 1, 6, 2, 7, 4];
    const batches = await Promise.all(
      sizes.map((size, batch) => {
        const cards = range(1, size).map((n) => cardInput(`Batch ${batch} card ${n}`));
        return batch % 2
          ? client.cards.createBatch({ owner: `shopify|${batch}`, publicKey: walletKey(), cards })
          : client.cards.createBatch({ redemption: { email: `b${batch}@example.com` }, cards });
      }),
    );

    batches.forEach((cards, batch) => {
      expect(cards.map((card) => card.name)).toEqual(range(1, sizes[batch]!).map((n) => `Batch ${batch} card ${n}`));
      expect(serialsOf(cards)).toEqual(range(1, sizes[batch]!).map((n) => [n, sizes[batch]]));
    });
  });

  it("keeps a voided card's number", async () => {
    const { client } = await shopClient();
    const cards = await client.cards.createBatch({
      redemption: { email: "jane@example.com" },
      cards: range(1, 9).map((n) => cardInput(`Card ${n}`)),
    });

    const voided = await client.cards.void(cards[6]!.id, { reason: "Damaged in transit" });

    expect(voided.status).toBe("VOID");
    expect(serialsOf([voided, await client.cards.get(cards[6]!.id)])).toEqual([
      [7, 9],
      [7, 9],
    ]);
  });
});

describe("an issuing rule is one edition", () => {
  it("numbers twins and cards of many orders issued at once 1 to K, with no gap and no repeat", async () => {
    const shop = uniqueShop();
    await cardRule(shop, { issueTwin: true });
    const named = numericId();
    await registerName(shop, { name: uniqueName("collector"), publicKey: walletKey(), owner: `shopify|${named}` });
    // Guests get the twin as a claim card; the named customer a twin on their name. Each line: 1 twin + one card per unit.
    const orders = range(1, 12).map((n) => paidOrder((n % 3) + 1, n % 4 === 0 ? named : null));

    const results = await Promise.all(orders.map((order) => issue(shop, order)));

    expect(results.every((result) => result.status === "DONE")).toBe(true);
    const all = await Promise.all(orders.map((order) => orderSerials(shop, order.id)));
    const numbers = all.flatMap(({ items }) => items.map((item) => item.serialNumber!)).sort((a, b) => a - b);
    const expected = orders.reduce((sum, order) => sum + 1 + order.lines[0]!.quantity, 0);
    expect(numbers).toEqual(range(1, expected));
    // One order's items were issued together: consecutive numbers, in an open edition.
    for (const { items } of all) {
      const mine = items.map((item) => item.serialNumber!).sort((a, b) => a - b);
      expect(mine).toEqual(range(mine[0]!, mine[0]! + mine.length - 1));
      expect(items.every((item) => item.editionSize === null)).toBe(true);
    }
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(orders.filter((order) => order.customerId === named).length);
  });

  it("gives the numbers of an issue that rolls back to the next order", async () => {
    const shop = uniqueShop();
    const rule = await cardRule(shop, { editionSize: 10 });

    const crashed = transaction(async () => {
      await issueFromOrder(shop, paidOrder(3), { kind: "paid" });
      throw new Error("The worker crashed before its commit");
    });

    await expect(crashed).rejects.toThrow("The worker crashed before its commit");
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
    expect((await getRule(shop, rule.id)).issuedCount).toBe(0);
    const next = paidOrder(2);
    await issue(shop, next);
    expect(serialsOf((await orderSerials(shop, next.id)).items)).toEqual([
      [1, 10],
      [2, 10],
    ]);
  });

  it("refuses what its edition has no room for, says why on the rule's activity, and issues again once the merchant raises the size", async () => {
    const shop = uniqueShop();
    const rule = await cardRule(shop, { editionSize: 3 });
    const [first, tooMany, last, extra] = [paidOrder(2), paidOrder(2), paidOrder(1), paidOrder(1)];

    for (const order of [first, tooMany, last, extra]) await issue(shop, order);

    expect(serialsOf((await orderSerials(shop, first.id)).items)).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(await orderSerials(shop, tooMany.id)).toEqual({
      status: "FAILED",
      reason: "The edition has 1 left of 3; this line needs 2",
      items: [],
    });
    expect(serialsOf((await orderSerials(shop, last.id)).items)).toEqual([[3, 3]]);
    expect(await orderSerials(shop, extra.id)).toEqual({
      status: "FAILED",
      reason: "The edition is complete: all 3 were issued",
      items: [],
    });
    const { issues } = await ruleActivity(shop, rule.id);
    expect(issues.map((row) => [row.orderName, row.status, Object.values(row.serials).map((serial) => serial.serialNumber)])).toEqual([
      [extra.name, "FAILED", []],
      [last.name, "WAITING", [3]],
      [tooMany.name, "FAILED", []],
      [first.name, "WAITING", [1, 2]],
    ]);

    await updateRule(shop, rule.id, {
      targetType: "PRODUCT",
      targetId: PRODUCT,
      targetTitle: "Lithograph",
      trigger: "PAID",
      issueTwin: false,
      card: { name: "Certificate", media: {} },
      editionSize: 5,
    });
    await issue(shop, tooMany);

    // Each item keeps the edition size it was issued with.
    expect(await orderSerials(shop, tooMany.id)).toMatchObject({ status: "WAITING", reason: null });
    expect(serialsOf((await orderSerials(shop, tooMany.id)).items)).toEqual([
      [4, 5],
      [5, 5],
    ]);
    expect((await getRule(shop, rule.id)).issuedCount).toBe(5);
  });
});

describe("a rule's edition size", () => {
  const ruleInput = (editionSize: unknown) => ({
    targetType: "PRODUCT",
    targetId: PRODUCT,
    targetTitle: "Lithograph",
    trigger: "PAID",
    issueTwin: false,
    card: { name: "Certificate", media: { imageUrls: [] } },
    cardPerUnit: true,
    editionSize,
  });
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).details.map(({ path, message }) => [path, message]);
  };

  it("is a whole number of at least 1, or none: anything else is refused at its field and nothing is saved", async () => {
    const shop = uniqueShop();

    expect(await refusal(createRule(shop, ruleInput(0)))).toEqual([["editionSize", "Must be at least 1"]]);
    expect(await refusal(createRule(shop, ruleInput(-5)))).toEqual([["editionSize", "Must be at least 1"]]);
    expect(await refusal(createRule(shop, ruleInput(2.5)))).toEqual([["editionSize", "Must be a whole number"]]);
    expect(await refusal(createRule(shop, ruleInput("250")))).toEqual([["editionSize", "Expected number, received string"]]);
    expect(await refusal(createRule(shop, ruleInput(Number.NaN)))).toEqual([
      ["editionSize", "Expected number, received something that is not a number"],
    ]);
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
    expect((await createRule(shop, ruleInput(null))).editionSize).toBeNull();
    expect((await createRule(shop, ruleInput(250))).editionSize).toBe(250);
  });

  it("cannot go below what the rule already issued; the rule is left as it was", async () => {
    const shop = uniqueShop();
    const rule = await createRule(shop, ruleInput(10));
    await issue(shop, paidOrder(3));
    const before = await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } });

    const refused = await refusal(updateRule(shop, rule.id, { ...ruleInput(2), trigger: "FULFILLED" }));

    expect(refused).toEqual([["editionSize", "The rule has already issued 3: the edition cannot be smaller"]]);
    expect(await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } })).toEqual(before);
    // Down to exactly what was issued closes the edition; none opens it.
    const closed = await updateRule(shop, rule.id, ruleInput(3));
    expect(closed.editionSize).toBe(3);
    expect(Date.parse(closed.updatedAt)).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(closed.updatedAt).not.toBe(before.updatedAt.toISOString());
    expect((await updateRule(shop, rule.id, ruleInput(null))).editionSize).toBeNull();
  });
});
