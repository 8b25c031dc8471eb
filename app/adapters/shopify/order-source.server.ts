import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import shopify from "./shopify-app.server";
import { fetchOrder } from "./admin-orders.server";
import type { OrderSource } from "./order-worker.server";

/**
 * Orders from the shop's Admin API with its offline token (stored when the
 * merchant opened the app; deleted on app/uninstalled): no token, not installed.
 */
export const shopifyOrderSource: OrderSource = async (shop, orderId) => {
  let context: Awaited<ReturnType<typeof shopify.unauthenticated.admin>>;
  try {
    context = await shopify.unauthenticated.admin(shop);
  } catch (error) {
    if (error instanceof SessionNotFoundError) return "not-installed";
    throw error;
  }
  return fetchOrder(context.admin.graphql, orderId);
};
