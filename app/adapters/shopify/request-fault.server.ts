import { InvalidHostError, InvalidJwtError, InvalidShopError, MissingJwtTokenError, ShopifyError } from "@shopify/shopify-api";

/**
 * Whether the Shopify library threw because of what the request carried — a
 * bogus shop or host, a broken token, a redirect target it refuses (a plain
 * ShopifyError) — rather than a failure on our side or Shopify's: a 400, not a 500.
 */
export function isRequestFault(error: unknown): boolean {
  if ([InvalidShopError, InvalidHostError, InvalidJwtError, MissingJwtTokenError].some((type) => error instanceof type)) return true;
  return error instanceof ShopifyError && error.constructor === ShopifyError;
}
