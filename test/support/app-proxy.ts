import { createHmac, randomInt } from "node:crypto";
import { Liquid } from "liquidjs";
import { expect } from "vitest";
import { API_SECRET } from "./admin";
import { baseUrl, uniqueClientAddress, USER_AGENT } from "./api";

/** Where the storefront reaches the app proxy (shopify.app.toml: prefix `apps`, subpath `twincards`). */
export const PATH_PREFIX = "/apps/twincards";

export interface ProxyOptions {
  shop: string;
  /** The logged-in customer; absent or null: logged out (Shopify then sends an empty value). */
  customerId?: string | null;
  /** Seconds since the epoch; default now. */
  timestamp?: number;
  /** Sign with another secret than the app's. */
  secret?: string;
  /** Another server than the suite's shared one. */
  baseUrl?: string;
}

/** A fresh Shopify customer id. */
export const uniqueCustomerId = () => String(randomInt(1, 2 ** 47));

/**
 * The URL Shopify's app proxy calls for `path` (e.g. `/proxy/redeem?code=X`):
 * the path's own query plus `shop`, `logged_in_customer_id`, `path_prefix`,
 * `timestamp` and `signature`.
 */
export function signedProxyUrl(path: string, options: ProxyOptions): string {
  const url = new URL(path, options.baseUrl ?? baseUrl);
  const query = url.searchParams;
  query.set("shop", options.shop);
  query.set("logged_in_customer_id", options.customerId ?? "");
  query.set("path_prefix", PATH_PREFIX);
  query.set("timestamp", String(options.timestamp ?? Math.floor(Date.now() / 1000)));
  query.set("signature", proxySignature(query, options.secret ?? API_SECRET));
  return url.toString();
}

/**
 * Shopify's app proxy signature: every parameter but `signature`, sorted by key,
 * as `key=value` (a repeated key's values joined by ","), concatenated with no
 * separator; HMAC-SHA256 with the app's secret, hex.
 */
export function proxySignature(query: URLSearchParams, secret = API_SECRET): string {
  const values = new Map<string, string[]>();
  for (const [key, value] of query) {
    if (key !== "signature") values.set(key, [...(values.get(key) ?? []), value]);
  }
  const message = [...values.keys()]
    .sort()
    .map((key) => `${key}=${values.get(key)!.join(",")}`)
    .join("");
  return createHmac("sha256", secret).update(message).digest("hex");
}

/**
 * A request as the proxy forwards it: a browser's User-Agent, and the visitor's
 * address in X-Forwarded-For (its own per call unless given, so redeem limits
 * apply per test).
 */
export function proxyFetch(url: string, init: RequestInit & { clientAddress?: string } = {}): Promise<Response> {
  const { clientAddress, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("User-Agent", USER_AGENT);
  headers.set("X-Forwarded-For", clientAddress ?? uniqueClientAddress());
  return fetch(url, { ...rest, headers, redirect: "manual" });
}

/** A JSON POST through the proxy. */
export const postJson = (url: string, body: unknown, clientAddress?: string) =>
  proxyFetch(url, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, clientAddress });

/** A plain HTML form submission (urlencoded) through the proxy, as a browser with no JavaScript sends it. */
export const postForm = (url: string, fields: Record<string, string>, clientAddress?: string) =>
  proxyFetch(url, { method: "POST", body: new URLSearchParams(fields), clientAddress });

/**
 * A Liquid page from the app proxy as Shopify shows it to a visitor of the
 * storefront in `locale`: rendered with Liquid's `request.locale`, which the app's
 * pages branch on (the proxied request itself does not say the language).
 * `storefront`: whether that locale is the shop's primary one (Shopify's
 * `request.locale.primary`; unset: a locale the visitor chose) and the localized
 * root Shopify's `routes.root_url` gives (`/fr` on a French subfolder).
 */
export async function renderedPage(
  response: Response,
  locale = "en",
  storefront: { primary?: boolean; root?: string } = {},
): Promise<string> {
  expect(response.headers.get("content-type")).toBe("application/liquid");
  return new Liquid().parseAndRender(await response.text(), {
    request: { locale: { iso_code: locale, ...(storefront.primary === undefined ? {} : { primary: storefront.primary }) } },
    routes: { root_url: storefront.root ?? "/" },
  }) as Promise<string>;
}
