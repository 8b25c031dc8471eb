// `TwinCardsRuleTargets` (app/adapters/shopify/admin-rule-targets.server.ts): the demo
// catalogue as the Automation form's picker reads it: each product with its one
// variant, and the demo collections — the same ids the stub's orders carry.
import { DEMO_COLLECTIONS, type DemoProduct } from "./demo-data";

export function ruleTargetsData(products: readonly DemoProduct[]) {
  return {
    products: {
      nodes: products.slice(0, 100).map((product) => ({
        id: product.gid,
        title: product.title,
        variants: { nodes: [{ id: product.variantGid, title: "Default Title" }] },
      })),
    },
    collections: { nodes: DEMO_COLLECTIONS.slice(0, 100).map((collection) => ({ id: collection.gid, title: collection.title })) },
  };
}
