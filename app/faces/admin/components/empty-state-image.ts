/** Shopify's stock empty-state illustration, as in Shopify's own app template. */
export const EMPTY_STATE_IMAGE = "https://cdn.shopify.com/s/files/1/0262/4071/2726/files/emptystate-files.png";
