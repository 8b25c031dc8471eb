// The Admin GraphQL reads the admin pages need, behind a small interface so
// routes get plain objects. The local Admin API stub (stubs/admin-api) answers
// these same operations by name.
import { numericId, run, toProduct, type GraphqlClient, type ProductNode } from "./admin-graphql.server";

export type { GraphqlClient };

export interface CustomerSummary {
  id: string; // numeric, e.g. "7364129087"
  name: string;
  email: string | null;
  phone: string | null;
  ordersCount: number;
  /** For the claim messages of the cards made for them: their greeting and language. */
  firstName: string | null;
  locale: string | null;
}

export interface OrderedProduct {
  productId: string;
  /** The variant ordered (its GID) and its barcode, a GTIN or not (ProductVariant.barcode); null when unknown. */
  variantId: string | null;
  barcode: string | null;
  title: string;
  description: string;
  price: string | null; // decimal text, e.g. "189.90"
  currency: string | null;
  vendor: string;
  productType: string;
  tags: string[];
  url: string | null;
  images: string[];
  quantity: number;
  orderName: string;
}

export interface CustomerDetail extends CustomerSummary {
  createdAt: string;
  orderedProducts: OrderedProduct[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  previousCursor: string | null;
}

const CUSTOMER_FIELDS = `id displayName firstName email phone locale numberOfOrders`;

export const CUSTOMERS_QUERY = `#graphql
query TwinCardsCustomers($query: String, $first: Int, $last: Int, $after: String, $before: String) {
  customers(query: $query, first: $first, last: $last, after: $after, before: $before, sortKey: NAME) {
    nodes { ${CUSTOMER_FIELDS} }
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;

/**
 * A customer with the products of their last orders. Shopify refuses a query costing over 1,000 points: 1 for the
 * customer and 2 + 8 orders × (1 + 2 + 10 lines × (4 + images 2 + 3)) = 746 for the orders.
 */
export const CUSTOMER_QUERY = `#graphql
query TwinCardsCustomer($id: ID!) {
  customer(id: $id) {
    ${CUSTOMER_FIELDS}
    createdAt
    orders(first: 8, sortKey: CREATED_AT, reverse: true) {
      nodes {
        name
        lineItems(first: 10) {
          nodes {
            quantity
            originalUnitPriceSet { shopMoney { amount currencyCode } }
            variant { id barcode }
            product {
              id title description vendor productType tags onlineStoreUrl
              images(first: 3) { nodes { url } }
            }
          }
        }
      }
    }
  }
}`;

export const CUSTOMER_NAMES_QUERY = `#graphql
query TwinCardsCustomerNames($ids: [ID!]!) {
  nodes(ids: $ids) { ... on Customer { id displayName } }
}`;

interface CustomerNode {
  id: string;
  displayName: string;
  email: string | null;
  phone: string | null;
  numberOfOrders: string | number;
  firstName?: string | null;
  locale?: string | null;
}

const toSummary = (node: CustomerNode): CustomerSummary => ({
  id: numericId(node.id),
  name: node.displayName,
  email: node.email,
  phone: node.phone,
  ordersCount: Number(node.numberOfOrders),
  firstName: node.firstName || null,
  locale: node.locale || null,
});

const PAGE_SIZE = 20;

/** One page of the shop's customers, optionally filtered by Shopify's customer search syntax. */
export async function listCustomers(
  graphql: GraphqlClient,
  args: { search?: string; after?: string; before?: string },
): Promise<Page<CustomerSummary>> {
  const paging = args.before ? { last: PAGE_SIZE, before: args.before } : { first: PAGE_SIZE, after: args.after };
  const data = await run<{
    customers: {
      nodes: CustomerNode[];
      pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    };
  }>(graphql, CUSTOMERS_QUERY, { query: args.search || null, ...paging });
  const { nodes, pageInfo } = data.customers;
  return {
    items: nodes.map(toSummary),
    nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null,
    previousCursor: pageInfo.hasPreviousPage ? pageInfo.startCursor : null,
  };
}

interface LineItemNode {
  quantity: number;
  originalUnitPriceSet: { shopMoney: { amount: string; currencyCode: string } } | null;
  variant?: { id: string; barcode: string | null } | null;
  product: ProductNode | null;
}

/** A customer with the products they ordered (newest order first), or null if the shop has no such customer. */
export async function getCustomer(graphql: GraphqlClient, id: string): Promise<CustomerDetail | null> {
  const data = await run<{
    customer: (CustomerNode & { createdAt: string; orders: { nodes: { name: string; lineItems: { nodes: LineItemNode[] } }[] } }) | null;
  }>(graphql, CUSTOMER_QUERY, { id: `gid://shopify/Customer/${id}` });
  const customer = data.customer;
  if (!customer) return null;
  const orderedProducts = customer.orders.nodes.flatMap((order) =>
    order.lineItems.nodes.flatMap((item): OrderedProduct[] => {
      if (!item.product) return [];
      const money = item.originalUnitPriceSet?.shopMoney;
      return [
        {
          productId: numericId(item.product.id),
          variantId: item.variant?.id ?? null,
          barcode: item.variant?.barcode ?? null,
          ...toProduct(item.product),
          price: money?.amount ?? null,
          currency: money?.currencyCode ?? null,
          quantity: item.quantity,
          orderName: order.name,
        },
      ];
    }),
  );
  return { ...toSummary(customer), createdAt: customer.createdAt, orderedProducts };
}

/** Display names of the shop's customers with these numeric ids; ids the shop does not have are left out. */
export async function customerNames(graphql: GraphqlClient, ids: string[]): Promise<Record<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const data = await run<{ nodes: ({ id: string; displayName: string } | null)[] }>(graphql, CUSTOMER_NAMES_QUERY, {
    ids: unique.map((id) => `gid://shopify/Customer/${id}`),
  });
  return Object.fromEntries(data.nodes.flatMap((node) => (node?.id ? [[numericId(node.id), node.displayName]] : [])));
}
