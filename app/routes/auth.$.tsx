import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/lib/method-not-allowed";
import { loginPage } from "~/adapters/shopify/login-page.server";
import { requestFaultResponse } from "~/adapters/shopify/request-fault.server";
import { isShopDomain } from "~/adapters/shopify/shop-domain";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { bounceThroughDemo } from "~/faces/demo/demo-mode.server";

// The configured login path takes the library's login flow: authenticate.admin refuses to run there.
const isLoginPath = (request: Request) => /^\/auth\/login\/?$/i.test(new URL(request.url).pathname);

// Shopify's auth paths (/auth/session-token bounce, /auth/exit-iframe, /auth/callback) and /auth/login.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (isLoginPath(request)) return loginPage(request);
  const demoBounce = bounceThroughDemo(request);
  if (demoBounce) return demoBounce;
  // The bounce and exit-iframe pages put `shop` into a response header unchecked.
  const shop = new URL(request.url).searchParams.get("shop");
  if (shop !== null && !isShopDomain(shop)) return requestFaultResponse();
  // What the library refuses (e.g. an exit-iframe destination it will not redirect to) it answers 400 (shopify-app.server.ts).
  await authenticate.admin(request);
  return null;
};

const notServed = methodNotAllowed("GET, HEAD");

export const action = async ({ request }: ActionFunctionArgs) => (isLoginPath(request) ? loginPage(request) : notServed());
