/** What a twin or card was issued for: the product variant, its barcode and the item's GS1 identity (decision 0063). */
export interface ItemProductRecord {
  /** The twin's or card's id. */
  itemId: string;
  shop: string;
  kind: "twin" | "card";
  /** Shopify GIDs; null when not known. */
  productId: string | null;
  variantId: string | null;
  /** ProductVariant.barcode as Shopify had it when the item was issued. */
  barcode: string | null;
  /** The barcode as a GTIN-14, when it is a valid GTIN; null otherwise. */
  gtin: string | null;
  /** The item's GS1 serial (AI 21); null without a GTIN. */
  serial: string | null;
  /** The product's page on the online store. */
  productUrl: string | null;
  createdAt: Date;
}

/** The GS1 link types a merchant sets per GTIN; the others come from the item itself. */
export const PRODUCT_LINK_TYPES = ["sustainabilityInfo", "instructions"] as const;
export type ProductLinkType = (typeof PRODUCT_LINK_TYPES)[number];

export interface ProductLinkRecord {
  linkType: ProductLinkType;
  href: string;
}

/** ItemProduct and ProductLink: every query of them. */
export interface ItemProductStore {
  /**
   * Records an item's product in the caller's transaction; false when another item of the shop already has
   * that GTIN and serial (nothing written: the caller tries another serial).
   */
  insert(row: ItemProductRecord): Promise<boolean>;
  /** The products of these items, those recorded. */
  ofItems(itemIds: string[]): Promise<ItemProductRecord[]>;
  /** The shop's item with this GTIN-14 and serial. */
  byGs1(shop: string, gtin: string, serial: string): Promise<ItemProductRecord | null>;
  /** The shop's items of this kind whose barcode is not a GTIN (kept as typed), newest first, at most `take`. */
  withoutGtin(shop: string, kind: ItemProductRecord["kind"], take: number): Promise<ItemProductRecord[]>;
  /** How many of the shop's items of this kind were issued for any of these variants (GIDs), and the newest `take` of them. */
  ofVariants(
    shop: string,
    kind: ItemProductRecord["kind"],
    variantIds: string[],
    take: number,
  ): Promise<{ count: number; latest: ItemProductRecord[] }>;
  /** The links the merchant set for a GTIN. */
  productLinks(shop: string, gtin: string): Promise<ProductLinkRecord[]>;
  /** Sets (or, with null, removes) one link of a GTIN. */
  saveProductLink(shop: string, gtin: string, linkType: ProductLinkType, href: string | null, at: Date): Promise<void>;
  /** Every row of the shop (shop/redact); how many items there were. */
  deleteForShop(shop: string): Promise<number>;
}
