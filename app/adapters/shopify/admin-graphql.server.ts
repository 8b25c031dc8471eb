// The one way the adapters send Admin GraphQL: through a client the routes get
// from authenticate.admin (or the worker from an offline session), reading
// `data` and failing loudly on `errors`.

export interface GraphqlClient {
  (query: string, options?: { variables?: Record<string, unknown> }): Promise<Response>;
}

/** The operation's `data`; throws with Shopify's errors when there is none. */
export async function run<T>(graphql: GraphqlClient, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await graphql(query, { variables });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(`Admin GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
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
