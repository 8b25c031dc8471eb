import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { uniqueShop } from "../support/api";
import { cardInput, walletKey } from "../support/fixtures";
import { deliverShopifyWebhook, shopifyExample, type ExampleTopic } from "../support/shopify-webhooks";

/*
 * Shopify's own sample payloads for API 2026-07 (test/support/shopify-examples/),
 * sent as Shopify sends them: raw JSON whose ids are integers above 2^53, with
 * every header Shopify documents. What the app records from each must hold those
 * ids exactly; fields Shopify adds later, or leaves out when they do not apply,
 * change nothing. And Shopify's delivery: the same event twice under two webhook
 * ids is one event.
 */

const deliver = (topic: ExampleTopic, shop: string, body = shopifyExample(topic, shop), extra: { eventId?: string } = {}) =>
  deliverShopifyWebhook(topic, { shop, body, ...extra });

/** The example with `change` applied to its parsed form: only for examples whose ids JSON.parse keeps (the compliance ones). */
const edited = (topic: ExampleTopic, shop: string, change: (payload: Record<string, unknown>) => void) => {
  const payload = JSON.parse(shopifyExample(topic, shop)) as Record<string, unknown>;
  change(payload);
  return JSON.stringify(payload);
};

/** A raw example with a field Shopify may add one day, put first so the big ids stay as written. */
const withUnknownField = (raw: string) => raw.replace("{", '{"added_in_a_later_version":{"nested":[1,2.5,null]},');

const recorded = (shop: string) => db.orderWebhook.findMany({ where: { shop }, orderBy: { id: "asc" } });

describe("Shopify's example order payloads", () => {
  it.each(["orders/paid", "orders/cancelled"] as const)("%s: recorded for order 820982911946154508 exactly (above 2^53)", async (topic) => {
    const shop = uniqueShop();
    expect(await deliver(topic, shop)).toBe(200);
    const [row, ...more] = await recorded(shop);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ topic, orderId: "820982911946154508", status: "PENDING" });
  });

  it("fulfillments/create: the fulfilment and the lines it ships, every id exact", async () => {
    const shop = uniqueShop();
    expect(await deliver("fulfillments/create", shop)).toBe(200);
    const [row] = await recorded(shop);
    expect(row).toMatchObject({ orderId: "820982911946154508" });
    expect(row!.payload).toEqual({
      id: "123456",
      lines: [
        { id: "487817672276298554", quantity: 1 },
        { id: "789012345678901234", quantity: 1 },
      ],
    });
  });

  it("refunds/create: the refund and the lines it takes back, every id exact", async () => {
    const shop = uniqueShop();
    expect(await deliver("refunds/create", shop)).toBe(200);
    const [row] = await recorded(shop);
    expect(row).toMatchObject({ orderId: "820982911946154508" });
    expect(row!.payload).toEqual({
      id: "890088186047892319",
      lines: [
        { id: "487817672276298554", quantity: 1 },
        { id: "789012345678901234", quantity: 1 },
      ],
    });
  });

  it("takes each with a field Shopify may add later, and a refund of money only (no refund_line_items)", async () => {
    const shop = uniqueShop();
    for (const topic of ["orders/paid", "fulfillments/create", "refunds/create"] as const) {
      expect(await deliver(topic, shop, withUnknownField(shopifyExample(topic, shop))), topic).toBe(200);
    }
    const moneyOnly = shopifyExample("refunds/create", shop).replace(/"refund_line_items": \[[\s\S]*?\n {2}\],\n/, "");
    expect(moneyOnly).not.toContain("refund_line_items");
    expect(await deliver("refunds/create", shop, moneyOnly)).toBe(200);
    const rows = await recorded(shop);
    expect(rows.map((row) => row.topic)).toEqual(["orders/paid", "fulfillments/create", "refunds/create", "refunds/create"]);
    expect(rows.at(-1)!.payload).toEqual({ id: "890088186047892319", lines: [] });
  });

  it("records one event once: the same event id under a new webhook id (Shopify's duplicate) adds nothing", async () => {
    const shop = uniqueShop();
    const eventId = randomUUID();
    expect(await deliver("refunds/create", shop, undefined, { eventId })).toBe(200);
    expect(await deliver("refunds/create", shop, undefined, { eventId })).toBe(200);
    expect(await recorded(shop)).toHaveLength(1);
  });

  it("keeps two topics of one merchant action apart, though Shopify gives them one event id", async () => {
    const shop = uniqueShop();
    const eventId = randomUUID();
    expect(await deliver("orders/cancelled", shop, undefined, { eventId })).toBe(200);
    expect(await deliver("refunds/create", shop, undefined, { eventId })).toBe(200);
    expect((await recorded(shop)).map((row) => row.topic)).toEqual(["orders/cancelled", "refunds/create"]);
  });
});

describe("Shopify's example shop and customer payloads", () => {
  it("app/uninstalled, whose myshopify_domain and domain are null: taken, the shop's sessions deleted", async () => {
    const shop = uniqueShop();
    await db.session.create({ data: { id: `offline_${shop}`, shop, state: "s", isOnline: false, accessToken: "shpat_x", scope: "" } });
    const example = shopifyExample("app/uninstalled", shop);
    expect(example).toContain('"myshopify_domain": null');
    expect(await deliver("app/uninstalled", shop, example)).toBe(200);
    expect(await db.session.count({ where: { shop } })).toBe(0);
  });

  it("customers/data_request: the report recorded for customer 191167 and request 9999, phone as Shopify writes it", async () => {
    const shop = uniqueShop();
    expect(await deliver("customers/data_request", shop)).toBe(200);
    expect(await db.dataRequest.findMany({ where: { shop }, select: { customerId: true, externalId: true } })).toEqual([
      { customerId: "191167", externalId: "9999" },
    ]);
  });

  it("customers/redact: customer 191167's card in the shop no longer names them", async () => {
    const shop = uniqueShop();
    const card = await createCard(shop, { ...cardInput(), owner: "shopify|191167", publicKey: walletKey() });
    expect(await deliver("customers/redact", shop)).toBe(200);
    expect((await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).owner).toMatch(/^redacted\|/);
  });

  it("shop/redact: the shop's rows are gone", async () => {
    const shop = uniqueShop();
    await createCard(shop, { ...cardInput(), owner: "shopify|191167", publicKey: walletKey() });
    expect(await deliver("shop/redact", shop)).toBe(200);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("app_subscriptions/update: taken (a plan this server does not sell changes nothing; billing.test.ts has the plan's)", async () => {
    const shop = uniqueShop();
    expect(await deliver("app_subscriptions/update", shop)).toBe(200);
    expect(await db.shopPlan.count({ where: { shop } })).toBe(0);
  });

  it("takes each with a field Shopify may add later, and without the fields the app does not need", async () => {
    const shop = uniqueShop();
    for (const topic of [
      "app/uninstalled",
      "customers/data_request",
      "customers/redact",
      "shop/redact",
      "app_subscriptions/update",
    ] as const) {
      expect(await deliver(topic, shop, withUnknownField(shopifyExample(topic, shop))), topic).toBe(200);
    }
    const trimmed = {
      "customers/data_request": edited("customers/data_request", shop, (payload) => {
        delete payload.orders_requested;
        payload.customer = { id: 191167 };
      }),
      "customers/redact": edited("customers/redact", shop, (payload) => {
        payload.orders_to_redact = [];
        delete payload.shop_id;
      }),
      "app/uninstalled": JSON.stringify({ id: 548380009 }),
      "app_subscriptions/update": edited("app_subscriptions/update", shop, (payload) => {
        const subscription = payload.app_subscription as Record<string, unknown>;
        for (const field of ["created_at", "updated_at", "capped_amount", "plan_handle", "price", "interval"]) delete subscription[field];
      }),
    };
    for (const [topic, body] of Object.entries(trimmed)) {
      expect(await deliver(topic as ExampleTopic, shop, body), topic).toBe(200);
    }
  });
});

describe("a signed body that is no payload of the topic", () => {
  it.each([
    ["an id too big for any Shopify id", '{"id": 1e400}'],
    ["an id with a fraction", '{"id": 820982911946154508.5}'],
    ["a key given twice", '{"id": 1, "id": 2}'],
    ["nesting deeper than any payload", `${"[".repeat(20_000)}${"]".repeat(20_000)}`],
    ["no JSON", "id=1"],
  ])("%s: a 400, nothing recorded", async (_, body) => {
    const shop = uniqueShop();
    expect(await deliverShopifyWebhook("orders/paid", { shop, body })).toBe(400);
    expect(await recorded(shop)).toEqual([]);
  });
});

describe("a webhook without its signature", () => {
  const topics: ExampleTopic[] = [
    "orders/paid",
    "fulfillments/create",
    "refunds/create",
    "app_subscriptions/update",
    "app/uninstalled",
    "customers/data_request",
    "customers/redact",
    "shop/redact",
  ];

  it.each(topics)(
    "%s: a missing or empty X-Shopify-Hmac-Sha256 is a 401 (Shopify's rule for the compliance topics), nothing done",
    async (topic) => {
      const shop = uniqueShop();
      await db.session.create({ data: { id: `offline_${shop}`, shop, state: "s", isOnline: false, accessToken: "shpat_x", scope: "" } });
      const body = shopifyExample(topic, shop);
      expect(await deliverShopifyWebhook(topic, { shop, body, hmac: null })).toBe(401);
      expect(await deliverShopifyWebhook(topic, { shop, body, hmac: "" })).toBe(401);
      expect(await deliverShopifyWebhook(topic, { shop, body, hmac: null, headerStyle: "shopify" })).toBe(401);
      expect(await recorded(shop)).toEqual([]);
      expect(await db.dataRequest.count({ where: { shop } })).toBe(0);
      expect(await db.session.count({ where: { shop } })).toBe(1);
    },
  );
});
