import script from "~/faces/demo/app-bridge-stub.js?raw";
import { requireDemoMode } from "~/faces/demo/demo-mode.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

export const loader = () => {
  requireDemoMode();
  return new Response(script, { headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" } });
};

export const action = methodNotAllowed("GET, HEAD");
