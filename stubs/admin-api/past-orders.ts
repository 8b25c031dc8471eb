// What the stub answers for a rule applied to past orders
// (app/adapters/shopify/admin-past-orders.server.ts): `ordersCount` and `orders`
// over its order book with the `processed_at:>='…'` and `financial_status:…` terms
// of Shopify's search syntax (the only ones the app sends), and the bulk
// operation: `bulkOperationRunQuery` runs the same search at once, `node(id)`
// answers RUNNING the first time it is asked and COMPLETED after, with the URL
// of the JSONL file the stub then serves.
import { randomUUID } from "node:crypto";
import type { GraphQLSchema } from "graphql";
import { bulkJsonl } from "../shopify-graphql/bulk-jsonl";
import { bulkQueryErrors } from "../shopify-graphql/bulk-query-shape";
import { financialStatusOf, type OrderBook, type StubOrder } from "./order-book";

/** The orders of `shop` the search finds, oldest payment first. */
export function searchOrders(orders: OrderBook, shop: string | undefined, search: string): StubOrder[] {
  const since = /processed_at:>='?([^'\s)]+)'?/.exec(search)?.[1];
  const statuses = [...search.matchAll(/financial_status:(\w+)/g)].map((match) => match[1]);
  return orders
    .ofShop(shop)
    .filter((order) => !since || Date.parse(order.processedAt) >= Date.parse(since))
    .filter((order) => statuses.length === 0 || statuses.includes(financialStatusOf(order)))
    .sort((a, b) => a.processedAt.localeCompare(b.processedAt));
}

export interface BulkOperation {
  id: string;
  shop: string | undefined;
  query: string;
  looks: number;
  file: string;
  objectCount: number;
  rootObjectCount: number;
  createdAt: string;
}

/** Bulk query operations a shop may have running at once from API version 2026-01 (one before). */
export const BULK_QUERIES_AT_ONCE = 5;

/**
 * The bulk operations the stub ran, and their files. `bulkOperationRunQuery` checks the query as Shopify does
 * (schema, shape, how many run), runs it at once over the stub's data and keeps its JSONL; `node(id)` answers
 * RUNNING the first time it is asked and COMPLETED after, when it no longer counts as running.
 */
export function createBulkOperations(schema: GraphQLSchema) {
  const operations = new Map<string, BulkOperation>();
  const fileOf = (key: string) => [...operations.values()].find((operation) => operation.id.endsWith(`/${key}`));
  const running = (shop: string | undefined) =>
    [...operations.values()].filter((operation) => operation.shop === shop && operation.looks < 2);
  return {
    async run(shop: string | undefined, query: string, queryRoot: unknown) {
      const refused = bulkQueryErrors(schema, query);
      if (refused.length > 0) return { bulkOperation: null, userErrors: refused };
      if (running(shop).length >= BULK_QUERIES_AT_ONCE)
        return {
          bulkOperation: null,
          userErrors: [
            {
              field: null,
              code: "LIMIT_REACHED",
              message: `A shop can run ${BULK_QUERIES_AT_ONCE} bulk query operations at a time. Please try again later.`,
            },
          ],
        };
      const { lines, rootObjectCount } = await bulkJsonl(schema, query, queryRoot);
      const id = `gid://shopify/BulkOperation/${randomUUID().replace(/-/g, "").slice(0, 12)}`;
      const file = lines.map((line) => JSON.stringify(line)).join("\n") + (lines.length ? "\n" : "");
      const operation = {
        id,
        shop,
        query,
        looks: 0,
        file,
        objectCount: lines.length,
        rootObjectCount,
        createdAt: new Date().toISOString(),
      };
      operations.set(id, operation);
      return { bulkOperation: bulkOperationObject(operation, null), userErrors: [] };
    },
    /** `node(id)`: RUNNING at the first look, COMPLETED with the file's URL after (null when it found nothing, as Shopify). */
    node(shop: string | undefined, id: string, baseUrl: string) {
      const operation = operations.get(id);
      if (!operation || operation.shop !== shop) return null;
      operation.looks++;
      return bulkOperationObject(operation, baseUrl);
    },
    /** The JSONL file at `/_bulk/<key>.jsonl`; undefined for an unknown one. */
    file: (key: string) => fileOf(key)?.file,
  };
}

/** A BulkOperation as the schema has it; `baseUrl` null for the one just created. */
function bulkOperationObject(operation: BulkOperation, baseUrl: string | null) {
  const status = operation.looks === 0 ? "CREATED" : operation.looks === 1 ? "RUNNING" : "COMPLETED";
  const key = operation.id.slice(operation.id.lastIndexOf("/") + 1);
  return {
    __typename: "BulkOperation",
    id: operation.id,
    status,
    type: "QUERY",
    query: operation.query,
    createdAt: operation.createdAt,
    completedAt: status === "COMPLETED" ? operation.createdAt : null,
    errorCode: null,
    objectCount: String(status === "COMPLETED" ? operation.objectCount : 0),
    rootObjectCount: String(status === "COMPLETED" ? operation.rootObjectCount : 0),
    fileSize: status === "COMPLETED" && operation.objectCount > 0 ? String(operation.file.length) : null,
    url: status === "COMPLETED" && operation.objectCount > 0 && baseUrl ? `${baseUrl}/_bulk/${key}.jsonl` : null,
    partialDataUrl: null,
  };
}

/** When each seeded product's past orders were paid, in days ago; which of them were cancelled or fully refunded. */
const PAST_ORDER_DAYS = [80, 60, 45, 25, 15, 8, 3];
const CANCELLED = new Set([45, 3]);
const REFUNDED = new Set([15]);

/**
 * The demo shop's history before the app: for each of the first six products,
 * seven orders paid over the last 80 days by the demo customers, sent to no
 * webhook, two of them cancelled and one refunded, so a rule applied to past
 * orders has some to skip (the last 30 days: two to issue, two to skip).
 */
export function seedPastOrders(
  orders: OrderBook,
  shop: string,
  customers: readonly { id: string }[],
  productIds: readonly string[],
  now = Date.now(),
) {
  let placed = 0;
  for (const days of PAST_ORDER_DAYS) {
    for (const [index, productId] of productIds.slice(0, 6).entries()) {
      const order = orders.place({
        shop,
        customerId: customers[placed++ % customers.length]!.id,
        lines: [{ productId, quantity: 1 + (index % 2) }],
        // Hours apart, so each product's orders of a day keep their order.
        processedAt: new Date(now - days * 24 * 60 * 60 * 1000 + index * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      });
      if (CANCELLED.has(days)) orders.cancel(order.id);
      if (REFUNDED.has(days))
        orders.refund(
          order.id,
          order.lines.map((line) => ({ id: line.id, quantity: line.quantity })),
        );
    }
  }
}
