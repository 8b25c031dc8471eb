// Every GraphQL document the app sends to Shopify, with the variables it sends at
// most (what its calculated cost depends on), for `npm run shopify:check` to check
// against Shopify's published schemas (scripts/shopify-check.ts). Documents built
// from parts are built here as the app builds them. A `#graphql` document in app/
// that is not listed here fails the check.
import { CUSTOMER_NAMES_QUERY, CUSTOMER_QUERY, CUSTOMERS_QUERY } from "./admin-customers.server";
import { FILES_PAGE_SIZE, FILES_QUERY } from "./admin-files.server";
import { CUSTOMER_BY_CONTACT_QUERY, CUSTOMER_FACTS_QUERY } from "./customer-facts.server";
import { ORDER_QUERY } from "./admin-orders.server";
import { PRODUCT_BLOCK_QUERY } from "./admin-product-block.server";
import {
  BULK_STATE_QUERY,
  LINES_PER_PAGE,
  PAGE_LIMIT,
  PAST_ORDERS_COUNT_QUERY,
  pastOrdersBulkQuery,
  pastOrdersPageQuery,
  pastOrdersSearch,
  RUN_BULK_MUTATION,
} from "./admin-past-orders.server";
import { RULE_TARGET_QUERY } from "./admin-rule-target.server";
import { SHOP_PLAN_QUERY } from "./billing.server";
import { FLOW_TRIGGER_RECEIVE } from "./flow-trigger-sender.server";
import { SHOP_BRAND_QUERY, SHOP_PROFILE_QUERY } from "./shop-profile.server";
import { SHOP_LANGUAGES_QUERY } from "./shop-languages.server";
import { SHOP_TIME_ZONE_QUERY } from "./shop-time-zone.server";

export interface ShopifyDocument {
  /** Where it comes from, for the report. */
  name: string;
  api: "admin" | "storefront-graphql";
  document: string;
  /** The largest variables the app sends with it (page sizes): what its cost is computed with. */
  variables?: Record<string, unknown>;
  /** A bulk query (the `query` of bulkOperationRunQuery): checked against the bulk query's limits too. */
  bulk?: boolean;
}

/** A rule's collections, as a collection rule's backfill asks about them. */
const SAMPLE_COLLECTIONS = ["gid://shopify/Collection/1", "gid://shopify/Collection/2"];
const SAMPLE_SEARCH = pastOrdersSearch(new Date("2026-01-01T00:00:00Z"));

export const SHOPIFY_DOCUMENTS: ShopifyDocument[] = [
  { name: "admin-customers: customer list", api: "admin", document: CUSTOMERS_QUERY, variables: { first: 20 } },
  { name: "admin-customers: one customer", api: "admin", document: CUSTOMER_QUERY, variables: { id: "gid://shopify/Customer/1" } },
  { name: "admin-customers: names", api: "admin", document: CUSTOMER_NAMES_QUERY, variables: { ids: [] } },
  {
    name: "customer-facts: a customer's language, first name and e-mail",
    api: "admin",
    document: CUSTOMER_FACTS_QUERY,
    variables: { id: "gid://shopify/Customer/1" },
  },
  {
    name: "customer-facts: a customer by e-mail or phone",
    api: "admin",
    document: CUSTOMER_BY_CONTACT_QUERY,
    variables: { query: 'email:"a@example.com"' },
  },
  { name: "shop-languages: the storefront's published languages", api: "admin", document: SHOP_LANGUAGES_QUERY, variables: {} },
  { name: "admin-files: image files", api: "admin", document: FILES_QUERY, variables: { first: FILES_PAGE_SIZE } },
  { name: "admin-orders: an order", api: "admin", document: ORDER_QUERY, variables: { id: "gid://shopify/Order/1" } },
  {
    name: "admin-product-block: a product's variants, barcodes and collections",
    api: "admin",
    document: PRODUCT_BLOCK_QUERY,
    variables: { id: "gid://shopify/Product/1" },
  },
  { name: "admin-past-orders: count", api: "admin", document: PAST_ORDERS_COUNT_QUERY, variables: { query: SAMPLE_SEARCH } },
  {
    name: "admin-past-orders: one page (collection rule)",
    api: "admin",
    document: pastOrdersPageQuery(SAMPLE_COLLECTIONS),
    variables: { query: SAMPLE_SEARCH, first: PAGE_LIMIT, lines: LINES_PER_PAGE },
  },
  {
    name: "admin-past-orders: one page (product rule)",
    api: "admin",
    document: pastOrdersPageQuery([]),
    variables: { query: SAMPLE_SEARCH, first: PAGE_LIMIT, lines: LINES_PER_PAGE },
  },
  {
    name: "admin-past-orders: bulk query (collection rule)",
    api: "admin",
    document: pastOrdersBulkQuery(SAMPLE_SEARCH, SAMPLE_COLLECTIONS),
    bulk: true,
  },
  { name: "admin-past-orders: bulk query (product rule)", api: "admin", document: pastOrdersBulkQuery(SAMPLE_SEARCH, []), bulk: true },
  { name: "admin-past-orders: run the bulk query", api: "admin", document: RUN_BULK_MUTATION, variables: { query: "" } },
  {
    name: "admin-past-orders: bulk operation state",
    api: "admin",
    document: BULK_STATE_QUERY,
    variables: { id: "gid://shopify/BulkOperation/1" },
  },
  { name: "admin-rule-target: rule target", api: "admin", document: RULE_TARGET_QUERY, variables: { id: "gid://shopify/Product/1" } },
  { name: "billing: shop plan", api: "admin", document: SHOP_PLAN_QUERY },
  { name: "flow-trigger-sender: trigger", api: "admin", document: FLOW_TRIGGER_RECEIVE, variables: { handle: "x", payload: {} } },
  { name: "shop-profile: profile", api: "admin", document: SHOP_PROFILE_QUERY },
  { name: "shop-profile: brand logo", api: "storefront-graphql", document: SHOP_BRAND_QUERY },
  { name: "shop-time-zone: time zone", api: "admin", document: SHOP_TIME_ZONE_QUERY },
];
