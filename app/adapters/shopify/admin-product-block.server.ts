// A product as the product page's block in Shopify admin needs it: its variants with
// their barcodes (whether each is a GTIN decides the GS1 Digital Link, decision 0063)
// and its collections (a collection's rule issues for it too). The local Admin API stub
// answers it through Shopify's schema (stubs/admin-api/schema-objects.ts).
import { numericId, run, type GraphqlClient } from "./admin-graphql.server";

/** Variants past the first 100 are not listed (Shopify allows up to 2,048; the block says how many it shows). */
export const PRODUCT_VARIANTS = 100;

export const PRODUCT_BLOCK_QUERY = `#graphql
query TwinCardsProductBlock($id: ID!) {
  product(id: $id) {
    id title
    variantsCount { count }
    variants(first: ${PRODUCT_VARIANTS}) { nodes { id title barcode } }
    collections(first: 25) { nodes { id } }
  }
}`;

interface ProductNode {
  id: string;
  title: string;
  variantsCount: { count: number } | null;
  variants: { nodes: { id: string; title: string; barcode: string | null }[] };
  collections: { nodes: { id: string }[] };
}

export interface ProductForBlock {
  /** The product's GID. */
  id: string;
  numericId: string;
  title: string;
  variantCount: number;
  variants: { id: string; title: string; barcode: string | null }[];
  collectionIds: string[];
}

/** The shop's product with this numeric id, or null when the shop has none. */
export async function fetchProductForBlock(graphql: GraphqlClient, productId: string): Promise<ProductForBlock | null> {
  const { product } = await run<{ product: ProductNode | null }>(graphql, PRODUCT_BLOCK_QUERY, {
    id: `gid://shopify/Product/${productId}`,
  });
  if (!product) return null;
  return {
    id: product.id,
    numericId: numericId(product.id),
    title: product.title,
    variantCount: product.variantsCount?.count ?? product.variants.nodes.length,
    variants: product.variants.nodes,
    collectionIds: product.collections.nodes.map((collection) => collection.id),
  };
}
