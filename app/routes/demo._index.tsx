import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { adminHost, sessionToken } from "~/demo/session-token.server";
import { DEMO_SHOP, requireDemoMode } from "~/demo/demo-mode.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// GET /demo[?to=/app/...]: opens the embedded admin for the demo shop, the way
// Shopify admin would load it, with a fresh session token.
export const loader = ({ request }: LoaderFunctionArgs) => {
  requireDemoMode();
  const to = new URL(request.url).searchParams.get("to") ?? "/app";
  // An admin path and nothing else: it ends up in the Location header.
  const path = /^\/app(\/[\w.~-]+)*\/?$/.test(to) ? to : "/app";
  const token = sessionToken({ shop: DEMO_SHOP, apiKey: process.env.SHOPIFY_API_KEY!, apiSecret: process.env.SHOPIFY_API_SECRET! });
  const params = new URLSearchParams({ embedded: "1", shop: DEMO_SHOP, host: adminHost(DEMO_SHOP), id_token: token });
  return redirect(`${path}?${params}`);
};

export const action = methodNotAllowed("GET, HEAD");
