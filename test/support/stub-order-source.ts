import type { GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { fetchOrder } from "~/adapters/shopify/admin-orders.server";
import type { OrderSource } from "~/adapters/shopify/order-worker.server";
import { TEST_ENV } from "./test-env";

/** A token the Admin API stub issues through the embedded token exchange, as the app's offline tokens are got. */
export async function stubAccessToken(stubUrl: string, clientId = TEST_ENV.SHOPIFY_API_KEY): Promise<string> {
  const exchange = await fetch(`${stubUrl}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_id: clientId, subject_token: "header.payload.signature" }),
  });
  return ((await exchange.json()) as { access_token: string }).access_token;
}

/** The stub's Admin GraphQL for `shop`, called as the app's Admin API client calls Shopify's. */
export const stubGraphql =
  (stubUrl: string, shop: string, token: string): GraphqlClient =>
  (query, options) =>
    fetch(`${stubUrl}/admin/api/2026-07/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token, "X-Shopify-Shop-Domain": shop },
      body: JSON.stringify({ query, variables: options?.variables ?? {} }),
    });

/**
 * Orders read through the stub with a token it issued: the order worker's source
 * in tests, which run their own workers (ORDER_WORKER=off on the shared servers).
 */
export async function stubOrderSource(stubUrl: string): Promise<OrderSource> {
  const token = await stubAccessToken(stubUrl);
  return (shop, orderId) => fetchOrder(stubGraphql(stubUrl, shop, token), orderId);
}
