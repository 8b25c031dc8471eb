import { adminExtensionToken, type AdminExtensionTokenOptions } from "../../stubs/admin-extensions/session-token";
import { API_KEY, API_SECRET } from "./admin";
import { baseUrl, USER_AGENT } from "./api";

/** Where Shopify runs admin UI extensions: their fetches carry this Origin. */
export const ADMIN_EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";

/** An admin extension session token for the test servers' app (override anything, e.g. the secret or a claim). */
export const extToken = (shop: string, options: Partial<AdminExtensionTokenOptions> = {}) =>
  adminExtensionToken({ shop, apiKey: API_KEY, apiSecret: API_SECRET, ...options });

/**
 * A call from an admin extension to `/admin-ext<path>`, as Shopify admin makes it: the
 * Bearer token (none when undefined), the extension's Origin, its language (Accept-Language).
 */
export function extFetch(
  path: string,
  init: { token?: string; method?: string; body?: unknown; language?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("Content-Type", "application/json");
  if (init.language) headers.set("Accept-Language", init.language);
  if (!headers.has("origin")) headers.set("Origin", ADMIN_EXTENSION_ORIGIN);
  headers.set("User-Agent", USER_AGENT);
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return fetch(`${baseUrl}/admin-ext${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/** The app's error envelope. */
export interface ExtErrorBody {
  error: { code: string; message: string; details: { path: string; message: string }[] };
}
