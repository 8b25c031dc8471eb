import { databaseDialect, directSql } from "../client.server";

/*
 * The admin's lists find a row by the start of a text: a card's name, a twin's title, a
 * notification's destination (decision 0078). Both databases read a prefix as a range on an
 * index, but PostgreSQL compares text in the database's collation, where a range is not always a
 * prefix (punctuation and spaces weigh nothing in most locales). The key is the lowercased text's
 * UTF-8 bytes in hex: 0-9 and a-f sort the same in every collation, and a prefix of the text is a
 * prefix of its key.
 */

/** The stored key of a searched text. */
export const searchKey = (text: string): string => Buffer.from(text.toLowerCase(), "utf8").toString("hex");

/** The range of keys of texts starting with `prefix` ("g" sorts after every hex digit). */
export function searchKeyRange(prefix: string): { from: string; to: string } {
  const from = searchKey(prefix);
  return { from, to: `${from}g` };
}

/** The searched columns: each table's text and the column holding its key. */
const KEYED = {
  UnitCard: { text: "name", key: "nameKey" },
  DigitalTwin: { text: "title", key: "titleKey" },
  Notification: { text: "destination", key: "destinationKey" },
} as const;
export type KeyedTable = keyof typeof KEYED;

const filled = new Set<string>();

/**
 * Gives the shop's rows of `table` written before the key existed their key, once a process (the
 * SQLite migrations did so already; PostgreSQL's, written by Prisma, add the column only).
 */
export async function fillSearchKeys(table: KeyedTable, shop: string): Promise<void> {
  const done = `${table}\n${shop}`;
  if (filled.has(done)) return;
  const { text, key } = KEYED[table];
  const value =
    databaseDialect().kind === "sqlite" ? `lower(hex(lower("${text}")))` : `encode(convert_to(lower("${text}"), 'UTF8'), 'hex')`;
  await directSql.query(`UPDATE "${table}" SET "${key}" = ${value} WHERE "shop" = $1 AND "${key}" IS NULL`, [shop]);
  filled.add(done);
}
