import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bulkState,
  countOrders,
  pageOrders,
  pastOrdersSearch,
  readBulkOrders,
  RUN_BULK_MUTATION,
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

/** The search's orders through the bulk operation, as the backfill worker reads them. */
async function bulkOrders(client: GraphqlClient, search: string, collectionIds: string[] = []) {
  const id = await startBulk(client, search, collectionIds);
  expect(await bulkState(client, id)).toEqual({ status: "RUNNING" });
  const done = await bulkState(client, id);
  expect(done).toMatchObject({ status: "COMPLETED" });
  return (done as { url: string | null }).url ? readBulkOrders((done as { url: string }).url, collectionIds) : [];
}

/** bulkOperationRunQuery with this query, as Shopify answers it. */
async function runBulk(client: GraphqlClient, query: string) {
  const response = await client(RUN_BULK_MUTATION, { variables: { query } });
  return (
    (await response.json()) as {
      data: { bulkOperationRunQuery: { bulkOperation: unknown; userErrors: { code: string; message: string }[] } };
    }
  ).data.bulkOperationRunQuery;
}

describe("the Admin API stub's past orders", () => {
  it("starts the demo shop with 42 orders paid over the last 80 days, some cancelled and some refunded", async () => {
    const orders = await bulkOrders(demo, pastOrdersSearch(new Date(Date.now() - 91 * DAY)));
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
    const inWatch = DEMO_COLLECTIONS.filter((collection) => collection.productTitles.includes(watch.title)).map(
      (collection) => collection.gid,
    );
    const notInWatch = DEMO_COLLECTIONS.find((collection) => !collection.productTitles.includes(watch.title))!.gid;
    // A collection rule asks whether each line's product is in its collection (and one it is not in).
    const asked = [inWatch[0]!, notInWatch];
    const paged = (await pageOrders(shop, search, asked))!;
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
        collectionIds: [inWatch[0]],
      },
    ]);

    expect(await bulkOrders(shop, search, asked)).toEqual(paged);
    // Another shop does not see the operation.
    const id = await startBulk(shop, search, asked);
    expect(await bulkState(demo, id)).toMatchObject({ status: "ENDED" });
  });

  it("a bulk operation that finds nothing has no file", async () => {
    const id = await startBulk(shop, pastOrdersSearch(new Date(Date.now() + DAY)), []);
    await bulkState(shop, id);
    expect(await bulkState(shop, id)).toEqual({ status: "COMPLETED", url: null });
  });

  it("refuses a bulk query nesting connections three deep, as Shopify does, and runs nothing", async () => {
    // The backfill's bulk query before issue 38: orders › lineItems › product.collections.
    const threeDeep = `{ orders(query: "processed_at:>='2026-01-01'") { edges { node { id lineItems { edges { node { id product { id collections { edges { node { id } } } } } } } } } } }`;
    const answer = await runBulk(shop, threeDeep);
    expect(answer.bulkOperation).toBeNull();
    expect(answer.userErrors).toEqual([
      {
        field: ["query"],
        code: "INVALID",
        message: "Bulk queries cannot contain connections with a nesting depth greater than 2 (this one nests 3).",
      },
    ]);
    const noConnection = await runBulk(shop, "{ shop { name } }");
    expect(noConnection.userErrors.map((error) => error.message)).toEqual(["Bulk queries must contain at least one connection."]);
    const unknownField = await runBulk(shop, "{ orders { edges { node { id brand } } } }");
    expect(unknownField.userErrors.map((error) => error.message)).toEqual([
      "Invalid bulk query: Field 'brand' doesn't exist on type 'Order'",
    ]);
    expect(stub.graphqlLog.filter((call) => call.operation === null && call.refused === null)).toEqual([]);
  });

  it("runs at most five bulk queries at a time per shop (API 2026-01 and later)", async () => {
    const busy = stubGraphql(stub.url, "bulk-busy.myshopify.com", await stubAccessToken(stub.url));
    const search = pastOrdersSearch(new Date(Date.now() - DAY));
    const running = await Promise.all(Array.from({ length: 5 }, () => startBulk(busy, search, [])));
    expect(new Set(running).size).toBe(5);
    await expect(startBulk(busy, search, [])).rejects.toThrow(
      "Shopify refused the bulk operation: A shop can run 5 bulk query operations at a time. Please try again later.",
    );
    // One finishing makes room for another.
    await bulkState(busy, running[0]!);
    await bulkState(busy, running[0]!);
    await expect(startBulk(busy, search, [])).resolves.toMatch(/^gid:\/\/shopify\/BulkOperation\//);
  });
});
