import { fetchOrder } from "./admin-orders.server";
import { shopifyOfflineAdmin } from "./offline-admin.server";
import type { OrderSource } from "./order-worker.server";

/** Orders from the shop's Admin API with its offline token: no token, not installed. */
export const shopifyOrderSource: OrderSource = async (shop, orderId) => {
  const graphql = await shopifyOfflineAdmin(shop);
  return graphql === "not-installed" ? graphql : fetchOrder(graphql, orderId);
};
