import { isInteger, isSafeNumber, parse } from "lossless-json";

/**
 * Shopify's JSON as it is written: its REST payloads carry ids as integers that
 * may exceed 2^53 (its own samples do), which `JSON.parse` rounds to another id.
 * Such an integer comes back as its digits (a string); every other number as a number.
 */
export function parseShopifyJson(text: string): unknown {
  return parse(text, null, (digits) => (isInteger(digits) && !isSafeNumber(digits) ? digits : Number(digits)));
}
