import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bulkState,
  countOrders,
  pageOrders,
  pastOrdersSearch,
  readBulkOrders,
  startBulk,
} from "~/adapters/shopify/admin-past-orders.server";
import type { GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { stubAccessToken, stubGraphql } from "../support/stub-order-source";

// The Admin API stub's past orders, read by the app's own adapter as the backfill
// worker reads them (decision 0051): the search terms, the one page, the bulk
// operation and its JSONL file, and the demo shop's seeded history.

const DEMO = "twin-cards-demo.myshopify.com";
const SHOP = "past-orders-stub.myshopify.com";
const DAY = 24 * 60 * 60 * 1000;
const watch = DEMO_PRODUCTS[0]!;
const mug = DEMO_PRODUCTS[1]!;

let stub: AdminApiStub;
let demo: GraphqlClient;
let shop: GraphqlClient;

beforeAll(async () => {
  stub = await startAdminApiStub({ pastOrdersFor: DEMO });
  const token = await stubAccessToken(stub.url);
  demo = stubGraphql(stub.url, DEMO, token);
  shop = stubGraphql(stub.url, SHOP, token);
});
afterAll(async () => {
  await stub?.close();
});

async function control(path: string, body: unknown) {
  const response = await fetch(`${stub.url}/_stub/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const place = async (daysAgo: number, productId = watch.id) =>
  (
    (
      await control("orders", {
        shop: SHOP,
        customerId: null,
        email: "past@example.com",
        lines: [{ productId, quantity: 2 }],
        processedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
        silent: true,
      })
    ).body as { order: { id: string; lines: { id: string }[] } }
  ).order;

describe("the Admin API stub's past orders", () => {
  it("starts the demo shop with 42 orders paid over the last 80 days, some cancelled and some refunded", async () => {
    const orders = await pageOrders(demo, pastOrdersSearch(new Date(Date.now() - 91 * DAY)));
    expect(orders).toHaveLength(42);
    expect(orders.filter((order) => order.cancelled).length).toBeGreaterThan(0);
    expect(orders.filter((order) => order.refunded).length).toBeGreaterThan(0);
    expect(await countOrders(demo, pastOrdersSearch(new Date(Date.now() - 30 * DAY)))).toBe(24);
  });

  it("places a past order silently, and refuses a payment time in the future at its field", async () => {
    const order = await control("orders", {
      shop: "past-orders-silent.myshopify.com",
      customerId: null,
      email: "past@example.com",
      lines: [{ productId: watch.id, quantity: 1 }],
      processedAt: new Date(Date.now() - 3 * DAY).toISOString(),
      silent: true,
    });
    expect(order.status).toBe(200);
    expect(order.body.webhook).toBeNull();
    const future = await control("orders", {
      shop: SHOP,
      customerId: null,
      lines: [{ productId: watch.id, quantity: 1 }],
      processedAt: new Date(Date.now() + DAY).toISOString(),
    });
    expect(future).toEqual({ status: 400, body: { error: "processedAt: Must not be in the future", field: "processedAt" } });
  });

  it("answers the search in one page and through the bulk operation alike, with each line's product, variant and collections", async () => {
    const recent = await place(2);
    const refunded = await place(5);
    await control(`orders/${refunded.id}/refunds`, { lines: [{ id: refunded.lines[0]!.id, quantity: 2 }], silent: true });
    const partly = await place(6, mug.id);
    await control(`orders/${partly.id}/refunds`, { lines: [{ id: partly.lines[0]!.id, quantity: 1 }], silent: true });
    await place(50); // before the range
    const search = pastOrdersSearch(new Date(Date.now() - 10 * DAY));

    expect(await countOrders(shop, search)).toBe(3);
    const paged = await pageOrders(shop, search);
    expect(paged.map((order) => [order.id, order.refunded])).toEqual([
      [partly.id, false],
      [refunded.id, true],
      [recent.id, false],
    ]);
    expect(paged[2]!.lines).toEqual([
      {
        quantity: 2,
        productId: watch.gid,
        variantId: watch.variantGid,
        collectionIds: DEMO_COLLECTIONS.filter((collection) => collection.productTitles.includes(watch.title)).map(
          (collection) => collection.gid,
        ),
      },
    ]);

    const id = await startBulk(shop, search);
    expect(await bulkState(shop, id)).toEqual({ status: "RUNNING" });
    const done = await bulkState(shop, id);
    expect(done).toMatchObject({ status: "COMPLETED", url: expect.stringMatching(/\/_bulk\/\w+\.jsonl$/) });
    const bulk = await readBulkOrders((done as { url: string }).url);
    expect(bulk).toEqual(paged);
    // Another shop does not see the operation.
    expect(await bulkState(demo, id)).toMatchObject({ status: "ENDED" });
  });

  it("a bulk operation that finds nothing has no file", async () => {
    const id = await startBulk(shop, pastOrdersSearch(new Date(Date.now() + DAY)));
    await bulkState(shop, id);
    expect(await bulkState(shop, id)).toEqual({ status: "COMPLETED", url: null });
  });
});
