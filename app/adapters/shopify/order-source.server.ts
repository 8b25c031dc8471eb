import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import { fetchOrder } from "./admin-orders.server";
import type { AdminGraphqlFor } from "./backfill-worker.server";
import type { OrderSource } from "./order-worker.server";

/**
 * Orders from the shop's Admin API with its offline token (stored when the
 * merchant opened the app; deleted on app/uninstalled): no token, not installed.
 * The Shopify app is loaded on first use, so a worker started without Shopify's
 * settings still delivers notifications and mints; its order webhooks wait,
 * retried, with the missing settings as their last error.
 */
export const shopifyOrderSource: OrderSource = async (shop, orderId) => {
  const { default: shopify } = await import("./shopify-app.server");
  let context: Awaited<ReturnType<typeof shopify.unauthenticated.admin>>;
  try {
    context = await shopify.unauthenticated.admin(shop);
  } catch (error) {
    if (error instanceof SessionNotFoundError) return "not-installed";
    throw error;
  }
  return fetchOrder(context.admin.graphql, orderId);
};

/** The shop's Admin GraphQL with its offline token, for the backfill worker; "not-installed" without one. */
export const shopifyAdminGraphql: AdminGraphqlFor = async (shop) => {
  const { default: shopify } = await import("./shopify-app.server");
  try {
    return (await shopify.unauthenticated.admin(shop)).admin.graphql;
  } catch (error) {
    if (error instanceof SessionNotFoundError) return "not-installed";
    throw error;
  }
};
