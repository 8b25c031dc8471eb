// `TwinCardsRuleTargets` (app/adapters/shopify/admin-rule-targets.server.ts): the demo
// catalogue as the Automation form's picker reads it.
import type { DemoProduct } from "./demo-data";

/**
 * The demo products have no variants of their own: each answers with Shopify's
 * single "Default Title" variant, its id derived from the product's.
 */
export const defaultVariantGid = (product: Pick<DemoProduct, "id">) => `gid://shopify/ProductVariant/${BigInt(product.id) + 1n}`;

/** The demo shop has no collections (yet): the list is empty. */
export function ruleTargetsData(products: readonly DemoProduct[]) {
  return {
    products: {
      nodes: products.slice(0, 100).map((product) => ({
        id: product.gid,
        title: product.title,
        variants: { nodes: [{ id: defaultVariantGid(product), title: "Default Title" }] },
      })),
    },
    collections: { nodes: [] as { id: string; title: string }[] },
  };
}
