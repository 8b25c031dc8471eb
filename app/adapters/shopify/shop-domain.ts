/** A shop's permanent domain as Shopify sends it: `<name>.myshopify.com`, in lower case. */
export const isShopDomain = (value: string | null): value is string =>
  value !== null && /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/.test(value);
