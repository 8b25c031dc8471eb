// Reads an order as the domain issues from it (app/domain/orders.ts): the order
// worker calls fetchOrder when it works a recorded webhook, so what is issued
// follows the order as it is now, never the webhook's body. The local Admin API
// stub (stubs/admin-api) answers this operation by name.
import type { OrderLine, OrderSnapshot } from "~/domain/orders";
import { numericId, run, toProduct, type GraphqlClient, type ProductNode } from "./admin-graphql.server";

/**
 * The order with a page of its lines. Shopify refuses a query costing over 1,000 points: 2 for the order and its
 * customer, and 2 + LINES_PER_PAGE × (5 + images 2 + 8 + collections 2 + 25) = 842 for the lines; more lines
 * are read a page at a time after `$after`.
 */
export const ORDER_QUERY = `#graphql
query TwinCardsOrder($id: ID!, $after: String) {
  order(id: $id) {
    id name email phone cancelledAt customerLocale
    customer { id firstName locale }
    lineItems(first: 20, after: $after) {
      nodes {
        id title currentQuantity
        variant { id barcode }
        originalUnitPriceSet { shopMoney { amount currencyCode } }
        product {
          id title description vendor productType tags onlineStoreUrl
          images(first: 8) { nodes { url } }
          collections(first: 25) { nodes { id } }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

interface LineItemNode {
  id: string;
  title: string;
  currentQuantity: number;
  variant: { id: string; barcode: string | null } | null;
  originalUnitPriceSet: { shopMoney: { amount: string; currencyCode: string } } | null;
  product: (ProductNode & { collections: { nodes: { id: string }[] } }) | null;
}

interface OrderNode {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  cancelledAt: string | null;
  customerLocale: string | null;
  customer: { id: string; firstName: string | null; locale: string | null } | null;
  lineItems: { nodes: LineItemNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

const toLine = (node: LineItemNode): OrderLine => ({
  id: numericId(node.id),
  quantity: node.currentQuantity,
  productId: node.product?.id ?? null,
  variantId: node.variant?.id ?? null,
  barcode: node.variant?.barcode ?? null,
  collectionIds: node.product?.collections.nodes.map((collection) => collection.id) ?? [],
  unitPrice: node.originalUnitPriceSet?.shopMoney ?? null,
  title: node.title,
  product: node.product && toProduct(node.product),
});

/** The shop's order with this numeric id as it is now, or null if the shop has no such order. */
export async function fetchOrder(graphql: GraphqlClient, orderId: string): Promise<OrderSnapshot | null> {
  const id = `gid://shopify/Order/${orderId}`;
  const { order } = await run<{ order: OrderNode | null }>(graphql, ORDER_QUERY, { id });
  if (!order) return null;
  const lines = [...order.lineItems.nodes];
  for (let page = order.lineItems.pageInfo; page.hasNextPage && page.endCursor;) {
    const next = await run<{ order: OrderNode | null }>(graphql, ORDER_QUERY, { id, after: page.endCursor });
    if (!next.order) break;
    lines.push(...next.order.lineItems.nodes);
    page = next.order.lineItems.pageInfo;
  }
  return {
    id: numericId(order.id),
    name: order.name,
    // An empty contact is no contact: nothing could be sent to it.
    email: order.email || null,
    phone: order.phone || null,
    customerId: order.customer ? numericId(order.customer.id) : null,
    // The checkout's language first: the customer's account language may be older.
    locale: order.customerLocale || order.customer?.locale || null,
    firstName: order.customer?.firstName || null,
    cancelled: order.cancelledAt !== null,
    lines: lines.map(toLine),
  };
}
