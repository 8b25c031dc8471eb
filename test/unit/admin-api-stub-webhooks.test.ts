import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { shopifyExample, type ExampleTopic } from "../support/shopify-webhooks";
import { stubAccessToken, stubGraphql } from "../support/stub-order-source";
import { startWebhookReceiver, type ReceivedWebhook } from "../support/webhook-receiver";

// The stub's webhooks as Shopify sends them: each topic's body has the fields and
// JSON types of Shopify's sample payload for API 2026-07 (no field Shopify does
// not send, none missing), every documented header, ids written as exact JSON
// integers; and its delivery behaves as Shopify's may: again, twice under two
// webhook ids, late and out of order.

const SECRET = "stub-webhooks-secret";
const SHOP = "webhooks-stub-test.myshopify.com";
const anna = DEMO_CUSTOMERS[0]!;
const mug = DEMO_PRODUCTS.find((product) => product.title === "Aurora Ceramic Mug")!;

let stub: AdminApiStub;
let app: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  app = await startWebhookReceiver();
  stub = await startAdminApiStub({ port: 0, webhookTarget: { appUrl: `http://127.0.0.1:${app.port}`, apiSecret: SECRET } });
});

afterAll(async () => {
  await stub.close();
  await app.close();
});

async function control<T = Record<string, unknown>>(
  path: string,
  body: unknown = {},
  method = "POST",
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stub.url}/_stub/${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

interface Delivered {
  id: string;
  eventId: string;
  topic: string;
  status: number | null;
  held?: boolean;
}

const received = (webhookId: string) => app.received.filter((webhook) => webhook.headers["x-shopify-webhook-id"] === webhookId);
const lastOf = (topic: string) => app.received.filter((webhook) => webhook.path === `/webhooks/${topic}`).at(-1)!;

const kind = (value: unknown) => (Array.isArray(value) ? "array" : value === null ? "null" : typeof value);

/**
 * Where `actual` is not shaped like Shopify's `example`: a field Shopify does not send, one it sends that is
 * missing, or another JSON type (null stands for any type: Shopify sends null where a value does not apply).
 */
function shapeProblems(example: unknown, actual: unknown, path = "$"): string[] {
  if (example === null || actual === null) return [];
  if (kind(example) !== kind(actual)) return [`${path}: ${kind(actual)} where Shopify sends ${kind(example)}`];
  if (Array.isArray(example)) {
    const model = example.find((item) => item !== null);
    return model === undefined ? [] : (actual as unknown[]).flatMap((item, index) => shapeProblems(model, item, `${path}[${index}]`));
  }
  if (kind(example) !== "object") return [];
  const expected = example as Record<string, unknown>;
  const got = actual as Record<string, unknown>;
  return [
    ...Object.keys(got)
      .filter((key) => !(key in expected))
      .map((key) => `${path}.${key}: not in Shopify's payload`),
    ...Object.keys(expected)
      .filter((key) => !(key in got))
      .map((key) => `${path}.${key}: missing`),
    ...Object.keys(expected)
      .filter((key) => key in got)
      .flatMap((key) => shapeProblems(expected[key], got[key], `${path}.${key}`)),
  ];
}

function expectShopifyShape(topic: ExampleTopic, webhook: ReceivedWebhook) {
  expect(shapeProblems(JSON.parse(shopifyExample(topic)), JSON.parse(webhook.body)), topic).toEqual([]);
  const headers = webhook.headers;
  expect(headers).toMatchObject({ "x-shopify-topic": topic, "x-shopify-shop-domain": SHOP, "x-shopify-api-version": "2026-07" });
  expect(headers["x-shopify-hmac-sha256"]).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  expect(headers["x-shopify-webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["x-shopify-event-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["x-shopify-triggered-at"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
}

describe("the stub's webhooks, shaped like Shopify's samples", () => {
  it("orders/paid, fulfillments/create, refunds/create and orders/cancelled", async () => {
    const placed = await control<{ order: { id: string; lines: { id: string }[] } }>("orders", {
      shop: SHOP,
      customerId: anna.id,
      lines: [{ productId: mug.id, quantity: 3 }],
    });
    expect(placed.status).toBe(200);
    const { id, lines } = placed.body.order;
    expectShopifyShape("orders/paid", lastOf("orders/paid"));
    expect((await control(`orders/${id}/fulfillments`, { lines: [{ id: lines[0]!.id, quantity: 1 }] })).status).toBe(200);
    expectShopifyShape("fulfillments/create", lastOf("fulfillments/create"));
    expect((await control(`orders/${id}/refunds`, { lines: [{ id: lines[0]!.id, quantity: 1 }] })).status).toBe(200);
    expectShopifyShape("refunds/create", lastOf("refunds/create"));
    expect((await control(`orders/${id}/cancel`)).status).toBe(200);
    expectShopifyShape("orders/cancelled", lastOf("orders/cancelled"));
    // Ids go out as the JSON integers Shopify writes, not strings.
    expect(lastOf("refunds/create").body).toMatch(new RegExp(`"order_id":${id}[,}]`));
  });

  it("app/uninstalled, shop/redact, customers/data_request and customers/redact", async () => {
    for (const path of ["uninstall", "redact", `customers/${anna.id}/data-request`, `customers/${anna.id}/redact`]) {
      expect((await control<{ webhook: Delivered }>(`shops/${SHOP}/${path}`)).body.webhook.status, path).toBe(200);
    }
    expectShopifyShape("app/uninstalled", lastOf("app/uninstalled"));
    expectShopifyShape("shop/redact", lastOf("shop/redact"));
    expectShopifyShape("customers/data_request", lastOf("customers/data_request"));
    expectShopifyShape("customers/redact", lastOf("customers/redact"));
    expect(JSON.parse(lastOf("customers/redact").body)).toMatchObject({
      shop_domain: SHOP,
      customer: { id: Number(anna.id), email: anna.email, phone: anna.phone },
    });
    expect((await control(`shops/${SHOP}/customers/42/redact`)).status).toBe(404);
  });

  it("app_subscriptions/update", async () => {
    const graphql = stubGraphql(stub.url, SHOP, await stubAccessToken(stub.url));
    const created = await graphql(
      `mutation AppSubscriptionCreate($name: String!, $returnUrl: URL!, $lineItems: [AppSubscriptionLineItemInput!]!) {
        appSubscriptionCreate(name: $name, returnUrl: $returnUrl, lineItems: $lineItems, test: true) { confirmationUrl userErrors { field message } }
      }`,
      {
        variables: {
          name: "Pro",
          returnUrl: "https://admin.shopify.com/store/webhooks-stub-test/apps/twin-cards",
          lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: 19, currencyCode: "USD" }, interval: "EVERY_30_DAYS" } } }],
        },
      },
    );
    const { confirmationUrl } = ((await created.json()) as { data: { appSubscriptionCreate: { confirmationUrl: string } } }).data
      .appSubscriptionCreate;
    await fetch(confirmationUrl, { method: "POST", body: new URLSearchParams({ decision: "approve" }), redirect: "manual" });
    const webhook = lastOf("app_subscriptions/update");
    expectShopifyShape("app_subscriptions/update", webhook);
    expect(JSON.parse(webhook.body)).toMatchObject({ app_subscription: { name: "Pro", status: "ACTIVE", price: "19.00" } });
  });
});

describe("the stub's delivery, as Shopify's may be", () => {
  const placeOrder = async () =>
    (
      await control<{ order: { id: string; lines: { id: string }[] }; webhook: Delivered }>("orders", {
        shop: SHOP,
        customerId: null,
        email: "guest@example.com",
        lines: [{ productId: mug.id, quantity: 2 }],
      })
    ).body;

  it("delivers a webhook again with its id (a retry), or the same event under a new webhook id (a duplicate)", async () => {
    const { webhook } = await placeOrder();
    const [first] = received(webhook.id);
    const retry = await control<{ webhook: Delivered }>(`webhooks/${webhook.id}/redeliver`);
    expect(retry.body.webhook).toEqual({ id: webhook.id, eventId: webhook.eventId, topic: "orders/paid", status: 200 });
    const duplicate = await control<{ webhook: Delivered }>(`webhooks/${webhook.id}/redeliver`, { newWebhookId: true });
    expect(duplicate.body.webhook).toMatchObject({ eventId: webhook.eventId, status: 200 });
    expect(duplicate.body.webhook.id).not.toBe(webhook.id);

    const [again] = received(webhook.id).slice(1);
    const [copy] = received(duplicate.body.webhook.id);
    for (const delivery of [again!, copy!]) {
      expect(delivery.body).toBe(first!.body);
      expect(delivery.headers["x-shopify-event-id"]).toBe(webhook.eventId);
      expect(delivery.headers["x-shopify-triggered-at"]).toBe(first!.headers["x-shopify-triggered-at"]);
      expect(delivery.headers["x-shopify-hmac-sha256"]).toBe(first!.headers["x-shopify-hmac-sha256"]);
    }
  });

  it("holds a topic's next webhook back and delivers it late, after a later one, with the time it was triggered", async () => {
    const { order } = await placeOrder();
    expect((await control("webhooks/hold", { shop: SHOP, topic: "refunds/create" })).status).toBe(200);
    const refund = await control<{ webhook: Delivered }>(`orders/${order.id}/refunds`, {
      lines: [{ id: order.lines[0]!.id, quantity: 1 }],
    });
    expect(refund.body.webhook).toMatchObject({ topic: "refunds/create", status: null, held: true });
    expect(received(refund.body.webhook.id)).toEqual([]);
    const cancel = await control<{ webhook: Delivered }>(`orders/${order.id}/cancel`);
    expect(cancel.body.webhook.status).toBe(200);

    const listed = await control<{ webhooks: { id: string; held: boolean; triggeredAt: string; statuses: number[] }[] }>(
      `shops/${SHOP}/webhooks`,
      undefined,
      "GET",
    );
    expect(listed.body.webhooks.find((webhook) => webhook.id === refund.body.webhook.id)).toMatchObject({ held: true, statuses: [] });

    expect((await control<{ webhook: Delivered }>(`webhooks/${refund.body.webhook.id}/redeliver`)).body.webhook.status).toBe(200);
    const [late] = received(refund.body.webhook.id);
    const [cancelled] = received(cancel.body.webhook.id);
    expect(Date.parse(late!.headers["x-shopify-triggered-at"] as string)).toBeLessThanOrEqual(
      Date.parse(cancelled!.headers["x-shopify-triggered-at"] as string),
    );
    expect(app.received.indexOf(late!)).toBeGreaterThan(app.received.indexOf(cancelled!));
  });

  it("refuses a hold without a shop or topic, naming the field, and holds nothing", async () => {
    const noShop = await control<{ field: string }>("webhooks/hold", { shop: "example.com", topic: "refunds/create" });
    expect(noShop).toMatchObject({ status: 400, body: { field: "shop" } });
    const noTopic = await control<{ field: string }>("webhooks/hold", { shop: SHOP, topic: "refund" });
    expect(noTopic).toMatchObject({ status: 400, body: { field: "topic" } });
    const { webhook } = await placeOrder();
    expect(webhook.status).toBe(200);
  });
});
