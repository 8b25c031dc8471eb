import { describe, expect, it } from "vitest";
import { db, transaction } from "~/db/client.server";
import { voidCard, WITHDRAWN } from "~/domain/card-void.server";
import { resendNotification } from "~/domain/notification-admin.server";
import { createCard } from "~/domain/cards.server";
import { DomainError } from "~/domain/errors";
import { createRule, issuesForCustomer, ruleActivity, setRuleStatus, updateRule } from "~/domain/issuing-rules.server";
import { issueFromOrder, recordOrderWebhook, retryOrderIssue, voidFromOrder } from "~/domain/order-issuing.server";
import { deleteShopData, redactCustomer } from "~/domain/privacy.server";
import type { OrderLine, OrderMoment, OrderSnapshot } from "~/domain/orders";
import { registerName } from "~/domain/names.server";
import { redeemCode } from "~/domain/redeem.server";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";

/*
 * Issuing at purchase, in the domain: given an order as Shopify's Admin API
 * tells it, what the shop's rules issue, exactly once. The webhook and worker
 * path (signed deliveries, the Admin API stub) is order-worker.test.ts.
 */

const PRODUCT = "gid://shopify/Product/101";
const OTHER_PRODUCT = "gid://shopify/Product/202";
let nextId = 1000;
const numericId = () => String(++nextId + Math.floor(Math.random() * 1e9));

function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id: numericId(),
    quantity: 1,
    productId: PRODUCT,
    variantId: "gid://shopify/ProductVariant/1011",
    collectionIds: ["gid://shopify/Collection/7"],
    unitPrice: { amount: "189.90", currencyCode: "EUR" },
    title: "Storm jacket",
    product: {
      title: "Storm jacket",
      description: "Waxed cotton, limited run",
      vendor: "Northwind",
      productType: "Jacket",
      tags: ["limited"],
      url: "https://shop.example.com/products/storm-jacket",
      images: ["https://cdn.example.com/storm.png"],
    },
    ...overrides,
  };
}

function order(overrides: Partial<OrderSnapshot> = {}): OrderSnapshot {
  const id = numericId();
  return {
    id,
    name: `#${id.slice(-4)}`,
    email: "jane@example.com",
    phone: null,
    customerId: numericId(),
    locale: null,
    firstName: null,
    cancelled: false,
    lines: [line()],
    ...overrides,
  };
}

const PAID: OrderMoment = { kind: "paid" };
const issue = (shop: string, snapshot: OrderSnapshot, moment: OrderMoment = PAID) =>
  transaction(() => issueFromOrder(shop, snapshot, moment));

async function twinRule(shop: string, overrides: Record<string, unknown> = {}) {
  return createRule(shop, {
    targetType: "PRODUCT",
    targetId: PRODUCT,
    targetTitle: "Storm jacket",
    trigger: "PAID",
    issueTwin: true,
    ...overrides,
  });
}

async function cardRule(shop: string, overrides: Record<string, unknown> = {}) {
  return createRule(shop, {
    targetType: "PRODUCT",
    targetId: PRODUCT,
    targetTitle: "Storm jacket",
    trigger: "PAID",
    issueTwin: false,
    card: {
      ...cardInput("Owner's club"),
      metadata: [
        { key: "tier", value: "gold" },
        { key: "batch", value: "B-7", visibility: "PRIVATE" },
      ],
    },
    ...overrides,
  });
}

/** A customer of the shop with a universal name. */
async function customerWithName(shop: string) {
  const customerId = numericId();
  const publicKey = walletKey();
  const name = await registerName(shop, { name: uniqueName("buyer"), publicKey, owner: `shopify|${customerId}` });
  return { customerId, publicKey, nameId: name.uns_name_id };
}

const rowCounts = async (shop: string) => ({
  cards: await db.unitCard.count({ where: { shop } }),
  twins: await db.digitalTwin.count({ where: { shop } }),
  issues: await db.orderIssue.count({ where: { shop } }),
  notifications: await db.notification.count({ where: { shop } }),
});

describe("issuing rules", () => {
  it("refuses a card template the domain would refuse, at its field, and saves nothing", async () => {
    const shop = uniqueShop();
    const refused = async (input: Record<string, unknown>) => {
      try {
        await cardRule(shop, input);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as DomainError).details.map((detail) => detail.path);
      }
      throw new Error("the rule was saved");
    };
    expect(await refused({ card: { name: "Club", media: { imageUrls: ["ftp://files.example.com/a.png"] } } })).toContain(
      "card.media.imageUrls[0]",
    );
    expect(
      await refused({ card: { name: "Club", media: {}, metadata: [{ key: "price", value: [12, "EURO"], metaType: "PRICE" }] } }),
    ).toContain("card.metadata[0].value");
    expect(await refused({ card: null, issueTwin: false })).toContain("issueTwin");
    expect(await refused({ targetType: "VARIANT" })).toContain("targetId");
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
  });

  it("edits a rule from a card to a twin only, keeping no template behind", async () => {
    const shop = uniqueShop();
    const rule = await cardRule(shop);
    const edited = await updateRule(shop, rule.id, {
      targetType: "PRODUCT",
      targetId: PRODUCT,
      targetTitle: "Storm jacket",
      trigger: "FULFILLED",
      issueTwin: true,
      card: null,
    });
    expect(edited).toMatchObject({ id: rule.id, trigger: "FULFILLED", issueTwin: true, card: null });
    expect((await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } })).cardTemplate).toBeNull();
    await expect(
      updateRule(uniqueShop(), rule.id, { targetType: "PRODUCT", targetId: PRODUCT, targetTitle: "x", trigger: "PAID", issueTwin: true }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("issuing at payment", () => {
  it("issues the twin to the customer's universal name and an owned card, once, however often the order is worked", async () => {
    const shop = uniqueShop();
    await twinRule(shop);
    await cardRule(shop);
    const buyer = await customerWithName(shop);
    const paid = order({ customerId: buyer.customerId, lines: [line({ quantity: 2 })] });

    const first = await issue(shop, paid);
    expect(first.status).toBe("DONE");
    const twin = await db.digitalTwin.findFirstOrThrow({ where: { shop } });
    expect(twin).toMatchObject({
      nameId: buyer.nameId,
      publicKey: buyer.publicKey,
      title: "Storm jacket",
      quantity: 2,
      price: "189.90",
      currency: "EUR",
      brand: "Northwind",
    });
    expect(twin.categories).toEqual(["Jacket", "limited"]);
    const cards = await db.unitCard.findMany({ where: { shop } });
    expect(cards).toHaveLength(2); // one per unit
    expect(
      cards.every((card) => card.status === "OWNED" && card.owner === `shopify|${buyer.customerId}` && card.publicKey === buyer.publicKey),
    ).toBe(true);
    const before = await rowCounts(shop);

    // Shopify redelivers, or a second webhook for the same payment arrives.
    expect(await issue(shop, paid)).toEqual({ status: "DONE", outcome: `Already issued for order ${paid.name}` });
    expect(await rowCounts(shop)).toEqual(before);
    const shown = await issuesForCustomer(shop, buyer.customerId);
    expect(shown.map((item) => item.status)).toEqual(["ISSUED", "ISSUED"]);
  });

  it("without a universal name, sends one claim for the whole order, and the card's code claims everything", async () => {
    const shop = uniqueShop();
    await twinRule(shop);
    await cardRule(shop, { cardPerUnit: false });
    const paid = order({ lines: [line({ quantity: 3 }), line({ productId: OTHER_PRODUCT })] });

    await issue(shop, paid);
    const cards = await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } });
    // The twin waits as a claim card describing it, plus the rule's one card per line; the other product issues nothing.
    expect(cards.map((card) => card.name)).toEqual(["Storm jacket", "Owner's club"]);
    expect(cards.every((card) => card.status === "PENDING_REDEMPTION")).toBe(true);
    expect(cards[0]!.metadata).toEqual(
      expect.arrayContaining([
        { key: "price", value: [189.9, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
        expect.objectContaining({ key: "quantity", value: 3 }),
      ]),
    );
    expect(new Set(cards.map((card) => card.redemptionId)).size).toBe(1);
    const notifications = await db.notification.findMany({ where: { shop } });
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ channel: "EMAIL", destination: "jane@example.com" });
    const payload = notifications[0]!.payload as { code: string; cards: { name: string; metadata: { key: string }[] }[] };
    expect(payload.cards.map((card) => card.name)).toEqual(["Storm jacket", "Owner's club"]);
    // PRIVATE template entries stay with the merchant.
    expect(payload.cards[1]!.metadata.map((entry) => entry.key)).toEqual(["tier"]);

    const owner = `shopify|${paid.customerId}`;
    const claimed = await redeemCode(shop, { code: payload.code, owner, publicKey: walletKey() }, { address: uniqueClientAddress() });
    expect(claimed).toHaveLength(2);
    const activity = await issuesForCustomer(shop, paid.customerId!);
    expect(activity.map((item) => item.status)).toEqual(["CLAIMED", "CLAIMED"]);
    expect(activity[0]!.recipient).toMatch(/^j\*+@example\.com$/);
  });

  it("works for a guest checkout through its phone, and skips an order with nowhere to send the claim, writing nothing", async () => {
    const shop = uniqueShop();
    await cardRule(shop);
    const guest = order({ customerId: null, email: null, phone: "+1 415 555 0123" });
    await issue(shop, guest);
    expect(await db.notification.findFirstOrThrow({ where: { shop } })).toMatchObject({ channel: "SMS", destination: "+14155550123" });

    const other = uniqueShop();
    await cardRule(other);
    const nowhere = order({ customerId: null, email: null, phone: null });
    const result = await issue(other, nowhere);
    expect(result.status).toBe("SKIPPED");
    expect(result.outcome).toContain("no e-mail or phone");
    expect(await rowCounts(other)).toEqual({ cards: 0, twins: 0, issues: 0, notifications: 0 });
  });

  it("skips a cancelled order, an order without a matching product, and a paused rule", async () => {
    const shop = uniqueShop();
    const rule = await cardRule(shop);
    expect((await issue(shop, order({ cancelled: true }))).outcome).toMatch(/was cancelled/);
    expect((await issue(shop, order({ lines: [line({ productId: OTHER_PRODUCT })] }))).outcome).toMatch(/No rule matches/);
    await setRuleStatus(shop, rule.id, "PAUSED");
    expect((await issue(shop, order())).outcome).toBe("No active rule issues at payment");
    expect(await rowCounts(shop)).toEqual({ cards: 0, twins: 0, issues: 0, notifications: 0 });
  });

  it("matches rules by variant and by collection", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "VARIANT",
      targetId: "gid://shopify/ProductVariant/1011",
      targetTitle: "Storm jacket — L",
      trigger: "PAID",
      issueTwin: false,
      card: cardInput("Variant card"),
    });
    await createRule(shop, {
      targetType: "COLLECTION",
      targetId: "gid://shopify/Collection/7",
      targetTitle: "Limited",
      trigger: "PAID",
      issueTwin: false,
      card: cardInput("Collection card"),
    });
    await issue(shop, order({ lines: [line(), line({ variantId: "gid://shopify/ProductVariant/9", collectionIds: [] })] }));
    const names = (await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } })).map((card) => card.name);
    expect(names.sort()).toEqual(["Collection card", "Variant card"]);
  });

  it("records a line the domain cannot issue as FAILED with its reason, issues the rest, and a retry after the fix issues it", async () => {
    const shop = uniqueShop();
    await twinRule(shop);
    const buyer = await customerWithName(shop);
    const bad = line({ product: { ...line().product!, title: "x".repeat(300) } });
    const good = line({ productId: PRODUCT });
    const paid = order({ customerId: buyer.customerId, lines: [bad, good] });
    await issue(shop, paid);
    const issues = await issuesForCustomer(shop, buyer.customerId);
    const failed = issues.find((item) => item.lineItemId === bad.id)!;
    expect(failed.status).toBe("FAILED");
    expect(failed.reason).toMatch(/title/);
    expect(issues.find((item) => item.lineItemId === good.id)!.status).toBe("ISSUED");
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(1);

    // The merchant shortens the title in Shopify; the order is read again on retry.
    await retryOrderIssue(shop, failed.id);
    await issue(shop, { ...paid, lines: [{ ...bad, product: { ...bad.product!, title: "Storm jacket (long)" } }, good] });
    expect((await issuesForCustomer(shop, buyer.customerId)).map((item) => item.status)).toEqual(["ISSUED", "ISSUED"]);
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(2);
  });
});

describe("issuing at fulfilment", () => {
  it("issues only the fulfilled units, each fulfilment once, and nothing at payment", async () => {
    const shop = uniqueShop();
    const rule = await cardRule(shop, { trigger: "FULFILLED" });
    const jackets = line({ quantity: 3 });
    const placed = order({ lines: [jackets, line({ productId: OTHER_PRODUCT })] });
    expect((await issue(shop, placed)).outcome).toBe("No active rule issues at payment");

    const first: OrderMoment = { kind: "fulfillment", fulfillmentId: "5001", lines: [{ id: jackets.id, quantity: 2 }] };
    await issue(shop, placed, first);
    expect(await db.unitCard.count({ where: { shop } })).toBe(2);
    await issue(shop, placed, first); // redelivered
    expect(await db.unitCard.count({ where: { shop } })).toBe(2);
    await issue(shop, placed, { kind: "fulfillment", fulfillmentId: "5002", lines: [{ id: jackets.id, quantity: 1 }] });
    expect(await db.unitCard.count({ where: { shop } })).toBe(3);
    const { issues } = await ruleActivity(shop, rule.id);
    expect(issues.map((item) => [item.moment, item.quantity])).toEqual([
      ["fulfillment:5002", 1],
      ["fulfillment:5001", 2],
    ]);
  });
});

describe("voiding", () => {
  it("a cancelled order voids its unclaimed cards (a redeem of the code answers VOIDED) and leaves owned items alone", async () => {
    const shop = uniqueShop();
    await cardRule(shop);
    const guest = order({ customerId: null });
    await issue(shop, guest);
    const buyer = await customerWithName(shop);
    const named = order({ customerId: buyer.customerId });
    await issue(shop, named);
    const code = ((await db.notification.findFirstOrThrow({ where: { shop } })).payload as { code: string }).code;

    expect(await transaction(() => voidFromOrder(shop, guest.id, "orders/cancelled", {}))).toEqual({
      status: "DONE",
      outcome: "Voided 1 unclaimed card",
    });
    expect((await transaction(() => voidFromOrder(shop, named.id, "orders/cancelled", {}))).status).toBe("SKIPPED");
    const cards = await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(cards.map((card) => card.status)).toEqual(["VOID", "OWNED"]);
    expect(cards[0]!.voidReason).toBe(`Order ${guest.name} was cancelled`);
    const redeem = redeemCode(shop, { code, owner: "shopify|42", publicKey: walletKey() }, { address: uniqueClientAddress() });
    await expect(redeem).rejects.toMatchObject({ code: "VOIDED" });
    expect((await db.unitCard.findFirstOrThrow({ where: { id: cards[0]!.id } })).owner).toBeNull();
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(1);
  });

  it("a refund voids one unclaimed card per refunded unit of that line; the code still claims the rest", async () => {
    const shop = uniqueShop();
    await cardRule(shop);
    const jackets = line({ quantity: 3 });
    const paid = order({ lines: [jackets] });
    await issue(shop, paid);
    await transaction(() => voidFromOrder(shop, paid.id, "refunds/create", { id: "9", lines: [{ id: jackets.id, quantity: 1 }] }));
    const statuses = (await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } })).map((card) => card.status);
    expect(statuses).toEqual(["PENDING_REDEMPTION", "PENDING_REDEMPTION", "VOID"]);
    const code = ((await db.notification.findFirstOrThrow({ where: { shop } })).payload as { code: string }).code;
    const claimed = await redeemCode(shop, { code, owner: "shopify|42", publicKey: walletKey() }, { address: uniqueClientAddress() });
    expect(claimed).toHaveLength(2);
    expect((await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } })).map((card) => card.status)).toEqual([
      "OWNED",
      "OWNED",
      "VOID",
    ]);
  });

  it("a second refund of one unit voids the next waiting card, not the one the first refund voided", async () => {
    const shop = uniqueShop();
    await cardRule(shop);
    const jackets = line({ quantity: 3 });
    const paid = order({ lines: [jackets] });
    await issue(shop, paid);
    for (const refund of ["9", "10"])
      await transaction(() => voidFromOrder(shop, paid.id, "refunds/create", { id: refund, lines: [{ id: jackets.id, quantity: 1 }] }));

    const statuses = (await db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } })).map((card) => card.status);
    expect(statuses).toEqual(["PENDING_REDEMPTION", "VOID", "VOID"]);
  });

  it("a cancellation after the code was claimed voids nothing and the activity still shows the item claimed", async () => {
    const shop = uniqueShop();
    const rule = await cardRule(shop);
    const paid = order({ customerId: null });
    await issue(shop, paid);
    const code = ((await db.notification.findFirstOrThrow({ where: { shop } })).payload as { code: string }).code;
    await redeemCode(shop, { code, owner: "shopify|42", publicKey: walletKey() }, { address: uniqueClientAddress() });

    expect((await transaction(() => voidFromOrder(shop, paid.id, "orders/cancelled", {}))).status).toBe("SKIPPED");
    const { issues } = await ruleActivity(shop, rule.id);
    expect(issues.map((item) => item.status)).toEqual(["CLAIMED"]);
  });

  it("voids a pending card by hand, idempotently, and refuses an owned one", async () => {
    const shop = uniqueShop();
    const pending = await createCard(shop, { ...cardInput(), email: "jane@example.com" });
    const voided = await voidCard(shop, pending.id, "Sent to the wrong address");
    expect(voided).toMatchObject({ status: "VOID", voidReason: "Sent to the wrong address" });
    expect(await voidCard(shop, pending.id)).toEqual(voided);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(1);

    const owned = await createCard(shop, { ...cardInput(), owner: "shopify|7", publicKey: walletKey() });
    await expect(voidCard(shop, owned.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await db.unitCard.findFirstOrThrow({ where: { id: owned.id } })).status).toBe("OWNED");
    await expect(voidCard(uniqueShop(), pending.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("privacy", () => {
  it("customers/redact keeps what their orders issued without whom it went to; shop/redact deletes rules, activity and recorded webhooks", async () => {
    const shop = uniqueShop();
    await cardRule(shop);
    const paid = order({ email: "jane@example.com" });
    await issue(shop, paid);
    await recordOrderWebhook(shop, { webhookId: `wh-${paid.id}`, topic: "orders/paid", orderId: paid.id, detail: {} });

    const summary = await redactCustomer(shop, { customerId: paid.customerId!, email: "jane@example.com", phone: null });
    expect(summary.orderIssues).toBe(1);
    expect(await db.orderIssue.findFirstOrThrow({ where: { shop } })).toMatchObject({
      customerId: null,
      recipient: null,
      orderName: paid.name,
    });

    const deleted = await deleteShopData(shop);
    expect(deleted).toMatchObject({ issuingRules: 1, orderWebhooks: 1 });
    expect(await db.orderIssue.count({ where: { shop } })).toBe(0);
  });
});

describe("claim messages of voided cards", () => {
  it("are not sent once every card of their code is void, and cannot be resent; a code with a card left still sends", async () => {
    const shop = uniqueShop();
    const single = await createCard(shop, { ...cardInput(), email: "jane@example.com" });
    await voidCard(shop, single.id);
    const withdrawn = await db.notification.findFirstOrThrow({ where: { shop, redemption: { cards: { some: { id: single.id } } } } });
    expect(withdrawn).toMatchObject({ status: "WITHDRAWN", lastError: WITHDRAWN });
    await expect(resendNotification(shop, withdrawn.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/voided/),
    });
    expect((await db.notification.findUniqueOrThrow({ where: { id: withdrawn.id } })).status).toBe("WITHDRAWN");

    await cardRule(shop);
    const paid = order({ email: "sam@example.com", lines: [line({ quantity: 2 })] });
    await issue(shop, paid);
    const [first] = await db.unitCard.findMany({ where: { shop, name: "Owner's club" }, orderBy: { id: "asc" } });
    await voidCard(shop, first!.id);
    expect(await db.notification.findFirstOrThrow({ where: { shop, destination: "sam@example.com" } })).toMatchObject({
      status: "PENDING",
    });
  });
});
