// What an issuing rule can target, read from the Admin API for the Automation
// form's picker. The local Admin API stub (stubs/admin-api) answers the same operation.
import { run, type GraphqlClient } from "./admin-graphql.server";

const RULE_TARGETS_QUERY = `#graphql
query TwinCardsRuleTargets {
  products(first: 100) { nodes { id title variants(first: 100) { nodes { id title } } } }
  collections(first: 100) { nodes { id title } }
}`;

export interface RuleTargets {
  products: { id: string; title: string; variants: { id: string; title: string }[] }[];
  collections: { id: string; title: string }[];
}

interface TargetsData {
  products: { nodes: { id: string; title: string; variants: { nodes: { id: string; title: string }[] } }[] };
  collections: { nodes: { id: string; title: string }[] };
}

/** The shop's products (each with its variants) and collections, by GID and title: the first 100 of each. */
export async function ruleTargets(graphql: GraphqlClient): Promise<RuleTargets> {
  const data = await run<TargetsData>(graphql, RULE_TARGETS_QUERY, {});
  return {
    products: data.products.nodes.map((product) => ({
      id: product.id,
      title: product.title,
      variants: product.variants.nodes.map((variant) => ({ id: variant.id, title: variant.title })),
    })),
    collections: data.collections.nodes.map((collection) => ({ id: collection.id, title: collection.title })),
  };
}
