// The `shopify` global as Shopify admin provides it to these modules, in the form the
// Shopify CLI generates (`shopify app dev` rewrites this file with one entry per module
// that reads it). The import also brings the s-* elements' JSX types.
import "@shopify/ui-extensions";

declare module "./src/backend.ts" {
  const shopify: import("@shopify/ui-extensions/admin.product-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/i18n.ts" {
  const shopify: import("@shopify/ui-extensions/admin.product-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/ProductBlock.tsx" {
  const shopify: import("@shopify/ui-extensions/admin.product-details.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}
