// Lists a shop's past orders for a rule applied to them (docs/decisions/0051-backfill.md):
// counted first (`ordersCount`), then one page of the ordinary `orders` query when
// there are at most PAGE_LIMIT, or else Shopify's bulk operation, whose JSONL file is
// read line by line. Each document stays within what Shopify accepts (the cost limit,
// the bulk query's 5 connections nested 2 deep); `npm run shopify:check` checks them
// against Shopify's schema, and the Admin API stub (stubs/admin-api) executes them.
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import type { ListedOrder } from "~/domain/backfills.server";
import { OutboxError } from "~/lib/outbox-error";
import { numericId, run, type GraphqlClient } from "./admin-graphql.server";

/**
 * The most orders one page of the `orders` query returns: more take the bulk operation. Shopify refuses a query
 * whose calculated cost is over 1,000 points: PAGE_LIMIT orders of LINES_PER_PAGE lines each cost 2 + 10 × (3 + 30 × 3) = 932.
 */
export const PAGE_LIMIT = 10;
/** The lines read of each order on the single page; an order with more sends the listing to the bulk operation. */
export const LINES_PER_PAGE = 30;

/** Shopify's search for the orders paid since `since` (refunded ones included: they are counted as skipped). */
export const pastOrdersSearch = (since: Date) =>
  `processed_at:>='${since.toISOString()}' AND (financial_status:paid OR financial_status:partially_refunded OR financial_status:refunded)`;

export const PAST_ORDERS_COUNT_QUERY = `#graphql
query TwinCardsPastOrdersCount($query: String!) {
  ordersCount(query: $query, limit: null) { count }
}`;

/**
 * Whether each line's product is in each of the rule's collections, as aliases `c0`, `c1`, … of
 * `Product.inCollection(id:)`: a scalar, so no nested connection (a bulk query allows 2 levels, and
 * `product.collections` would be a third).
 */
const collectionFlags = (collectionIds: readonly string[]) =>
  collectionIds.map((id, index) => `c${index}: inCollection(id: ${JSON.stringify(id)})`).join(" ");

/** One page of the search's orders with their lines (the single-page path): within Shopify's cost limit. */
export const pastOrdersPageQuery = (collectionIds: readonly string[]) => `#graphql
query TwinCardsPastOrders($query: String!, $first: Int!, $lines: Int!) {
  orders(first: $first, query: $query, sortKey: PROCESSED_AT) {
    nodes {
      id cancelledAt displayFinancialStatus
      lineItems(first: $lines) {
        nodes { id currentQuantity variant { id } product { id ${collectionFlags(collectionIds)} } }
        pageInfo { hasNextPage }
      }
    }
  }
}`;

/** The same selection as a bulk query (connections as edges, Shopify's bulk form): two connections, nested two deep. */
export const pastOrdersBulkQuery = (search: string, collectionIds: readonly string[]) => `{
  orders(query: ${JSON.stringify(search)}, sortKey: PROCESSED_AT) {
    edges { node {
      id cancelledAt displayFinancialStatus
      lineItems { edges { node {
        id currentQuantity variant { id } product { id ${collectionFlags(collectionIds)} }
      } } }
    } }
  }
}`;

export const RUN_BULK_MUTATION = `#graphql
mutation TwinCardsPastOrdersBulk($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;

export const BULK_STATE_QUERY = `#graphql
query TwinCardsBulkOperation($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount url } }
}`;

interface LineNode {
  id: string;
  currentQuantity: number;
  variant: { id: string } | null;
  /** `c0`, `c1`, …: whether the product is in the rule's collection of that index. */
  product: ({ id: string } & Record<string, unknown>) | null;
}

interface OrderNode {
  id: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  lineItems?: { nodes: LineNode[]; pageInfo?: { hasNextPage: boolean } };
}

/** The line as the domain lists it: its product's collections among the rule's (the ones the query asked about). */
const toLine = (line: LineNode, collectionIds: readonly string[]) => ({
  quantity: line.currentQuantity,
  productId: line.product?.id ?? null,
  variantId: line.variant?.id ?? null,
  collectionIds: collectionIds.filter((_, index) => line.product?.[`c${index}`] === true),
});

const toOrder = (order: OrderNode, lines: ListedOrder["lines"]): ListedOrder => ({
  id: numericId(order.id),
  cancelled: order.cancelledAt !== null,
  refunded: order.displayFinancialStatus === "REFUNDED",
  lines,
});

/** How many orders the search finds. */
export async function countOrders(graphql: GraphqlClient, search: string): Promise<number> {
  const { ordersCount } = await run<{ ordersCount: { count: number } }>(graphql, PAST_ORDERS_COUNT_QUERY, { query: search });
  return ordersCount.count;
}

/**
 * The search's orders in one page (at most PAGE_LIMIT), each line with which of `collectionIds` its product is in;
 * null when an order has more than LINES_PER_PAGE lines (the bulk operation reads them all).
 */
export async function pageOrders(graphql: GraphqlClient, search: string, collectionIds: readonly string[]): Promise<ListedOrder[] | null> {
  const { orders } = await run<{ orders: { nodes: OrderNode[] } }>(graphql, pastOrdersPageQuery(collectionIds), {
    query: search,
    first: PAGE_LIMIT,
    lines: LINES_PER_PAGE,
  });
  if (orders.nodes.some((order) => order.lineItems?.pageInfo?.hasNextPage)) return null;
  return orders.nodes.map((order) =>
    toOrder(
      order,
      (order.lineItems?.nodes ?? []).map((line) => toLine(line, collectionIds)),
    ),
  );
}

/** Starts Shopify's bulk operation over the search; its id. Up to five run at a time per shop and app: another refusal is retried later. */
export async function startBulk(graphql: GraphqlClient, search: string, collectionIds: readonly string[]): Promise<string> {
  const { bulkOperationRunQuery: answer } = await run<{
    bulkOperationRunQuery: { bulkOperation: { id: string } | null; userErrors: { message: string; code: string | null }[] };
  }>(graphql, RUN_BULK_MUTATION, { query: pastOrdersBulkQuery(search, collectionIds) });
  // A query Shopify finds INVALID stays invalid; a limit reached or another operation running passes.
  if (!answer.bulkOperation)
    throw new OutboxError(
      `Shopify refused the bulk operation: ${answer.userErrors.map((error) => error.message).join("; ")}`,
      !answer.userErrors.some((error) => error.code === "INVALID"),
    );
  return answer.bulkOperation.id;
}

export type BulkState = { status: "RUNNING" } | { status: "COMPLETED"; url: string | null } | { status: "ENDED"; reason: string };

/** Where the bulk operation stands. */
export async function bulkState(graphql: GraphqlClient, id: string): Promise<BulkState> {
  const { node } = await run<{ node: { status: string; errorCode: string | null; url: string | null } | null }>(graphql, BULK_STATE_QUERY, {
    id,
  });
  if (!node) return { status: "ENDED", reason: "Shopify no longer knows the bulk operation" };
  if (node.status === "CREATED" || node.status === "RUNNING") return { status: "RUNNING" };
  if (node.status === "COMPLETED") return { status: "COMPLETED", url: node.url };
  return { status: "ENDED", reason: `Shopify's bulk operation ended ${node.status}${node.errorCode ? ` (${node.errorCode})` : ""}` };
}

/**
 * The orders of a finished bulk operation's JSONL file, read line by line: each order, then its lines
 * (`__parentId` the order), each line's product with which of `collectionIds` it is in.
 */
export async function readBulkOrders(url: string, collectionIds: readonly string[]): Promise<ListedOrder[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new OutboxError(`Could not read the bulk operation's file: HTTP ${response.status}`, true);
  const orders = new Map<string, OrderNode>();
  const linesOf = new Map<string, ListedOrder["lines"]>();
  const reader = createInterface({ input: Readable.fromWeb(response.body as import("node:stream/web").ReadableStream) });
  for await (const text of reader) {
    if (!text.trim()) continue;
    const row = JSON.parse(text) as { id: string; __parentId?: string } & Record<string, unknown>;
    if (!row.__parentId) orders.set(row.id, row as unknown as OrderNode);
    else linesOf.set(row.__parentId, [...(linesOf.get(row.__parentId) ?? []), toLine(row as unknown as LineNode, collectionIds)]);
  }
  return [...orders.values()].map((order) => toOrder(order, linesOf.get(order.id) ?? []));
}
