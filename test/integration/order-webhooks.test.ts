import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, shopClient, uniqueShop } from "../support/api";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { deliverShopifyWebhook, forgedHmac } from "../support/shopify-webhooks";

/*
 * Order webhooks at the HTTP edge: verified as Shopify signs them, recorded once
 * per webhook id and answered at once; the work is the order worker's
 * (order-worker.test.ts). And voiding a card through /v1.
 */

const orderId = () => Math.floor(Math.random() * 1e12) + 1;
const recorded = (shop: string) => db.orderWebhook.findMany({ where: { shop }, orderBy: { id: "asc" } });

describe("order webhooks", () => {
  it.each(["x-shopify", "shopify"] as const)(
    "records orders/paid signed with %s-* headers once, however often Shopify delivers it",
    async (headerStyle) => {
      const shop = uniqueShop();
      const id = orderId();
      const webhookId = `wh-${id}`;
      const payload = { id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: "#1001", email: "jane@example.com", line_items: [] };
      expect(await deliverShopifyWebhook("orders/paid", { shop, payload, webhookId, headerStyle })).toBe(200);
      expect(await deliverShopifyWebhook("orders/paid", { shop, payload, webhookId, headerStyle })).toBe(200);
      const rows = await recorded(shop);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ topic: "orders/paid", orderId: String(id), webhookId, status: "PENDING" });
    },
  );

  it("keeps a fulfilment's and a refund's lines, and each order topic separately", async () => {
    const shop = uniqueShop();
    const id = orderId();
    const fulfillment = { id: 55, order_id: id, status: "success", line_items: [{ id: 901, quantity: 2, title: "Storm jacket" }] };
    const refund = { id: 66, order_id: String(id), refund_line_items: [{ line_item_id: 901, quantity: 1, subtotal: 189.9 }] };
    expect(await deliverShopifyWebhook("fulfillments/create", { shop, payload: fulfillment })).toBe(200);
    expect(await deliverShopifyWebhook("refunds/create", { shop, payload: refund })).toBe(200);
    expect(await deliverShopifyWebhook("orders/cancelled", { shop, payload: { id, cancel_reason: "customer" } })).toBe(200);
    const rows = await recorded(shop);
    expect(rows.map((row) => [row.topic, row.orderId, row.payload])).toEqual([
      ["fulfillments/create", String(id), { id: "55", lines: [{ id: "901", quantity: 2 }] }],
      ["refunds/create", String(id), { id: "66", lines: [{ id: "901", quantity: 1 }] }],
      ["orders/cancelled", String(id), {}],
    ]);
  });

  it("refuses a wrong or missing signature (401), another topic's body and junk (400), recording nothing", async () => {
    const shop = uniqueShop();
    const payload = { id: orderId() };
    expect(await deliverShopifyWebhook("orders/paid", { shop, payload, hmac: forgedHmac(payload) })).toBe(401);
    expect(await deliverShopifyWebhook("orders/paid", { shop, payload, hmac: forgedHmac(payload), headerStyle: "shopify" })).toBe(401);
    expect(await deliverShopifyWebhook("orders/paid", { shop, payload, hmac: null })).toBe(401);
    expect(await deliverShopifyWebhook("fulfillments/create", { shop, payload })).toBe(400); // no order_id, no line_items
    expect(await deliverShopifyWebhook("orders/paid", { shop, payload: { id: "1; DROP TABLE" } })).toBe(400);
    expect(
      await deliverShopifyWebhook("refunds/create", {
        shop,
        payload: { id: 1, order_id: 2, refund_line_items: [{ line_item_id: 3, quantity: -1 }] },
      }),
    ).toBe(400);
    expect(await recorded(shop)).toEqual([]);
  });
});

describe("POST /v1/unit-cards/{id}/_actions/void", () => {
  it("voids a pending card (idempotent, with the reason), after which its code answers 410 VOIDED", async () => {
    const { client } = await shopClient();
    const card = await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    const voided = await client.cards.void(card.id, { reason: "Order refunded by phone" });
    expect(voided).toMatchObject({ id: card.id, status: "VOID", voidReason: "Order refunded by phone" });
    expect(voided.voidedAt).not.toBeNull();
    expect(await client.cards.void(card.id)).toEqual(voided);
    const gone = await apiError(client.cards.redeem({ code: card.redemption!.code!, owner: uniqueOwner(), publicKey: walletKey() }));
    expect(gone).toMatchObject({ status: 410, code: "VOIDED" });
    expect(gone.message).toMatch(/voided/);
    expect((await client.cards.get(card.id)).owner).toBeNull();
  });

  it("refuses an owned card (409), another shop's (404) and a bad reason (422 at reason), changing nothing", async () => {
    const { client } = await shopClient();
    const { client: other } = await shopClient();
    const owned = await client.cards.create({ ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() });
    const pending = await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    expect(await apiError(client.cards.void(owned.id))).toMatchObject({ status: 409, code: "CONFLICT" });
    expect(await apiError(other.cards.void(pending.id))).toMatchObject({ status: 404 });
    const invalid = await apiError(client.cards.void(pending.id, { reason: 5 as unknown as string }));
    expect(invalid).toMatchObject({ status: 422, details: [expect.objectContaining({ path: "reason" })] });
    expect((await client.cards.get(owned.id)).status).toBe("OWNED");
    expect((await client.cards.get(pending.id)).status).toBe("PENDING_REDEMPTION");
  });
});
