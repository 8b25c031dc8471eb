import { toUnitCard } from "./card-view";
import { VOIDED_BY_MERCHANT, voidPendingCards } from "./card-void.server";
import { fieldError } from "./errors";
import { bulkIds, customerOwnerOf, MAX_SEARCH_LENGTH, serialOf, type ListSort } from "./list-search";
import { afterCursor, toPage } from "./pagination";
import type { CardStatus, UnitCard } from "./schemas";
import { stores, type CardSearch } from "./stores";

/*
 * The admin's Cards list at any size (decision 0078): one search box finds a card by the
 * start of its name, its serial number (12 or #12) or its customer (the Shopify customer id,
 * or its gid), each read through an index; newest or oldest first; a page at a time by cursor.
 */

export interface CardListQuery {
  q?: string;
  status?: CardStatus;
  sort?: ListSort;
  cursor?: string;
  limit: number;
}

/** What a search text matches on: always the name's start, a number also as a serial or a customer id. */
export function cardSearchOf(text: string): CardSearch | undefined {
  const q = text.trim();
  if (q === "") return undefined;
  if (q.length > MAX_SEARCH_LENGTH) throw fieldError("q", `Must be at most ${MAX_SEARCH_LENGTH} characters`);
  const search: CardSearch = { namePrefix: q };
  const serial = serialOf(q);
  if (serial !== undefined) search.serialNumber = serial;
  const owner = customerOwnerOf(q);
  if (owner) search.owner = owner;
  return search;
}

/** A page of the shop's cards for the admin list; a cursor no list handed out is VALIDATION_FAILED at `cursor`. */
export async function searchCards(
  shop: string,
  { q, status, sort = "newest", cursor, limit }: CardListQuery,
  livemode: boolean,
): Promise<{ cards: UnitCard[]; nextCursor: string | null }> {
  const search = cardSearchOf(q ?? "");
  const after = afterCursor(cursor, "card").id?.lt;
  const oldestFirst = sort === "oldest";
  const rows = await stores().cards.page(
    { shop, livemode, status, search, oldestFirst, ...(oldestFirst ? { afterId: after } : { beforeId: after }) },
    limit + 1,
  );
  const { page, nextCursor } = toPage(rows, limit);
  return { cards: page.map((row) => toUnitCard(row)), nextCursor };
}

/** The ids a bulk action was given: card ids, one to MAX_BULK of them; anything else is VALIDATION_FAILED at `ids`. */
export function bulkCardIds(ids: string[]): string[] {
  return bulkIds(ids, "card", { one: "card", other: "cards" });
}

/**
 * Voids those of the selected cards still waiting to be claimed, in one transaction; the others
 * (claimed, being given, voided already, another shop's) are left as they are and counted.
 */
export async function voidUnclaimedCards(shop: string, ids: string[], livemode: boolean): Promise<{ voided: number; refused: number }> {
  const selected = bulkCardIds(ids);
  const voided = await stores().transaction(() => voidPendingCards(shop, selected, VOIDED_BY_MERCHANT, livemode));
  return { voided, refused: selected.length - voided };
}
