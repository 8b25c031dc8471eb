import { InvalidHostError, InvalidJwtError, InvalidShopError, MissingJwtTokenError, ShopifyError } from "@shopify/shopify-api";

/**
 * Whether the Shopify library threw because of what the request carried — a
 * bogus shop or host, a broken token, a redirect target it refuses (a plain
 * ShopifyError) — rather than a failure on our side or Shopify's: a 400, not a 500.
 */
export function isRequestFault(error: unknown): boolean {
  if ([InvalidShopError, InvalidHostError, InvalidJwtError, MissingJwtTokenError].some((type) => error instanceof type)) return true;
  // A `host` that is not base64 at all: the library's atob throws before its own InvalidHostError check.
  if (error instanceof DOMException && error.name === "InvalidCharacterError") return true;
  return error instanceof ShopifyError && error.constructor === ShopifyError;
}

/** The answer to a request the Shopify library refused for what it carried. */
export const requestFaultResponse = () =>
  new Response("Bad request: invalid shop, host or redirect target", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
