import "@shopify/shopify-api/adapters/node";
import { readFileSync } from "node:fs";
import { ApiVersion, shopifyApi } from "@shopify/shopify-api";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchOrder } from "~/adapters/shopify/admin-orders.server";
import { getCustomer, type GraphqlClient } from "~/adapters/shopify/admin-customers.server";
import { DEMO_COLLECTIONS, DEMO_CUSTOMERS, DEMO_ORDERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { stubAccessToken, stubGraphql } from "../support/stub-order-source";
import { startWebhookReceiver, type Answer, type ReceivedWebhook } from "../support/webhook-receiver";

// The stub's order control endpoints: each changes its in-memory order book,
// answers TwinCardsOrder from it, and sends the app the webhook Shopify would,
// signed so that Shopify's own library accepts it.

const SECRET = "stub-test-secret";
const SHOP = "orders-stub-test.myshopify.com";
const OTHER_SHOP = "someone-else.myshopify.com";
const SEEDED = [...DEMO_ORDERS.values()].reduce((sum, orders) => sum + orders.length, 0);

const anna = DEMO_CUSTOMERS.find((customer) => customer.name === "Anna Schmidt")!;
const yuki = DEMO_CUSTOMERS.find((customer) => customer.name === "Yuki Tanaka")!;
const watch = DEMO_PRODUCTS.find((product) => product.title === "Meridian Automatic Watch")!;
const mug = DEMO_PRODUCTS.find((product) => product.title === "Aurora Ceramic Mug")!;
const collectionGid = (title: string) => DEMO_COLLECTIONS.find((collection) => collection.title === title)!.gid;

/** Shopify's library, as the app verifies webhooks with it. */
const shopifyWith = (apiSecretKey: string) =>
  shopifyApi({
    apiKey: "stub-test-key",
    apiSecretKey,
    hostName: "127.0.0.1",
    apiVersion: ApiVersion.July26,
    isEmbeddedApp: true,
    logger: { level: 0 },
  });
const verify = (webhook: ReceivedWebhook, secret = SECRET) =>
  shopifyWith(secret).webhooks.validate({
    rawBody: webhook.body,
    rawRequest: { headers: webhook.headers, method: webhook.method, url: webhook.path },
  });

interface OrderView {
  id: string;
  name: string;
  customerId: string | null;
  email: string | null;
  cancelledAt: string | null;
  currency: string;
  lines: { id: string; productId: string; quantity: number; currentQuantity: number; fulfilledQuantity: number; price: string }[];
}
interface ControlAnswer {
  order: OrderView;
  webhook: { id: string; eventId: string; topic: string; status: number | null; error?: string };
}

let stub: AdminApiStub;
let app: Awaited<ReturnType<typeof startWebhookReceiver>>;
let answers: Answer[];
let graphql: GraphqlClient;

async function control<T = ControlAnswer>(path: string, body?: unknown, method = "POST"): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stub.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(response.headers.get("content-type")).toContain("application/json");
  return { status: response.status, body: (await response.json()) as T };
}

async function place(body: Record<string, unknown>): Promise<ControlAnswer> {
  const answer = await control("/_stub/orders", { shop: SHOP, ...body });
  expect(answer.status).toBe(200);
  return answer.body;
}

const lastReceived = () => app.received.at(-1)!;
const payloadOf = (webhook: ReceivedWebhook) => JSON.parse(webhook.body) as Record<string, unknown>;
const graphqlFor = (shop: string, token: string): GraphqlClient => stubGraphql(stub.url, shop, token);
let token: string;

beforeAll(async () => {
  answers = [];
  app = await startWebhookReceiver(answers);
  stub = await startAdminApiStub({ port: 0, webhookTarget: { appUrl: `http://127.0.0.1:${app.port}`, apiSecret: SECRET } });
  token = await stubAccessToken(stub.url, "stub-test-key");
  graphql = graphqlFor(SHOP, token);
});

beforeEach(() => {
  stub.setWebhookTarget({ appUrl: `http://127.0.0.1:${app.port}`, apiSecret: SECRET });
});

afterAll(async () => {
  await stub.close();
  await app.close();
});

describe("Admin API stub: placing an order", () => {
  it("creates the order in the customer's currency and sends orders/paid, signed so Shopify's library accepts it", async () => {
    const before = app.received.length;
    const { order, webhook } = await place({
      customerId: anna.id,
      lines: [
        { productId: watch.id, quantity: 2 },
        { productId: Number(mug.id), variantId: mug.variantId, quantity: 1 },
      ],
    });

    expect(order).toMatchObject({ customerId: anna.id, email: anna.email, currency: "EUR", cancelledAt: null });
    expect(order.id).toMatch(/^\d+$/);
    expect(Number(order.name.slice(1))).toBeGreaterThan(1000 + SEEDED);
    expect(order.lines.map((line) => [line.productId, line.quantity, line.price])).toEqual([
      [watch.id, 2, watch.prices.EUR],
      [mug.id, 1, mug.prices.EUR],
    ]);

    expect(app.received.length).toBe(before + 1);
    const received = lastReceived();
    expect(received).toMatchObject({ method: "POST", path: "/webhooks/orders/paid" });
    expect(received.headers).toMatchObject({
      "x-shopify-topic": "orders/paid",
      "x-shopify-shop-domain": SHOP,
      "x-shopify-webhook-id": webhook.id,
      "x-shopify-api-version": "2026-07",
      "content-type": "application/json",
    });
    expect(webhook).toEqual({ id: webhook.id, eventId: received.headers["x-shopify-event-id"], topic: "orders/paid", status: 200 });
    expect(await verify(received)).toMatchObject({ valid: true, topic: "ORDERS_PAID", domain: SHOP, webhookId: webhook.id });
    expect(await verify(received, "another-secret")).toMatchObject({ valid: false });

    const payload = payloadOf(received);
    expect(payload).toMatchObject({
      id: Number(order.id),
      admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
      name: order.name,
      email: anna.email,
      phone: anna.phone,
      currency: "EUR",
      financial_status: "paid",
      customer: { id: Number(anna.id), admin_graphql_api_id: anna.gid, email: anna.email },
      line_items: [
        {
          id: Number(order.lines[0]!.id),
          product_id: Number(watch.id),
          variant_id: Number(watch.variantId),
          quantity: 2,
          title: watch.title,
          price: watch.prices.EUR,
        },
        {
          id: Number(order.lines[1]!.id),
          product_id: Number(mug.id),
          variant_id: Number(mug.variantId),
          quantity: 1,
          title: mug.title,
          price: mug.prices.EUR,
        },
      ],
    });
  });

  it("names orders #N+1, #N+2… per shop", async () => {
    const first = await place({ customerId: yuki.id, lines: [{ productId: mug.id, quantity: 1 }] });
    const second = await place({ customerId: yuki.id, lines: [{ productId: mug.id, quantity: 1 }] });
    expect(Number(second.order.name.slice(1))).toBe(Number(first.order.name.slice(1)) + 1);
    const elsewhere = await control("/_stub/orders", {
      shop: OTHER_SHOP,
      customerId: yuki.id,
      lines: [{ productId: mug.id, quantity: 1 }],
    });
    expect(elsewhere.body.order.name).toBe(`#${1001 + SEEDED}`);
    expect(second.order.lines[0]!.price).toBe(mug.prices.JPY);
  });

  it("takes a guest checkout with its e-mail, and one with no contact at all", async () => {
    const { order } = await place({ customerId: null, email: "guest@example.net", lines: [{ productId: mug.id, quantity: 3 }] });
    expect(order).toMatchObject({ customerId: null, email: "guest@example.net", currency: "EUR" });
    expect(payloadOf(lastReceived())).toMatchObject({ customer: null, email: "guest@example.net", phone: null });
    const bare = await place({ customerId: null, lines: [{ productId: mug.id, quantity: 1 }] });
    expect(bare.order.email).toBeNull();
    expect(await fetchOrder(graphql, bare.order.id)).toMatchObject({ customerId: null, email: null, phone: null });
  });

  it("sends the newer Shopify-* headers on request, which Shopify's library accepts too", async () => {
    const { webhook } = await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 1 }], headerStyle: "shopify" });
    const received = lastReceived();
    expect(Object.keys(received.headers).filter((name) => name.startsWith("x-shopify-"))).toEqual([]);
    expect(received.headers).toMatchObject({
      "shopify-topic": "orders/paid",
      "shopify-shop-domain": SHOP,
      "shopify-webhook-id": webhook.id,
    });
    expect(received.headers["shopify-event-id"]).toEqual(expect.any(String));
    expect(await verify(received)).toMatchObject({ valid: true, domain: SHOP, webhookId: webhook.id });
  });

  it("reports the app's status, and no status (with the reason) when nothing answered", async () => {
    answers.push({ status: 401 });
    expect((await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 1 }] })).webhook.status).toBe(401);

    stub.setWebhookTarget(undefined);
    const before = app.received.length;
    const untargeted = await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 1 }] });
    expect(untargeted.webhook).toMatchObject({ topic: "orders/paid", status: null, error: "The stub has no webhook target" });
    expect(app.received.length).toBe(before);

    // The target can be set over HTTP too, e.g. once the app's port is known.
    const set = await control<{ appUrl: string; headerStyle: string }>("/_stub/webhook-target", {
      appUrl: `http://127.0.0.1:${app.port}`,
      apiSecret: SECRET,
    });
    expect(set).toEqual({ status: 200, body: { appUrl: `http://127.0.0.1:${app.port}`, headerStyle: "x-shopify" } });
    const redelivered = await control<{ webhook: ControlAnswer["webhook"] }>(`/_stub/webhooks/${untargeted.webhook.id}/redeliver`);
    expect(redelivered.body.webhook).toEqual({
      id: untargeted.webhook.id,
      eventId: untargeted.webhook.eventId,
      topic: "orders/paid",
      status: 200,
    });
  });

  it.each([
    [{ customerId: anna.id, lines: [{ productId: "1", quantity: 1 }] }, "lines.0.productId", "The shop has no product 1"],
    [
      { customerId: anna.id, lines: [{ productId: watch.id, variantId: mug.variantId, quantity: 1 }] },
      "lines.0.variantId",
      `has no variant ${mug.variantId}`,
    ],
    [{ customerId: anna.id, lines: [{ productId: watch.id, quantity: 0 }] }, "lines.0.quantity", "lines.0.quantity"],
    [{ customerId: anna.id, lines: [] }, "lines", "lines"],
    [{ customerId: "42", lines: [{ productId: watch.id, quantity: 1 }] }, "customerId", "The shop has no customer 42"],
    [{ customerId: "anna", lines: [{ productId: watch.id, quantity: 1 }] }, "customerId", "numeric id"],
    [{ customerId: null, email: "not-an-email", lines: [{ productId: watch.id, quantity: 1 }] }, "email", "email"],
    [{ shop: "example.com", customerId: null, lines: [{ productId: watch.id, quantity: 1 }] }, "shop", "myshopify.com"],
  ])("refuses %j with a 400 naming %s, placing nothing and sending nothing", async (body, field, message) => {
    const before = app.received.length;
    const refused = await control<{ error: string; field: string }>("/_stub/orders", { shop: SHOP, ...body });
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe(field);
    expect(refused.body.error).toContain(message);
    expect(app.received.length).toBe(before);
    // The next order takes the next number: the refused one used none.
    const { order: a } = await place({ customerId: null, lines: [{ productId: mug.id, quantity: 1 }] });
    await control("/_stub/orders", { shop: SHOP, ...body });
    const { order: b } = await place({ customerId: null, lines: [{ productId: mug.id, quantity: 1 }] });
    expect(Number(b.name.slice(1))).toBe(Number(a.name.slice(1)) + 1);
  });

  it("refuses a body that is not JSON, and unknown control paths", async () => {
    const refused = await control<{ error: string }>("/_stub/orders", "{not json");
    expect(refused).toEqual({ status: 400, body: { error: "The body is not JSON", field: null } });
    expect((await control("/_stub/nothing-here", {})).status).toBe(404);
    expect((await control("/_stub/orders/999/fulfillments", {})).status).toBe(404);
    expect((await control("/_stub/webhooks/no-such-webhook/redeliver", {})).status).toBe(404);
  });
});

describe("Admin API stub: fulfilments, cancellations, refunds", () => {
  it("fulfils part of a line, then the rest when no lines are named, sending one fulfillments/create each", async () => {
    const { order } = await place({
      customerId: anna.id,
      lines: [
        { productId: watch.id, quantity: 3 },
        { productId: mug.id, quantity: 1 },
      ],
    });
    const [watchLine, mugLine] = order.lines;

    const partial = await control(`/_stub/orders/${order.id}/fulfillments`, { lines: [{ id: watchLine!.id, quantity: 1 }] });
    expect(partial.status).toBe(200);
    expect(partial.body.webhook).toMatchObject({ topic: "fulfillments/create", status: 200 });
    expect(lastReceived().path).toBe("/webhooks/fulfillments/create");
    expect(await verify(lastReceived())).toMatchObject({ valid: true, topic: "FULFILLMENTS_CREATE" });
    const first = payloadOf(lastReceived());
    expect(first).toMatchObject({
      order_id: Number(order.id),
      status: "success",
      line_items: [{ id: Number(watchLine!.id), quantity: 1 }],
    });

    const rest = await control(`/_stub/orders/${order.id}/fulfillments`, {});
    const second = payloadOf(lastReceived());
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({
      line_items: [
        { id: Number(watchLine!.id), quantity: 2 },
        { id: Number(mugLine!.id), quantity: 1 },
      ],
    });
    expect(rest.body.order.lines.map((line) => line.fulfilledQuantity)).toEqual([3, 1]);

    const nothingLeft = await control<{ error: string }>(`/_stub/orders/${order.id}/fulfillments`, {});
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.body.error).toContain("nothing left to fulfil");
  });

  it("refuses to fulfil more than is left, naming the line's quantity", async () => {
    const { order } = await place({ customerId: anna.id, lines: [{ productId: watch.id, quantity: 1 }] });
    const before = app.received.length;
    const refused = await control<{ error: string; field: string }>(`/_stub/orders/${order.id}/fulfillments`, {
      lines: [{ id: order.lines[0]!.id, quantity: 2 }],
    });
    expect(refused).toMatchObject({ status: 400, body: { field: "lines.0.quantity" } });
    expect(app.received.length).toBe(before);
  });

  it("refunds lower the line's current quantity, which TwinCardsOrder then reports", async () => {
    const { order } = await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 4 }] });
    const line = order.lines[0]!;
    const refunded = await control(`/_stub/orders/${order.id}/refunds`, { lines: [{ id: line.id, quantity: 3 }] });
    expect(refunded.body.order.lines[0]).toMatchObject({ quantity: 4, currentQuantity: 1 });
    expect(lastReceived().path).toBe("/webhooks/refunds/create");
    expect(payloadOf(lastReceived())).toMatchObject({
      order_id: Number(order.id),
      refund_line_items: [{ line_item_id: Number(line.id), quantity: 3 }],
    });
    expect(await verify(lastReceived())).toMatchObject({ valid: true, topic: "REFUNDS_CREATE" });
    expect((await fetchOrder(graphql, order.id))!.lines[0]!.quantity).toBe(1);

    const tooMany = await control<{ field: string }>(`/_stub/orders/${order.id}/refunds`, { lines: [{ id: line.id, quantity: 2 }] });
    expect(tooMany).toMatchObject({ status: 400, body: { field: "lines.0.quantity" } });
    expect((await control<{ field: string }>(`/_stub/orders/${order.id}/refunds`, {})).body.field).toBe("lines");
  });

  it("cancels once: orders/cancelled with cancelled_at, TwinCardsOrder then cancelled; a second cancel is a 409", async () => {
    const { order } = await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 1 }] });
    const cancelled = await control(`/_stub/orders/${order.id}/cancel`);
    expect(cancelled.body.order.cancelledAt).toEqual(expect.any(String));
    expect(cancelled.body.webhook).toMatchObject({ topic: "orders/cancelled", status: 200 });
    expect(lastReceived().path).toBe("/webhooks/orders/cancelled");
    expect(payloadOf(lastReceived())).toMatchObject({ id: Number(order.id), cancelled_at: cancelled.body.order.cancelledAt });
    expect((await fetchOrder(graphql, order.id))!.cancelled).toBe(true);
    expect((await control(`/_stub/orders/${order.id}/cancel`)).status).toBe(409);
    expect((await control(`/_stub/orders/${order.id}/fulfillments`, {})).status).toBe(409);
  });

  it("sends a webhook again with the same id and the same signed body", async () => {
    const { webhook } = await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 1 }] });
    const original = lastReceived();
    const again = await control<{ webhook: ControlAnswer["webhook"] }>(`/_stub/webhooks/${webhook.id}/redeliver`);
    expect(again).toEqual({
      status: 200,
      body: { webhook: { id: webhook.id, eventId: webhook.eventId, topic: "orders/paid", status: 200 } },
    });
    const duplicate = lastReceived();
    expect(duplicate).not.toBe(original);
    expect(duplicate.body).toBe(original.body);
    expect(duplicate.headers["x-shopify-webhook-id"]).toBe(webhook.id);
    expect(duplicate.headers["x-shopify-hmac-sha256"]).toBe(original.headers["x-shopify-hmac-sha256"]);
  });
});

describe("fetchOrder against the stub", () => {
  it("maps the order: numeric order, customer and line ids; GIDs for product, variant and collections", async () => {
    const { order } = await place({ customerId: anna.id, lines: [{ productId: watch.id, quantity: 2 }] });
    expect(await fetchOrder(graphql, order.id)).toEqual({
      id: order.id,
      name: order.name,
      email: anna.email,
      phone: anna.phone,
      customerId: anna.id,
      // The checkout's language is the customer's own unless the order says otherwise: Anna reads German.
      locale: "de",
      firstName: "Anna",
      cancelled: false,
      lines: [
        {
          id: order.lines[0]!.id,
          quantity: 2,
          productId: watch.gid,
          variantId: watch.variantGid,
          barcode: watch.barcode,
          collectionIds: [collectionGid("Limited editions"), collectionGid("Gift ideas")],
          unitPrice: { amount: watch.prices.EUR, currencyCode: "EUR" },
          title: watch.title,
          product: {
            title: watch.title,
            description: watch.description,
            vendor: watch.vendor,
            productType: watch.productType,
            tags: watch.tags,
            url: `https://twin-cards-demo.myshopify.com/products/${watch.handle}`,
            images: watch.imageFiles.map((file) => `${stub.url}/images/${file}`),
          },
        },
      ],
    });
    expect(stub.requests.at(-1)).toMatchObject({ operation: "TwinCardsOrder", shop: SHOP });
  });

  it("is null for an order the stub never placed and for another shop's order", async () => {
    const { order } = await place({ customerId: anna.id, lines: [{ productId: mug.id, quantity: 1 }] });
    expect(await fetchOrder(graphql, "1")).toBeNull();
    expect(await fetchOrder(graphqlFor(OTHER_SHOP, token), order.id)).toBeNull();
  });

  it("adds placed orders to the customer's history in that shop only", async () => {
    const { order } = await place({ customerId: yuki.id, lines: [{ productId: watch.id, quantity: 1 }] });
    const here = await getCustomer(graphql, yuki.id);
    expect(here!.orderedProducts[0]).toMatchObject({ orderName: order.name, title: watch.title, price: watch.prices.JPY, currency: "JPY" });
    const elsewhere = await getCustomer(graphqlFor("quiet-shop.myshopify.com", token), yuki.id);
    expect(elsewhere!.ordersCount).toBe(DEMO_ORDERS.get(yuki.id)!.length);
  });
});

describe("the stub example of docs/admin-api-stub.md", () => {
  it("places the guest order it says, with a body the stub takes as written", async () => {
    const readme = readFileSync("docs/admin-api-stub.md", "utf8");
    const body = /curl -s -X POST http:\/\/127\.0\.0\.1:3001\/_stub\/orders [^\n]*\n\s*-d '([^']+)'/.exec(readme)?.[1];
    expect(body, "docs/admin-api-stub.md's POST /_stub/orders example").toBeDefined();
    const { status, body: answer } = await control("/_stub/orders", body!);
    expect(status).toBe(200);
    expect(answer.order).toMatchObject({ customerId: null, email: "guest@example.com", lines: [{ productId: watch.id, quantity: 1 }] });
  });
});

describe("demo collections", () => {
  it("name only demo products, and every collection has some", () => {
    const titles = new Set(DEMO_PRODUCTS.map((product) => product.title));
    for (const collection of DEMO_COLLECTIONS) {
      expect(collection.productTitles.length).toBeGreaterThan(0);
      for (const title of collection.productTitles) expect(titles).toContain(title);
    }
  });
});

describe("fetchOrder on Shopify's edge cases", () => {
  const answering =
    (body: unknown): GraphqlClient =>
    async () =>
      Response.json(body);

  it("keeps a line whose product was deleted, without product, variant or collections, and reads an empty contact as none", async () => {
    const order = await fetchOrder(
      answering({
        data: {
          order: {
            id: "gid://shopify/Order/77",
            name: "#1077",
            email: "",
            phone: null,
            cancelledAt: "2026-11-23T10:00:00Z",
            customer: null,
            lineItems: {
              nodes: [
                {
                  id: "gid://shopify/LineItem/5",
                  title: "Old jacket",
                  currentQuantity: 1,
                  variant: null,
                  originalUnitPriceSet: null,
                  product: null,
                },
              ],
              pageInfo: { hasNextPage: false, endCursor: null },
            },
          },
        },
      }),
      "77",
    );
    expect(order).toEqual({
      id: "77",
      name: "#1077",
      email: null,
      phone: null,
      customerId: null,
      locale: null,
      firstName: null,
      cancelled: true,
      lines: [
        {
          id: "5",
          quantity: 1,
          productId: null,
          variantId: null,
          barcode: null,
          collectionIds: [],
          unitPrice: null,
          title: "Old jacket",
          product: null,
        },
      ],
    });
  });

  it("throws with Shopify's errors when there is no data (the worker then retries)", async () => {
    await expect(fetchOrder(answering({ errors: [{ message: "Access denied for order field" }] }), "77")).rejects.toThrow(
      "Access denied for order field",
    );
  });
});
