/**
 * A page of the embedded app as a merchant opens it in Shopify admin:
 * `https://admin.shopify.com/store/<store>/apps/<client id><path>`. In the demo there is no Shopify
 * admin: the app's own URL, which reopens the page through /demo.
 */
export function adminAppPageUrl(shop: string, path: string, options: { apiKey: string; demoAppUrl: string | null }): string {
  if (options.demoAppUrl) return `${options.demoAppUrl}${path}`;
  const store = shop.replace(/\.myshopify\.com$/, "");
  return `https://admin.shopify.com/store/${encodeURIComponent(store)}/apps/${encodeURIComponent(options.apiKey)}${path}`;
}
