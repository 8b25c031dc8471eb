// Lists a shop's past orders for a rule applied to them (docs/decisions/0051-backfill.md):
// counted first (`ordersCount`), then one page of the ordinary `orders` query when
// there are at most PAGE_LIMIT, or else Shopify's bulk operation, whose JSONL file is
// read line by line. The Admin API stub (stubs/admin-api) answers each by name.
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import type { ListedOrder } from "~/domain/backfills.server";
import { OutboxError } from "~/lib/outbox-error";
import { numericId, run, type GraphqlClient } from "./admin-graphql.server";

/** The most orders one page of the `orders` query returns: more take the bulk operation. */
export const PAGE_LIMIT = 250;

/** Shopify's search for the orders paid since `since` (refunded ones included: they are counted as skipped). */
export const pastOrdersSearch = (since: Date) =>
  `processed_at:>='${since.toISOString()}' AND (financial_status:paid OR financial_status:partially_refunded OR financial_status:refunded)`;

const COUNT_QUERY = `#graphql
query TwinCardsPastOrdersCount($query: String!) {
  ordersCount(query: $query, limit: null) { count }
}`;

const PAGE_QUERY = `#graphql
query TwinCardsPastOrders($query: String!, $first: Int!) {
  orders(first: $first, query: $query, sortKey: PROCESSED_AT) {
    nodes {
      id cancelledAt displayFinancialStatus
      lineItems(first: 250) {
        nodes { id currentQuantity variant { id } product { id collections(first: 50) { nodes { id } } } }
      }
    }
  }
}`;

/** The same selection as a bulk query: connections as edges, Shopify's bulk form. */
const bulkQuery = (search: string) => `{
  orders(query: ${JSON.stringify(search)}) {
    edges { node {
      id cancelledAt displayFinancialStatus
      lineItems { edges { node {
        id currentQuantity variant { id } product { id collections { edges { node { id } } } }
      } } }
    } }
  }
}`;

const RUN_BULK = `#graphql
mutation TwinCardsPastOrdersBulk($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message }
  }
}`;

const BULK_STATE = `#graphql
query TwinCardsBulkOperation($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } }
}`;

interface LineNode {
  id: string;
  currentQuantity: number;
  variant: { id: string } | null;
  product: { id: string; collections?: { nodes: { id: string }[] } } | null;
}

interface OrderNode {
  id: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  lineItems?: { nodes: LineNode[] };
}

const toLine = (line: LineNode, collections: string[]) => ({
  quantity: line.currentQuantity,
  productId: line.product?.id ?? null,
  variantId: line.variant?.id ?? null,
  collectionIds: collections,
});

const toOrder = (order: OrderNode, lines: ListedOrder["lines"]): ListedOrder => ({
  id: numericId(order.id),
  cancelled: order.cancelledAt !== null,
  refunded: order.displayFinancialStatus === "REFUNDED",
  lines,
});

/** How many orders the search finds. */
export async function countOrders(graphql: GraphqlClient, search: string): Promise<number> {
  const { ordersCount } = await run<{ ordersCount: { count: number } }>(graphql, COUNT_QUERY, { query: search });
  return ordersCount.count;
}

/** The search's orders in one page (at most PAGE_LIMIT). */
export async function pageOrders(graphql: GraphqlClient, search: string): Promise<ListedOrder[]> {
  const { orders } = await run<{ orders: { nodes: OrderNode[] } }>(graphql, PAGE_QUERY, { query: search, first: PAGE_LIMIT });
  return orders.nodes.map((order) =>
    toOrder(
      order,
      (order.lineItems?.nodes ?? []).map((line) => toLine(line, line.product?.collections?.nodes.map((node) => node.id) ?? [])),
    ),
  );
}

/** Starts Shopify's bulk operation over the search; its id. One runs at a time per shop and app: another one running is retried later. */
export async function startBulk(graphql: GraphqlClient, search: string): Promise<string> {
  const { bulkOperationRunQuery: answer } = await run<{
    bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: { message: string }[] };
  }>(graphql, RUN_BULK, { query: bulkQuery(search) });
  if (!answer.bulkOperation)
    throw new OutboxError(`Shopify refused the bulk operation: ${answer.userErrors.map((error) => error.message).join("; ")}`, true);
  return answer.bulkOperation.id;
}

export type BulkState = { status: "RUNNING" } | { status: "COMPLETED"; url: string | null } | { status: "ENDED"; reason: string };

/** Where the bulk operation stands. */
export async function bulkState(graphql: GraphqlClient, id: string): Promise<BulkState> {
  const { node } = await run<{ node: { status: string; errorCode: string | null; url: string | null } | null }>(graphql, BULK_STATE, {
    id,
  });
  if (!node) return { status: "ENDED", reason: "Shopify no longer knows the bulk operation" };
  if (node.status === "CREATED" || node.status === "RUNNING") return { status: "RUNNING" };
  if (node.status === "COMPLETED") return { status: "COMPLETED", url: node.url };
  return { status: "ENDED", reason: `Shopify's bulk operation ended ${node.status}${node.errorCode ? ` (${node.errorCode})` : ""}` };
}

/**
 * The orders of a finished bulk operation's JSONL file, read line by line: each
 * order, then its lines (`__parentId` the order) and their products' collections
 * (`__parentId` the line or the product, as Shopify nests them).
 */
export async function readBulkOrders(url: string): Promise<ListedOrder[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new OutboxError(`Could not read the bulk operation's file: HTTP ${response.status}`, true);
  const orders = new Map<string, OrderNode>();
  const lines = new Map<string, LineNode & { orderId: string }>();
  const collections = new Map<string, string[]>();
  const reader = createInterface({ input: Readable.fromWeb(response.body as import("node:stream/web").ReadableStream) });
  for await (const text of reader) {
    if (!text.trim()) continue;
    const row = JSON.parse(text) as { id: string; __parentId?: string } & Record<string, unknown>;
    if (row.id.includes("/Order/")) orders.set(row.id, row as unknown as OrderNode);
    else if (row.id.includes("/LineItem/") && row.__parentId)
      lines.set(row.id, { ...(row as unknown as LineNode), orderId: row.__parentId });
    else if (row.__parentId) collections.set(row.__parentId, [...(collections.get(row.__parentId) ?? []), row.id]);
  }
  const linesOf = new Map<string, ListedOrder["lines"]>();
  for (const line of lines.values()) {
    const ids = [...(collections.get(line.id) ?? []), ...(line.product ? (collections.get(line.product.id) ?? []) : [])];
    linesOf.set(line.orderId, [...(linesOf.get(line.orderId) ?? []), toLine(line, [...new Set(ids)])]);
  }
  return [...orders.values()].map((order) => toOrder(order, linesOf.get(order.id) ?? []));
}
