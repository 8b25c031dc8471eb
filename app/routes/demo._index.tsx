import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { shopifyApp } from "~/config.server";
import { adminHost, sessionToken } from "~/demo/session-token.server";
import { DEMO_SHOP, demoTarget, requireDemoMode } from "~/demo/demo-mode.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// GET /demo[?to=/app/...]: opens the embedded admin for the demo shop, the way
// Shopify admin would load it, with a fresh session token.
export const loader = ({ request }: LoaderFunctionArgs) => {
  requireDemoMode();
  const target = new URL(demoTarget(new URL(request.url).searchParams.get("to")), "http://demo");
  const token = sessionToken({ shop: DEMO_SHOP, ...shopifyApp() });
  for (const [name, value] of Object.entries({ embedded: "1", shop: DEMO_SHOP, host: adminHost(DEMO_SHOP), id_token: token })) {
    target.searchParams.set(name, value);
  }
  return redirect(`${target.pathname}${target.search}`);
};

export const action = methodNotAllowed("GET, HEAD");
