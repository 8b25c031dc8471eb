import { fetchOrder } from "~/adapters/shopify/admin-orders.server";
import type { OrderSource } from "~/adapters/shopify/order-worker.server";

/**
 * Orders read through the Admin API stub's GraphQL with a token it issued, as
 * the app's Admin API client reads them with a shop's offline token: the order
 * worker's source in tests, which run their own workers (ORDER_WORKER=off on the shared servers).
 */
export async function stubOrderSource(stubUrl: string): Promise<OrderSource> {
  const exchange = await fetch(`${stubUrl}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client_id: "test-api-key", subject_token: "session-token" }),
  });
  const { access_token: token } = (await exchange.json()) as { access_token: string };
  return (shop, orderId) =>
    fetchOrder(
      (query, options) =>
        fetch(`${stubUrl}/admin/api/2026-07/graphql.json`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token, "X-Shopify-Shop-Domain": shop },
          body: JSON.stringify({ query, variables: options?.variables }),
        }),
      orderId,
    );
}
