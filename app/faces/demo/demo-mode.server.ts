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

/** Where /demo?to= may lead: an admin path, with a plain query string (it ends up in a Location header). */
export function demoTarget(to: string | null): string {
  return to && /^\/app(\/[\w.~-]+)*\/?(\?[\w.~%+=&-]*)?$/.test(to) ? to : "/app";
}
