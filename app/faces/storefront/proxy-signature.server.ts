import { createHmac, timingSafeEqual } from "node:crypto";

/** Shopify signs `timestamp`; older or newer requests than this are replays or a broken clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 90;

/**
 * Shopify's app-proxy signature message: every parameter but `signature`, sorted
 * by key, as `key=value` (a repeated key's values joined by ","), concatenated
 * with no separator.
 */
export function proxySignatureMessage(query: URLSearchParams): string {
  const values = new Map<string, string[]>();
  for (const [key, value] of query) {
    if (key !== "signature") values.set(key, [...(values.get(key) ?? []), value]);
  }
  return [...values.keys()]
    .sort()
    .map((key) => `${key}=${values.get(key)!.join(",")}`)
    .join("");
}

/**
 * The parameters Shopify's proxy adds itself, once each: a repeat of one can only
 * be a visitor's copy put beside Shopify's, to be read instead of it.
 */
const SHOPIFY_PARAMETERS = new Set(["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature"]);

/**
 * The query of a request Shopify's app proxy signed, or null. Beyond the
 * signature itself (HMAC-SHA256 hex with the app's secret) and a fresh
 * `timestamp`, each parameter Shopify adds (`shop`, `logged_in_customer_id`,
 * `path_prefix`, `timestamp`, `signature`) must appear exactly once: Shopify's
 * rule signs `a=1&a=2` as `a=1,2`, so with such a parameter repeated the value a
 * reader picks is not what was signed, and one signed URL could be replayed with a
 * forged first `logged_in_customer_id` or `shop` in front (decision 0017). Any
 * other parameter may repeat, as Shopify forwards and signs it (decision 0059).
 * What comes back holds exactly the signed values: a repeated one's joined with ",".
 */
export function verifiedProxyQuery(url: URL, secret: string, now = Date.now()): ReadonlyMap<string, string> | null {
  const query = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    const earlier = query.get(key);
    if (earlier !== undefined && SHOPIFY_PARAMETERS.has(key)) return null;
    query.set(key, earlier === undefined ? value : `${earlier},${value}`);
  }
  const signature = query.get("signature") ?? "";
  if (!/^[0-9a-f]{64}$/i.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(proxySignatureMessage(url.searchParams)).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) return null;
  if (!isFresh(query.get("timestamp"), now)) return null;
  query.delete("signature");
  return query;
}

function isFresh(timestamp: string | undefined, now: number): boolean {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= TIMESTAMP_TOLERANCE_SECONDS;
}
