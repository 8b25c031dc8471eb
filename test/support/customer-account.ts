import { customerAccountToken, type CustomerAccountTokenOptions } from "../../stubs/customer-account/session-token";
import { API_KEY, API_SECRET } from "./admin";
import { baseUrl, uniqueClientAddress, USER_AGENT } from "./api";

/** Where Shopify runs customer account UI extensions: their fetches carry this Origin. */
export const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";

/** A customer account session token for the test servers' app (override anything, e.g. the secret or a claim). */
export const accountToken = (shop: string, customerId: string | null, options: Partial<CustomerAccountTokenOptions> = {}) =>
  customerAccountToken({ shop, customerId, apiKey: API_KEY, apiSecret: API_SECRET, ...options });

/**
 * A call from the extension to `/customer-account<path>`: the Bearer token (none
 * when undefined), its Origin, a browser's User-Agent, an address of its own.
 */
export function accountFetch(
  path: string,
  init: { token?: string; method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("Content-Type", "application/json");
  if (!headers.has("origin")) headers.set("Origin", EXTENSION_ORIGIN);
  headers.set("User-Agent", USER_AGENT);
  headers.set("X-Forwarded-For", uniqueClientAddress());
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return fetch(`${baseUrl}/customer-account${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}
