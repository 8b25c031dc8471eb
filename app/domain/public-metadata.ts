import type { MetadataEntry } from "./schemas";

/** Metadata a customer may see: PRIVATE entries stay on the merchant side. */
export const publicMetadata = (entries: MetadataEntry[]) => entries.filter((entry) => entry.visibility !== "PRIVATE");

/**
 * The metadata keys the app itself writes (a card standing for an ordered product: order-issuing.server.ts).
 * Faces show these under a label in the reader's language; any other key is the merchant's own and is shown
 * as they wrote it.
 */
export const APP_METADATA_KEYS = ["brand", "price", "quantity", "link"] as const;
export type AppMetadataKey = (typeof APP_METADATA_KEYS)[number];

export const isAppMetadataKey = (key: string): key is AppMetadataKey => (APP_METADATA_KEYS as readonly string[]).includes(key);
