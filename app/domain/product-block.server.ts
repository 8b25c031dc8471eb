import { checkGtin, type GtinProblem } from "./gtin";
import { listRules, type IssuingRule } from "./issuing-rules.server";
import type { Serial } from "./schemas";
import { stores } from "./stores";

/*
 * One product as the product page's block in Shopify admin shows it to the merchant:
 * the twins issued for it, the rules that issue for it, and whether each variant's
 * barcode is a GTIN (only then does an item get a GS1 Digital Link, decision 0063).
 */

/** The product as Shopify has it now (the face reads it from the Admin API). */
export interface ProductInShop {
  /** GID */
  id: string;
  variants: { id: string; title: string; barcode: string | null }[];
  /** GIDs of the collections it is in. */
  collectionIds: string[];
}

export interface ProductBlockTwin {
  id: string;
  title: string;
  /** The universal name it was issued to. */
  unsName: string;
  serial: Serial | null;
  createdAt: string;
}

export interface ProductBlockVariant {
  id: string;
  title: string;
  barcode: string | null;
  /** The barcode as GS1 Digital Link writes it (14 digits); null when it is none. */
  gtin: string | null;
  /** Why the barcode is not a GTIN; "missing" without one. */
  problem: GtinProblem | "missing" | null;
}

export interface ProductBlock {
  twins: { count: number; latest: ProductBlockTwin[] };
  rules: Pick<IssuingRule, "id" | "targetType" | "targetTitle" | "trigger" | "status" | "issueTwin" | "editionSize" | "issuedCount">[];
  variants: ProductBlockVariant[];
}

/** How many of the latest twins the block lists. */
export const LATEST_TWINS = 5;

/** The product's twins, rules and barcodes in `shop`. */
export async function productBlock(shop: string, product: ProductInShop): Promise<ProductBlock> {
  const variantIds = product.variants.map((variant) => variant.id);
  const [issued, rules] = await Promise.all([stores().itemProducts.ofVariants(shop, "twin", variantIds, LATEST_TWINS), listRules(shop)]);
  const twins = issued.latest.length
    ? await stores().names.twinViewsByIds(
        shop,
        issued.latest.map((row) => row.itemId),
      )
    : [];
  const byId = new Map(twins.map((twin) => [twin.id, twin]));
  const targets = new Set([product.id, ...variantIds, ...product.collectionIds]);
  return {
    twins: {
      count: issued.count,
      latest: issued.latest.flatMap((row) => {
        const twin = byId.get(row.itemId);
        if (!twin) return [];
        const serial = twin.serialNumber === null ? null : { serialNumber: twin.serialNumber, editionSize: twin.editionSize };
        return [{ id: twin.id, title: twin.title, unsName: twin.name.name, serial, createdAt: twin.createdAt.toISOString() }];
      }),
    },
    rules: rules
      .filter((rule) => targets.has(rule.targetId))
      .map(({ id, targetType, targetTitle, trigger, status, issueTwin, editionSize, issuedCount }) => ({
        id,
        targetType,
        targetTitle,
        trigger,
        status,
        issueTwin,
        editionSize,
        issuedCount,
      })),
    variants: product.variants.map((variant) => {
      const barcode = variant.barcode?.trim() || null;
      if (barcode === null) return { id: variant.id, title: variant.title, barcode, gtin: null, problem: "missing" };
      const checked = checkGtin(barcode);
      return checked.ok
        ? { id: variant.id, title: variant.title, barcode, gtin: checked.gtin14, problem: null }
        : { id: variant.id, title: variant.title, barcode, gtin: null, problem: checked.problem };
    }),
  };
}
