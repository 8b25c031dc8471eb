import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { uniqueShop } from "../support/api";
import { extFetch, extToken, type ExtErrorBody } from "../support/admin-ext";
import { uniqueName, walletKey } from "../support/fixtures";
import { issuedOrder, stub } from "../support/admin-ext-orders";

// The routes the order and product page blocks (extensions/admin-order, extensions/admin-product)
// call with the session token Shopify admin adds. Orders are placed in the Admin API stub silently
// (no webhook), then issued by the domain as the order worker issues them, so each test decides
// what the automation did and what Shopify says of the order now.

import { mug } from "../support/admin-ext-orders";
const candle = DEMO_PRODUCTS.find((product) => product.title === "Hinoki Bath Candle")!; // barcode HB-CANDLE-01
const customer = DEMO_CUSTOMERS[1]!;

interface Line {
  id: string;
  productTitle: string;
  status: string;
  reason: string | null;
  canRetry: boolean;
  voidable: number;
  items: {
    kind: string;
    id: string;
    status: string;
    claimed: boolean;
    serial: { serialNumber: number; editionSize: number | null } | null;
    url: string;
  }[];
}
interface OrderBlock {
  orderId: string;
  orderName: string | null;
  lines: Line[];
}

const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

const orderBlock = async (shop: string, orderId: string, language?: string) => {
  const response = await extFetch(`/orders/${orderId}`, { token: extToken(shop), language });
  expect(response.status).toBe(200);
  return dataOf<OrderBlock>(response);
};
const post = (shop: string, orderId: string, lineId: string, verb: "retry" | "void", language?: string) =>
  extFetch(`/orders/${orderId}/lines/${lineId}/${verb}`, { token: extToken(shop), method: "POST", language });
const cardsOf = (shop: string) => db.unitCard.findMany({ where: { shop }, orderBy: { serialNumber: "asc" } });

describe("GET /admin-ext/orders/:id (the order block)", () => {
  it("lists what the rule issued for each line: cards with serials, waiting for their claim, no Retry or Void", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);

    const response = await extFetch(`/orders/${encodeURIComponent(`gid://shopify/Order/${orderId}`)}`, { token: extToken(shop) });

    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const block = await dataOf<OrderBlock>(response);
    expect(block.lines).toHaveLength(1);
    const [line] = block.lines;
    expect(line).toMatchObject({ productTitle: mug.title, status: "WAITING", canRetry: false, voidable: 0 });
    expect(line!.items.map((item) => [item.kind, item.status, item.claimed, item.serial])).toEqual([
      ["CARD", "PENDING_REDEMPTION", false, { serialNumber: 1, editionSize: 100 }],
      ["CARD", "PENDING_REDEMPTION", false, { serialNumber: 2, editionSize: 100 }],
    ]);
    expect(line!.items[0]!.url).toBe(`app:app/cards/${line!.items[0]!.id}`);
  });

  it("shows a failed line with its reason in the merchant's language, and Retry", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop, { quantity: 3, editionSize: 1 });

    const english = await orderBlock(shop, orderId);
    const french = await orderBlock(shop, orderId, "fr-FR");

    expect(english.lines[0]).toMatchObject({ status: "FAILED", canRetry: true, voidable: 0, items: [] });
    expect(english.lines[0]!.reason).toMatch(/edition/i);
    expect(french.lines[0]!.reason).not.toBe(english.lines[0]!.reason);
    expect(french.lines[0]!.reason).toMatch(/édition/i);
  });

  it("offers Void for the unclaimed cards of a cancelled order", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);
    await stub(`orders/${orderId}/cancel`, { silent: true });

    const block = await orderBlock(shop, orderId);

    expect(block.lines[0]).toMatchObject({ status: "WAITING", voidable: 2 });
  });

  it.each([
    ["no token", (): string | undefined => undefined],
    ["an expired token", (shop: string) => extToken(shop, { expiredSecondsAgo: 600 })],
    ["a token for another app", (shop: string) => extToken(shop, { apiKey: "another-apps-key" })],
    ["a token signed with another secret", (shop: string) => extToken(shop, { apiSecret: "not-the-app-secret" })],
  ])("refuses %s: 401, readable cross-origin, nothing of the order shown", async (_case, tokenFor) => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);

    const response = await extFetch(`/orders/${orderId}`, { token: tokenFor(shop) });

    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const raw = await response.text();
    expect(raw).not.toContain("Certificate");
    expect((JSON.parse(raw) as ExtErrorBody).error.code).toBe("UNAUTHENTICATED");
  });

  it("is a 404 for another shop's order and for an id that is not an order's, in the merchant's language", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);

    const otherShop = await extFetch(`/orders/${orderId}`, { token: extToken(uniqueShop()) });
    const notAnId = await extFetch("/orders/not-a-number", { token: extToken(shop), language: "fr" });
    const aCustomer = await extFetch(`/orders/${encodeURIComponent("gid://shopify/Customer/1")}`, { token: extToken(shop) });

    expect(otherShop.status).toBe(404);
    expect(await otherShop.text()).not.toContain("Certificate");
    expect(notAnId.status).toBe(404);
    expect(((await notAnId.json()) as ExtErrorBody).error.message).toBe("Commande introuvable");
    expect(aCustomer.status).toBe(404);
    expect(((await aCustomer.json()) as ExtErrorBody).error.message).toBe("Order not found");
  });
});

describe("Void and Retry on the order block", () => {
  it("voids every unclaimed card of a cancelled order, as the cancellation webhook would, once", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);
    await stub(`orders/${orderId}/cancel`, { silent: true });
    const lineId = (await orderBlock(shop, orderId)).lines[0]!.id;

    const response = await post(shop, orderId, lineId, "void");

    expect(response.status).toBe(200);
    const answer = await dataOf<OrderBlock & { voided: number }>(response);
    expect(answer.voided).toBe(2);
    expect(answer.lines[0]).toMatchObject({ status: "VOIDED", voidable: 0 });
    expect(answer.lines[0]!.reason).toMatch(/was cancelled$/);
    const cards = await cardsOf(shop);
    expect(cards.map((card) => card.status)).toEqual(["VOID", "VOID"]);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(2);

    // A second Void (another tab, a double click) finds nothing left: 409, nothing more written.
    const again = await post(shop, orderId, lineId, "void", "fr");
    expect(again.status).toBe(409);
    expect(((await again.json()) as ExtErrorBody).error.message).toMatch(/^Rien à annuler qui attende d’être récupéré/);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(2);
  });

  it("voids only the refunded units' cards of a partly refunded line", async () => {
    const shop = uniqueShop();
    const { orderId, lineId: shopifyLine } = await issuedOrder(shop, { quantity: 3 });
    await stub(`orders/${orderId}/refunds`, { lines: [{ id: shopifyLine, quantity: 1 }], silent: true });
    const before = await orderBlock(shop, orderId);
    expect(before.lines[0]!.voidable).toBe(1);

    const response = await post(shop, orderId, before.lines[0]!.id, "void");

    expect(response.status).toBe(200);
    expect((await cardsOf(shop)).map((card) => card.status)).toEqual(["PENDING_REDEMPTION", "PENDING_REDEMPTION", "VOID"]);
    // Two cards still wait for the two units kept: the line stays as it was.
    expect((await dataOf<OrderBlock>(response)).lines[0]).toMatchObject({ status: "WAITING", voidable: 0 });
  });

  it("refuses Void for an order that stands as issued: 409, no card voided", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);
    const lineId = (await orderBlock(shop, orderId)).lines[0]!.id;

    const response = await post(shop, orderId, lineId, "void");

    expect(response.status).toBe(409);
    expect(((await response.json()) as ExtErrorBody).error.message).toMatch(/^Nothing unclaimed to void/);
    expect((await cardsOf(shop)).map((card) => card.status)).toEqual(["PENDING_REDEMPTION", "PENDING_REDEMPTION"]);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(0);
  });

  it("refuses a line of another order or another shop: 404 naming the line, nothing written", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);
    await stub(`orders/${orderId}/cancel`, { silent: true });
    const lineId = (await orderBlock(shop, orderId)).lines[0]!.id;
    const other = await issuedOrder(shop);

    const wrongOrder = await post(shop, other.orderId, lineId, "void");
    const wrongShop = await extFetch(`/orders/${orderId}/lines/${lineId}/void`, { token: extToken(uniqueShop()), method: "POST" });

    expect(wrongOrder.status).toBe(404);
    expect(((await wrongOrder.json()) as ExtErrorBody).error.message).toBe("Order issue not found");
    expect(wrongShop.status).toBe(404);
    expect(await db.unitCard.count({ where: { shop, status: "VOID" } })).toBe(0);
  });

  it("retries a failed line by working its order again, and refuses a line that did not fail", async () => {
    const shop = uniqueShop();
    const failed = await issuedOrder(shop, { quantity: 3, editionSize: 1 });
    const failedLine = (await orderBlock(shop, failed.orderId)).lines[0]!.id;

    const response = await post(shop, failed.orderId, failedLine, "retry");

    expect(response.status).toBe(200);
    // The order worker works it again: its webhook is queued, nothing issued yet.
    expect(await db.orderWebhook.findMany({ where: { shop, orderId: failed.orderId }, select: { status: true } })).toEqual([
      { status: "PENDING" },
    ]);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);

    // Another shop: the first shop's full edition would fail any order of the mug there.
    const fineShop = uniqueShop();
    const fine = await issuedOrder(fineShop);
    const fineLine = (await orderBlock(fineShop, fine.orderId)).lines[0]!.id;
    const refused = await post(fineShop, fine.orderId, fineLine, "retry", "fr");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ExtErrorBody).error.message).toBe("Seule une ligne en échec peut être relancée");
    expect(await db.orderWebhook.findMany({ where: { shop: fineShop, orderId: fine.orderId }, select: { status: true } })).toEqual([
      { status: "DONE" },
    ]);
  });
});

interface ProductBlock {
  product: { id: string; title: string; variantCount: number };
  twins: {
    count: number;
    latest: { id: string; unsName: string; serial: { serialNumber: number; editionSize: number | null } | null; url: string }[];
  };
  rules: { id: string; targetType: string; issuedCount: number; editionSize: number | null; url: string }[];
  variants: { id: string; barcode: string | null; gtin: string | null; problem: string | null }[];
}

describe("GET /admin-ext/products/:id (the product block)", () => {
  it("lists the product's twins with their serials, the rules issuing it and whether its barcode is a GTIN", async () => {
    const shop = uniqueShop();
    await registerName(shop, { name: uniqueName("pat"), publicKey: walletKey(), owner: `shopify|${customer.id}` });
    const { rule } = await issuedOrder(shop, { customerId: customer.id, quantity: 1 });
    // A customer's universal names are shared across shops (other files register names for the same demo
    // customer), so the twin went to whichever of them the order chose: the block names that one.
    const issued = await db.digitalTwin.findFirstOrThrow({ where: { shop }, select: { name: { select: { name: true } } } });

    const response = await extFetch(`/products/${encodeURIComponent(`gid://shopify/Product/${mug.id}`)}`, { token: extToken(shop) });

    expect(response.status).toBe(200);
    const block = await dataOf<ProductBlock>(response);
    expect(block.product).toEqual({ id: `gid://shopify/Product/${mug.id}`, title: mug.title, variantCount: 1 });
    expect(block.twins.count).toBe(1);
    expect(block.twins.latest).toEqual([
      expect.objectContaining({ unsName: issued.name.name, serial: { serialNumber: 1, editionSize: 100 } }),
    ]);
    expect(block.twins.latest[0]!.url).toBe(`app:app/twins/${block.twins.latest[0]!.id}`);
    // The twin and the card took serials 1 and 2 of the rule's edition.
    expect(block.rules).toEqual([expect.objectContaining({ id: rule.id, targetType: "PRODUCT", issuedCount: 2, editionSize: 100 })]);
    expect(block.variants).toEqual([
      { id: mug.variantGid, title: "Default Title", barcode: mug.barcode, gtin: `0${mug.barcode}`, problem: null },
    ]);
  });

  it("says why a barcode is not a GTIN, and shows no twins or rules of another shop", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: `gid://shopify/Product/${candle.id}`,
      targetTitle: candle.title,
      trigger: "PAID",
      issueTwin: true,
      card: null,
      cardPerUnit: false,
    });

    const block = await dataOf<ProductBlock>(await extFetch(`/products/${candle.id}`, { token: extToken(uniqueShop()) }));

    expect(block.rules).toEqual([]);
    expect(block.twins).toEqual({ count: 0, latest: [] });
    expect(block.variants).toEqual([expect.objectContaining({ barcode: "HB-CANDLE-01", gtin: null, problem: "characters" })]);
  });

  it("is a 404 for a product the shop does not have, and refuses a bad token with a 401", async () => {
    const shop = uniqueShop();
    const missing = await extFetch("/products/123", { token: extToken(shop), language: "fr" });
    const expired = await extFetch(`/products/${mug.id}`, { token: extToken(shop, { expiredSecondsAgo: 600 }) });

    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ExtErrorBody).error.message).toBe("Produit introuvable");
    expect(expired.status).toBe(401);
  });
});
