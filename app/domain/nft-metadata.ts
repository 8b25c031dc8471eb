import { publicMetadata } from "./public-metadata";
import { verifyUrlOf } from "./verify-url";
import type { MetadataEntry } from "./schemas";
import type { TwinWithName, UnitCardRecord } from "./stores";

/** What an NFT is minted for: a twin (with its universal name) or an owned card. */
export type NftSubject = { kind: "twin"; twin: TwinWithName } | { kind: "card"; card: UnitCardRecord };

export const NFT_SYMBOL = { twin: "TWIN", card: "CARD" } as const;
// Wallets show about 32 characters of a name; the full one is in the metadata JSON.
// Byte caps keep the worst case (multi-byte text everywhere) inside one 1232-byte transaction.
const ON_CHAIN_NAME = { chars: 32, bytes: 64 };
const ON_CHAIN_VALUE = { chars: 64, bytes: 64 };

export const metadataPath = (nftId: string) => `/v1/metadata/${nftId}.json`;

/**
 * The TokenMetadata written on-chain: short, bounded fields so one NFT fits in
 * one transaction. Everything else lives in the metadata JSON at `uri`.
 * Card metadata entries never go on-chain (PRIVATE ones never leave the app).
 */
export function onChainMetadata(subject: NftSubject, shop: string, uri: string) {
  const additional: [string, string][] = [
    ["kind", subject.kind],
    ["shop", clip(shop, ON_CHAIN_VALUE)],
  ];
  if (subject.kind === "twin") {
    const { twin } = subject;
    additional.push(["twin_id", twin.id], ["universal_name", twin.name.name], ["quantity", String(twin.quantity)]);
    if (twin.brand) additional.push(["brand", clip(twin.brand, ON_CHAIN_VALUE)]);
  } else {
    additional.push(["card_id", subject.card.id]);
  }
  // One field, "12/250" ("12" in an open edition): a second would not fit the longest item in one transaction.
  const { serialNumber, editionSize } = subject.kind === "twin" ? subject.twin : subject.card;
  if (serialNumber !== null) additional.push(["serial", editionSize === null ? String(serialNumber) : `${serialNumber}/${editionSize}`]);
  return {
    name: clip(subject.kind === "twin" ? subject.twin.title : subject.card.name, ON_CHAIN_NAME),
    symbol: NFT_SYMBOL[subject.kind],
    uri,
    additional,
  };
}

export interface NftAttribute {
  trait_type: string;
  value: string | number;
  /** Marketplaces show a "number" trait with its `max_value` as "12 of 250". */
  display_type?: "number";
  max_value?: number;
}

/** The item's number in its edition and the edition's size (none outside an edition; no size for an open one). */
function serialAttributes({ serialNumber, editionSize }: { serialNumber: number | null; editionSize: number | null }): NftAttribute[] {
  if (serialNumber === null) return [];
  if (editionSize === null) return [{ trait_type: "Serial number", value: serialNumber, display_type: "number" }];
  return [
    { trait_type: "Serial number", value: serialNumber, display_type: "number", max_value: editionSize },
    { trait_type: "Edition size", value: editionSize, display_type: "number" },
  ];
}

/**
 * The public metadata JSON in the common NFT shape (name, symbol, description,
 * image, external_url, attributes, properties.files), plus `twin_cards` with
 * the item's own fields. PRIVATE card metadata is never in it.
 */
export function metadataJson(subject: NftSubject, shop: string) {
  if (subject.kind === "twin") {
    const { twin } = subject;
    const images = twin.images as string[];
    const attributes: NftAttribute[] = [
      ...serialAttributes(twin),
      { trait_type: "Universal name", value: twin.name.name },
      { trait_type: "Quantity", value: twin.quantity },
      ...(twin.brand ? [{ trait_type: "Brand", value: twin.brand }] : []),
      ...(twin.creator ? [{ trait_type: "Creator", value: twin.creator }] : []),
      ...(twin.price !== null && twin.currency ? [{ trait_type: "Price", value: `${twin.price} ${twin.currency}` }] : []),
      ...(twin.categories as string[]).map((category) => ({ trait_type: "Category", value: category })),
    ];
    return {
      name: twin.title,
      symbol: NFT_SYMBOL.twin,
      description: twin.description,
      image: images[0] ?? null,
      // Wallets and explorers link here: the item's public verification page.
      external_url: verifyUrlOf(shop, twin.verifyToken),
      attributes,
      properties: { category: "image", files: images.map((uri) => ({ uri, type: imageType(uri) })) },
      twin_cards: {
        kind: "twin",
        id: twin.id,
        shop,
        serial_number: twin.serialNumber,
        edition_size: twin.editionSize,
        universal_name: twin.name.name,
        quantity: twin.quantity,
        price: twin.price,
        currency: twin.currency,
        brand: twin.brand,
        creator: twin.creator,
        categories: twin.categories,
        links: twin.links,
        issued_at: twin.createdAt.toISOString(),
      },
    };
  }
  const { card } = subject;
  const media = card.media as { imageUrls: string[]; videoUrls: string[] };
  const entries = publicMetadata(card.metadata as MetadataEntry[]);
  return {
    name: card.name,
    symbol: NFT_SYMBOL.card,
    description: "",
    image: media.imageUrls[0] ?? null,
    animation_url: media.videoUrls[0] ?? null,
    external_url: verifyUrlOf(shop, card.verifyToken),
    attributes: [
      ...serialAttributes(card),
      ...entries.map((entry): NftAttribute => ({ trait_type: entry.key, value: attributeValue(entry) })),
    ],
    properties: {
      category: media.videoUrls.length > 0 ? "video" : "image",
      files: [
        ...media.imageUrls.map((uri) => ({ uri, type: imageType(uri) })),
        ...media.videoUrls.map((uri) => ({ uri, type: "video/mp4" })),
      ],
    },
    twin_cards: {
      kind: "card",
      id: card.id,
      shop,
      serial_number: card.serialNumber,
      edition_size: card.editionSize,
      metadata: entries,
      issued_at: card.createdAt.toISOString(),
    },
  };
}

function attributeValue(entry: MetadataEntry): string | number {
  if (entry.metaType === "PRICE" && Array.isArray(entry.value)) return entry.value.join(" ");
  return typeof entry.value === "string" || typeof entry.value === "number" ? entry.value : JSON.stringify(entry.value);
}

function imageType(uri: string): string {
  const extension = /\.(\w+)(?:[?#]|$)/.exec(uri)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
    svg: "image/svg+xml",
  };
  return (extension && types[extension]) ?? "image/png";
}

/** At most `chars` characters and `bytes` UTF-8 bytes, ending in "…" when cut. */
export function clip(text: string, limit: { chars: number; bytes: number }): string {
  const fits = (value: string) => Array.from(value).length <= limit.chars && Buffer.byteLength(value) <= limit.bytes;
  if (fits(text)) return text;
  const characters = Array.from(text);
  let kept = Math.min(characters.length, limit.chars - 1);
  while (kept > 0 && !fits(`${characters.slice(0, kept).join("")}…`)) kept--;
  return `${characters.slice(0, kept).join("")}…`;
}
