/** What Shopify admin adds when it opens an embedded page; the demo adds them afresh. */
export const SHOPIFY_PARAMS = ["embedded", "shop", "host", "id_token", "hmac", "session", "timestamp", "locale"];
