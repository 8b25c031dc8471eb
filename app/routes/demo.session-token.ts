import { shopifyApp } from "~/wiring/config.server";
import { sessionToken } from "~/faces/demo/session-token.server";
import { DEMO_SHOP, requireDemoMode } from "~/faces/demo/demo-mode.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// The local App Bridge's idToken(): a fresh token for the demo shop.
export const loader = () => {
  requireDemoMode();
  const token = sessionToken({ shop: DEMO_SHOP, ...shopifyApp() });
  return Response.json({ token }, { headers: { "Cache-Control": "no-store" } });
};

export const action = methodNotAllowed("GET, HEAD");
