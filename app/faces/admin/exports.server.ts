import { cardPages, eventPages, selectedCardPages, selectedTwinPages, twinPages } from "~/domain/exports.server";
import type { UnitCard } from "~/domain/schemas";
import type { CsvFormat } from "./csv-export.server";

// What each CSV export holds (docs/tour.md#import-and-export-csv). Column names are the
// import's, in English whatever the admin's language, so a file can be read by a program too.

export const EXPORTS = ["cards", "twins", "activity"] as const;
export type ExportKind = (typeof EXPORTS)[number];

export interface ExportTable {
  header: string[];
  rows: AsyncIterable<string[][]>;
}

async function* mapPages<T>(pages: AsyncIterable<T[]>, row: (item: T) => string[]): AsyncGenerator<string[][]> {
  for await (const page of pages) yield page.map(row);
}

/** The export of `kind`; of cards or twins, only `ids` when given (the list's selection). */
export async function exportTable(
  kind: ExportKind,
  shop: string,
  livemode: boolean,
  format: CsvFormat,
  ids?: string[],
): Promise<ExportTable> {
  if (kind === "twins") {
    return {
      header: [
        "id",
        "title",
        "uns_name",
        "name_id",
        "public_key",
        "serial_number",
        "edition_size",
        "price",
        "currency",
        "brand",
        "created_at",
      ],
      rows: mapPages(ids ? selectedTwinPages(shop, ids, livemode) : twinPages(shop, livemode), (twin) => [
        twin.id,
        twin.title,
        twin.uns_name,
        twin.name_id,
        twin.public_key,
        format.number(twin.serialNumber),
        format.number(twin.editionSize),
        format.number(twin.price),
        twin.currency ?? "",
        twin.brand,
        format.dateTime(twin.createdAt),
      ]),
    };
  }
  if (kind === "activity") {
    return {
      header: ["id", "created_at", "type", "object_type", "object_id"],
      rows: mapPages(eventPages(shop, livemode), (event) => [
        event.id,
        format.dateTime(event.createdAt),
        event.type,
        event.data.objectType,
        "id" in event.data.object ? String(event.data.object.id) : "",
      ]),
    };
  }
  // A column per metadata key: a first pass over the pages finds the keys (only they stay in memory).
  const pages = () => (ids ? selectedCardPages(shop, ids, livemode) : cardPages(shop, livemode));
  const keys = new Set<string>();
  for await (const page of pages()) for (const card of page) for (const entry of card.metadata) keys.add(entry.key);
  const metadataKeys = [...keys].sort();
  return {
    header: [
      "id",
      "name",
      "status",
      "owner",
      "public_key",
      "email",
      "phone",
      "image_url",
      "serial_number",
      "edition_size",
      "created_at",
      "claimed_at",
      "voided_at",
      ...metadataKeys.map((key) => `metadata:${key}`),
    ],
    rows: mapPages(pages(), (card) => [
      card.id,
      card.name,
      card.status,
      card.owner ?? "",
      card.publicKey ?? "",
      card.redemption?.email ?? "",
      card.redemption?.phone ?? "",
      card.media.imageUrls.join(" "),
      format.number(card.serialNumber),
      format.number(card.editionSize),
      format.dateTime(card.createdAt),
      format.dateTime(card.redeemedAt),
      format.dateTime(card.voidedAt),
      ...metadataKeys.map((key) => metadataCell(card, key, format)),
    ]),
  };
}

/** A metadata value as a cell: text as is, a number in the admin's locale, a price as `189,9 EUR`, anything else as JSON. */
function metadataCell(card: UnitCard, key: string, format: CsvFormat): string {
  const entry = card.metadata.find((item) => item.key === key);
  if (!entry) return "";
  const { value } = entry;
  if (typeof value === "string") return value;
  if (typeof value === "number") return format.number(value);
  if (entry.metaType === "PRICE" && Array.isArray(value)) return `${format.number(value[0] as number)} ${String(value[1])}`;
  return JSON.stringify(value);
}
