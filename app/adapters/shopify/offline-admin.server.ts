import type { GraphqlClient } from "./admin-graphql.server";

/** A shop's Admin GraphQL with its offline token, or "not-installed" when the app holds none. */
export type OfflineAdmin = (shop: string) => Promise<GraphqlClient | "not-installed">;

/**
 * The offline token is stored when the merchant opens the app and deleted on
 * app/uninstalled. The Shopify app is loaded on first use, so a worker started
 * without Shopify's settings still delivers notifications and mints; the work
 * that needs the Admin API waits, retried, with the missing settings as its
 * last error. Shopify's library too, error class included: a web server with
 * its workers on answers its first requests before loading it (decision 0058).
 * For the order worker, the backfill worker and the Flow sender.
 */
export const shopifyOfflineAdmin: OfflineAdmin = async (shop) => {
  const [{ default: shopify }, { SessionNotFoundError }] = await Promise.all([
    import("./shopify-app.server"),
    import("@shopify/shopify-app-remix/server"),
  ]);
  try {
    return (await shopify.unauthenticated.admin(shop)).admin.graphql;
  } catch (error) {
    if (error instanceof SessionNotFoundError) return "not-installed";
    throw error;
  }
};
