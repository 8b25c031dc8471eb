// The `shopify` global as Shopify's host provides it to these modules, in the form the
// Shopify CLI generates (`shopify app dev` rewrites this file with one entry per module
// that reads it). The import also brings the s-* elements' JSX types.
import "@shopify/ui-extensions";

declare module "./src/backend.ts" {
  const shopify: import("@shopify/ui-extensions/customer-account.page.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/i18n.ts" {
  const shopify: import("@shopify/ui-extensions/customer-account.page.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/CardsPage.tsx" {
  const shopify: import("@shopify/ui-extensions/customer-account.page.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/ProfileBlock.tsx" {
  const shopify: import("@shopify/ui-extensions/customer-account.profile.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}

declare module "./src/OrderStatusBlock.tsx" {
  const shopify: import("@shopify/ui-extensions/customer-account.order-status.block.render").Api;
  const globalThis: { shopify: typeof shopify };
}
