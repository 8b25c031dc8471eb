import { ports } from "./ports";

/** The path of an item's verification page under the app proxy: `/v/<token>`. */
export const verifyPath = (token: string) => `/v/${token}`;

/**
 * The public verification page of a twin or card, on the shop's own domain
 * through the app proxy (`https://<shop>/apps/twincards/v/<token>`; a
 * *.myshopify.com address redirects to the shop's primary domain).
 */
export const verifyUrlOf = (shop: string, token: string) => `https://${shop}${ports().urls.proxyPath()}${verifyPath(token)}`;
