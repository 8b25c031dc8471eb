import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { shopifyApp } from "~/wiring/config.server";
import { demoLocale } from "~/faces/demo/demo-locale.server";
import { adminHost, sessionToken } from "~/faces/demo/session-token.server";
import { DEMO_SHOP, demoTarget, requireDemoMode } from "~/faces/demo/demo-mode.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

// GET /demo[?to=/app/...][&locale=fr]: opens the embedded admin for the demo shop, the way
// Shopify admin would load it, with a fresh session token and the merchant's language.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  requireDemoMode();
  const target = new URL(demoTarget(new URL(request.url).searchParams.get("to")), "http://demo");
  const token = sessionToken({ shop: DEMO_SHOP, ...shopifyApp() });
  const { locale, setCookie } = await demoLocale(request);
  const shopifyParams = { embedded: "1", shop: DEMO_SHOP, host: adminHost(DEMO_SHOP), id_token: token, ...(locale ? { locale } : {}) };
  for (const [name, value] of Object.entries(shopifyParams)) target.searchParams.set(name, value);
  return redirect(`${target.pathname}${target.search}`, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
};

export const action = methodNotAllowed("GET, HEAD");
