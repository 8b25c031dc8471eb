import type { IndividualProduct, WithContext } from "schema-dts";
import type { Verification } from "~/domain/verification.server";
import { isWebUrl, jsonDataBlock, type Markup } from "./html.server";

/*
 * What machines read on the verification page (docs/decisions/0063-physical-proof.md): the item
 * as a schema.org IndividualProduct in JSON-LD (serial number, GTIN when known, name, brand,
 * pictures, its address), and its GS1 linkset when it has a Digital Link. Public data only:
 * never its holder, an e-mail or a key. schema-dts types the object against schema.org.
 */

// The shop's name is Liquid's (Shopify fills it in), put in the JSON as a JSON string by Liquid's `json` filter.
const SHOP_NAME = "\u0000shop-name\u0000";

/** The item as a schema.org IndividualProduct: a card not claimed (or voided) shows only that it exists. */
export function individualProduct(item: Verification): WithContext<IndividualProduct> {
  const base: WithContext<IndividualProduct> = {
    "@context": "https://schema.org",
    "@type": "IndividualProduct",
    url: item.url,
    serialNumber: item.passport.serial,
    ...(item.passport.gtin ? { gtin: item.passport.gtin } : {}),
  };
  if (item.kind === "twin")
    return {
      ...base,
      name: item.title,
      ...(item.description ? { description: item.description } : {}),
      brand: { "@type": "Brand", name: item.brand || SHOP_NAME },
      ...(item.images.some(isWebUrl) ? { image: item.images.filter(isWebUrl) } : {}),
    };
  if (item.status !== "OWNED") return base;
  return {
    ...base,
    name: item.name,
    brand: { "@type": "Brand", name: SHOP_NAME },
    ...(item.images.some(isWebUrl) ? { image: item.images.filter(isWebUrl) } : {}),
  };
}

/** The JSON-LD block and, with a Digital Link, the linkset block of the page. */
export function passportBlocks(item: Verification): Markup[] {
  const blocks = [jsonDataBlock("application/ld+json", individualProduct(item), { [SHOP_NAME]: "shop.name" })];
  if (item.passport.linkset) blocks.push(jsonDataBlock("application/linkset+json", item.passport.linkset));
  return blocks;
}
