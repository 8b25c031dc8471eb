// The one way the adapters send Admin GraphQL: through a client the routes get
// from authenticate.admin (or the worker from an offline session), reading
// `data`, waiting out Shopify's rate limit and failing loudly on `errors`.

import { bodyOfError, DEFAULT_THROTTLE_RETRY, ShopifyThrottledError, throttledWaitMs, type ThrottleRetry } from "./admin-throttle.server";

export interface GraphqlClient {
  (query: string, options?: { variables?: Record<string, unknown> }): Promise<Response>;
}

/**
 * The operation's `data`; throws with Shopify's errors when there is none. A call Shopify
 * refuses as THROTTLED (nothing ran) is sent again once its cost has refilled, within
 * `retry`'s tries and budget; then ShopifyThrottledError.
 */
export async function run<T>(
  graphql: GraphqlClient,
  query: string,
  variables: Record<string, unknown> = {},
  retry: ThrottleRetry = DEFAULT_THROTTLE_RETRY,
): Promise<T> {
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    let body: { data?: T; errors?: unknown };
    let failure: unknown = null;
    try {
      body = (await (await graphql(query, { variables })).json()) as typeof body;
    } catch (error) {
      const carried = bodyOfError(error);
      if (!carried) throw error;
      [body, failure] = [carried as typeof body, error];
    }
    const wait = throttledWaitMs(body, attempt);
    if (wait === null) {
      if (failure) throw failure;
      if (!body.data) throw new Error(`Admin GraphQL failed: ${JSON.stringify(body.errors)}`);
      return body.data;
    }
    if (attempt >= retry.attempts || waited + wait > retry.budgetMs) throw new ShopifyThrottledError(attempt, wait);
    await retry.sleep(wait);
    waited += wait;
  }
}

/** `gid://shopify/Customer/7364129087` → `7364129087`. */
export const numericId = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/** A product as the customer and order reads select it (`id title description vendor productType tags onlineStoreUrl images`). */
export interface ProductNode {
  id: string;
  title: string;
  description: string;
  vendor: string;
  productType: string;
  tags: string[];
  onlineStoreUrl: string | null;
  images: { nodes: { url: string }[] };
}

/** What the app keeps of a product: its text, links and image URLs. */
export const toProduct = (node: ProductNode) => ({
  title: node.title,
  description: node.description,
  vendor: node.vendor,
  productType: node.productType,
  tags: node.tags,
  url: node.onlineStoreUrl,
  images: node.images.nodes.map((image) => image.url),
});
