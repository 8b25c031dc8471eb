// What the stub answers for a rule applied to past orders
// (app/adapters/shopify/admin-past-orders.server.ts): `ordersCount` and `orders`
// over its order book with the `processed_at:>='…'` and `financial_status:…` terms
// of Shopify's search syntax (the only ones the app sends), and the bulk
// operation: `bulkOperationRunQuery` runs the same search at once, `node(id)`
// answers RUNNING the first time it is asked and COMPLETED after, with the URL
// of the JSONL file the stub then serves.
import { randomUUID } from "node:crypto";
import { collectionsOf, type ShopProduct } from "./demo-data";
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

const displayStatus = (order: StubOrder) => financialStatusOf(order).toUpperCase();
const productOf = (products: ShopProduct[], id: string) => products.find((product) => product.id === id)!;

/** `TwinCardsPastOrders`: the orders with their lines' product, variant and collections. */
export function pastOrderNode(order: StubOrder, products: ShopProduct[]) {
  return {
    id: `gid://shopify/Order/${order.id}`,
    cancelledAt: order.cancelledAt,
    displayFinancialStatus: displayStatus(order),
    lineItems: {
      nodes: order.lines.map((line) => {
        const product = productOf(products, line.product.id);
        return {
          id: `gid://shopify/LineItem/${line.id}`,
          currentQuantity: line.currentQuantity,
          variant: { id: product.variantGid },
          product: { id: product.gid, collections: { nodes: collectionsOf(product).map((id) => ({ id })) } },
        };
      }),
    },
  };
}

/** The JSONL Shopify writes for the bulk query: each order, then its lines, then their product's collections, each child naming its parent. */
function jsonl(orders: StubOrder[], products: ShopProduct[]): string {
  const rows: object[] = [];
  for (const order of orders) {
    const orderGid = `gid://shopify/Order/${order.id}`;
    rows.push({ id: orderGid, cancelledAt: order.cancelledAt, displayFinancialStatus: displayStatus(order) });
    for (const line of order.lines) {
      const product = productOf(products, line.product.id);
      const lineGid = `gid://shopify/LineItem/${line.id}`;
      rows.push({
        id: lineGid,
        currentQuantity: line.currentQuantity,
        variant: { id: product.variantGid },
        product: { id: product.gid },
        __parentId: orderGid,
      });
      for (const id of collectionsOf(product)) rows.push({ id, __parentId: product.gid });
    }
  }
  return rows.map((row) => JSON.stringify(row)).join("\n") + (rows.length ? "\n" : "");
}

interface BulkOperation {
  id: string;
  shop: string | undefined;
  looked: boolean;
  file: string;
  objectCount: number;
}

/** The bulk operations the stub ran, and their files. */
export function createBulkOperations() {
  const operations = new Map<string, BulkOperation>();
  const fileOf = (key: string) => [...operations.values()].find((operation) => operation.id.endsWith(`/${key}`));
  return {
    /** `bulkOperationRunQuery`: the search in the bulk query's `orders(query: "…")`, run now. */
    run(orders: OrderBook, shop: string | undefined, bulkQuery: string, products: ShopProduct[]) {
      const literal = /orders\(query:\s*("(?:[^"\\]|\\.)*")/.exec(bulkQuery)?.[1];
      if (!literal)
        return { bulkOperation: null, userErrors: [{ field: ["query"], message: "The stub runs bulk queries over orders only" }] };
      const found = searchOrders(orders, shop, JSON.parse(literal) as string);
      const id = `gid://shopify/BulkOperation/${randomUUID().replace(/-/g, "").slice(0, 12)}`;
      const file = jsonl(found, products);
      operations.set(id, { id, shop, looked: false, file, objectCount: file ? file.trim().split("\n").length : 0 });
      return { bulkOperation: { id, status: "CREATED" }, userErrors: [] };
    },
    /** `node(id)`: RUNNING at the first look, COMPLETED with the file's URL after (null when it found nothing, as Shopify). */
    node(shop: string | undefined, id: string, baseUrl: string) {
      const operation = operations.get(id);
      if (!operation || operation.shop !== shop) return null;
      const status = operation.looked ? "COMPLETED" : "RUNNING";
      operation.looked = true;
      const key = id.slice(id.lastIndexOf("/") + 1);
      return {
        id,
        status,
        errorCode: null,
        objectCount: String(operation.objectCount),
        url: status === "COMPLETED" && operation.objectCount > 0 ? `${baseUrl}/_bulk/${key}.jsonl` : null,
      };
    },
    /** The JSONL file at `/_bulk/<key>.jsonl`; undefined for an unknown one. */
    file: (key: string) => fileOf(key)?.file,
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
