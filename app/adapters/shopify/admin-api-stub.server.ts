import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

/**
 * Tests and the demo have no Shopify store: when SHOPIFY_ADMIN_API_STUB_URL is
 * set, requests the Shopify library makes to `https://<shop>.myshopify.com/...`
 * (token exchange, Admin GraphQL) go to that local server instead. Production
 * never sets it. Must run after the node adapter import, which sets the default.
 */
export function routeAdminApiToStub(stubUrl: string | undefined) {
  if (!stubUrl) return;
  const stub = new URL(stubUrl);
  setAbstractFetchFunc(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.hostname.endsWith(".myshopify.com")) return fetch(input, init);
    const redirected = new URL(url.pathname + url.search, stub);
    const headers = new Headers(init?.headers);
    headers.set("X-Shopify-Shop-Domain", url.hostname);
    return fetch(redirected, { ...init, headers });
  });
}
