import { databaseDialect, directSql } from "../client.server";

/*
 * The Cards list finds a card by the start of its name (decision 0078). Both databases
 * read a prefix as a range on an index, but PostgreSQL compares text in the database's
 * collation, where a range is not always a prefix (punctuation and spaces weigh nothing
 * in most locales). The key is the lowercased name's UTF-8 bytes in hex: 0-9 and a-f
 * sort the same in every collation, and a prefix of the name is a prefix of its key.
 */

/** The stored key of a card's name. */
export const nameKey = (name: string): string => Buffer.from(name.toLowerCase(), "utf8").toString("hex");

/** The range of keys of names starting with `prefix` ("g" sorts after every hex digit). */
export function nameKeyRange(prefix: string): { from: string; to: string } {
  const from = nameKey(prefix);
  return { from, to: `${from}g` };
}

const filled = new Set<string>();

/**
 * Gives the shop's cards written before the key existed their key, once a process (the SQLite
 * migration did so already; PostgreSQL's, written by Prisma, adds the column only).
 */
export async function fillNameKeys(shop: string): Promise<void> {
  if (filled.has(shop)) return;
  const key = databaseDialect().kind === "sqlite" ? `lower(hex(lower("name")))` : `encode(convert_to(lower("name"), 'UTF8'), 'hex')`;
  await directSql.query(`UPDATE "UnitCard" SET "nameKey" = ${key} WHERE "shop" = $1 AND "nameKey" IS NULL`, [shop]);
  filled.add(shop);
}
