import { notFound } from "~/domain/errors";
import type { ProductInShop } from "~/domain/product-block.server";
import { fetchProductForBlock } from "~/adapters/shopify/admin-product-block.server";
import type { GraphqlClient } from "~/adapters/shopify/admin-graphql.server";
import { numericIdOf } from "./admin-ext-shapes.server";

/** The product as Shopify has it now; a 404 when the shop has no such product (e.g. another shop's id). */
export async function productOf(
  graphql: GraphqlClient,
  id: string | undefined,
): Promise<ProductInShop & { title: string; variantCount: number }> {
  const product = await fetchProductForBlock(graphql, numericIdOf("Product", id));
  if (!product) throw notFound("Product");
  return product;
}
