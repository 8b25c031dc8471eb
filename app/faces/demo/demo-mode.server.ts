import { demoMode } from "~/wiring/config.server";
import { SHOPIFY_PARAMS } from "./shopify-params";

// The demo harness (a local App Bridge, a /demo entry with a fresh session
// token) exists only when DEMO_MODE=1; production never sets it.
export { demoMode };
export const DEMO_APP_BRIDGE_PATH = "/demo/app-bridge.js";
export const DEMO_SHOP = "twin-cards-demo.myshopify.com";

/** 404 unless in demo mode, so none of the harness is reachable in production. */
export function requireDemoMode() {
  if (!demoMode()) throw new Response("Not found", { status: 404 });
}

/**
 * In the demo, an admin page loaded without Shopify's parameters — a reload
 * after moving around with the menu, a bookmark, a typed URL — is sent
 * through /demo, which opens it the way Shopify admin would, with a fresh
 * session token. Null when that does not apply (not the demo, or a request
 * Shopify or App Bridge made).
 */
export function reopenThroughDemo(request: Request): Response | null {
  if (!demoMode() || request.method !== "GET" || request.headers.has("authorization")) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data") || url.searchParams.has("shop") || url.searchParams.has("id_token")) return null;
  const locale = url.searchParams.get("locale");
  for (const name of SHOPIFY_PARAMS) url.searchParams.delete(name);
  const keepLocale = locale ? `&locale=${encodeURIComponent(locale)}` : "";
  return new Response(null, {
    status: 302,
    headers: { Location: `/demo?to=${encodeURIComponent(url.pathname + url.search)}${keepLocale}` },
  });
}

/**
 * In the demo, Shopify's session-token bounce page (/auth/session-token, where
 * the library sends a page whose token has expired — Back to Home a minute
 * later, say) would wait for Shopify's App Bridge, which is out of reach, and
 * stay blank: it goes through /demo instead, which opens the page it was
 * reloading (`shopify-reload`) with a fresh token. Null outside the demo.
 */
export function bounceThroughDemo(request: Request): Response | null {
  const url = new URL(request.url);
  if (!demoMode() || request.method !== "GET" || !/^\/auth\/session-token\/?$/.test(url.pathname)) return null;
  let reload: URL;
  try {
    reload = new URL(url.searchParams.get("shopify-reload") ?? "/app", url.origin);
  } catch {
    reload = new URL("/app", url.origin);
  }
  if (reload.origin !== url.origin) reload = new URL("/app", url.origin);
  const locale = reload.searchParams.get("locale") ?? url.searchParams.get("locale");
  for (const name of SHOPIFY_PARAMS) reload.searchParams.delete(name);
  const keepLocale = locale ? `&locale=${encodeURIComponent(locale)}` : "";
  const to = demoTarget(reload.pathname + reload.search);
  return new Response(null, { status: 302, headers: { Location: `/demo?to=${encodeURIComponent(to)}${keepLocale}` } });
}

/** Where /demo?to= may lead: an admin path, with a plain query string (it ends up in a Location header). */
export function demoTarget(to: string | null): string {
  return to && /^\/app(\/[\w.~-]+)*\/?(\?[\w.~%+=&-]*)?$/.test(to) ? to : "/app";
}
