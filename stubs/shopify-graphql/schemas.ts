// Shopify's published GraphQL schemas (stubs/shopify-schemas/, from @shopify/dev-mcp),
// built once per process: what the stubs validate and execute against and what
// `npm run shopify:check` checks the app's documents with.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from "graphql";

export type ShopifyApi = "admin" | "storefront-graphql";

/** The version the app pins (ApiVersion.July26 in app/adapters/shopify/shopify-app.server.ts). */
export const PINNED_VERSION = "2026-07";
/** The next version Shopify has published: `npm run shopify:check` says what it would break. */
export const NEXT_VERSION = "2026-10";

const SCHEMA_DIR = join(import.meta.dirname, "../shopify-schemas");
const built = new Map<string, GraphQLSchema>();

/** The schema of `api` at `version`, as Shopify published it. */
export function shopifySchema(api: ShopifyApi, version: string = PINNED_VERSION): GraphQLSchema {
  const key = `${api}_${version}`;
  let schema = built.get(key);
  if (!schema) {
    const json = JSON.parse(gunzipSync(readFileSync(join(SCHEMA_DIR, `${key}.json.gz`))).toString("utf8")) as
      { data: IntrospectionQuery } | IntrospectionQuery;
    schema = buildClientSchema("data" in json ? json.data : json, { assumeValid: true });
    built.set(key, schema);
  }
  return schema;
}
