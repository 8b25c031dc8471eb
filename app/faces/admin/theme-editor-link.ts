/** The app's theme blocks (extensions/storefront/blocks/<handle>.liquid) a merchant adds to a page. */
export const STOREFRONT_BLOCKS = ["my-cards", "claim-card"] as const;
export type StorefrontBlock = (typeof STOREFRONT_BLOCKS)[number];

/**
 * Shopify's deep link that opens the live theme's editor on a page template with the app block
 * being added in a new Apps section (shopify.dev, "Configure theme app extensions", deep linking):
 * `https://<shop>/admin/themes/current/editor?template=…&addAppBlockId=<api key>/<block handle>&target=newAppsSection`.
 */
export function themeEditorLink({ shop, apiKey, block }: { shop: string; apiKey: string; block: StorefrontBlock }): string {
  // Written as Shopify documents it: the block id's slash stays a slash.
  const blockId = `${encodeURIComponent(apiKey)}/${block}`;
  return `https://${encodeURIComponent(shop)}/admin/themes/current/editor?template=page&addAppBlockId=${blockId}&target=newAppsSection`;
}
