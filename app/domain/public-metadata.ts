import type { MetadataEntry } from "./schemas";

/** Metadata a customer may see: PRIVATE entries stay on the merchant side. */
export const publicMetadata = (entries: MetadataEntry[]) => entries.filter((entry) => entry.visibility !== "PRIVATE");
