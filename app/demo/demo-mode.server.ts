// The demo harness (a local App Bridge, a /demo entry with a fresh session
// token) exists only when DEMO_MODE=1; production never sets it.
export const demoMode = () => process.env.DEMO_MODE === "1";
export const DEMO_APP_BRIDGE_PATH = "/demo/app-bridge.js";
export const DEMO_SHOP = "twin-cards-demo.myshopify.com";

/** 404 unless in demo mode, so none of the harness is reachable in production. */
export function requireDemoMode() {
  if (!demoMode()) throw new Response("Not found", { status: 404 });
}
