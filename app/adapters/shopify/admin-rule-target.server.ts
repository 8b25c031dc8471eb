// What an issuing rule targets, looked up in the shop's Admin API by the id the
// resource picker gave: the title to save, the picture to show, or null when the
// shop has no such product, variant or collection (a forged or another shop's id).
// The local Admin API stub (stubs/admin-api/catalogue.ts) answers the same operation.
import { run, type GraphqlClient } from "./admin-graphql.server";

export const RULE_TARGET_QUERY = `#graphql
query TwinCardsRuleTarget($id: ID!) {
  node(id: $id) {
    __typename
    ... on Product { id title featuredImage { url } }
    ... on ProductVariant { id displayName image { url } product { featuredImage { url } } }
    ... on Collection { id title image { url } }
  }
}`;

type Image = { url: string } | null;
type TargetNode =
  | { __typename: "Product"; id: string; title: string; featuredImage: Image }
  | { __typename: "ProductVariant"; id: string; displayName: string; image: Image; product: { featuredImage: Image } }
  | { __typename: "Collection"; id: string; title: string; image: Image }
  | { __typename: string };

export interface RuleTargetFound {
  title: string;
  imageUrl: string | null;
}

/** The shop's product, variant or collection with this GID, or null when the shop has none. */
export async function findRuleTarget(graphql: GraphqlClient, id: string): Promise<RuleTargetFound | null> {
  const { node } = await run<{ node: TargetNode | null }>(graphql, RULE_TARGET_QUERY, { id });
  if (!node) return null;
  if ("displayName" in node) return { title: node.displayName, imageUrl: node.image?.url ?? node.product.featuredImage?.url ?? null };
  if ("featuredImage" in node) return { title: node.title, imageUrl: node.featuredImage?.url ?? null };
  if ("title" in node && "image" in node) return { title: node.title, imageUrl: node.image?.url ?? null };
  return null;
}
