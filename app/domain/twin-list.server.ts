import { bulkIds, customerOwnerOf, parseListQuery, serialOf, type ListQuery, type TwinChainFilter } from "./list-search";
import { afterCursor, toPage } from "./pagination";
import { universalName, type DigitalTwin } from "./schemas";
import { stores, type TwinSearch, type TwinSearchFilter } from "./stores";
import { toDigitalTwin } from "./twins.server";

/*
 * The admin's Twins list at any size (decision 0078): one search box finds a twin by the start
 * of its title, its serial number (12 or #12), its customer (the Shopify customer id, its gid or
 * `shopify|<id>`: the owner of the twin's universal name) or its universal name; a filter on its
 * NFT's state; newest or oldest first; a page at a time by cursor.
 */

/** What a search text matches on: always the title's start; a number also a serial or a customer; a name's spelling also the name. */
export function twinSearchOf(q: string): TwinSearch | undefined {
  if (q === "") return undefined;
  const search: TwinSearch = { titlePrefix: q };
  const serial = serialOf(q);
  if (serial !== undefined) search.serialNumber = serial;
  const owner = customerOwnerOf(q);
  if (owner) search.owner = owner;
  const name = universalName.safeParse(q);
  if (name.success) search.universalName = name.data;
  return search;
}

/** The store's filter for a list query (the bench builds the same statement from it). */
export function twinSearchFilter(shop: string, query: ListQuery, chain: TwinChainFilter | undefined, livemode: boolean): TwinSearchFilter {
  const { q, sort, cursor } = parseListQuery(query);
  const after = afterCursor(cursor, "twin").id?.lt;
  const oldestFirst = sort === "oldest";
  return { shop, livemode, chain, search: twinSearchOf(q), oldestFirst, ...(oldestFirst ? { afterId: after } : { beforeId: after }) };
}

/**
 * A page of the shop's twins for the admin list: a search over 100 characters is VALIDATION_FAILED
 * at `q`, a cursor no list handed out at `cursor`.
 */
export async function searchTwins(
  shop: string,
  query: ListQuery & { chain?: TwinChainFilter },
  livemode: boolean,
): Promise<{ twins: DigitalTwin[]; nextCursor: string | null }> {
  const { chain, ...list } = query;
  const { limit } = parseListQuery(list);
  const rows = await stores().names.twinSearchPage(twinSearchFilter(shop, list, chain, livemode), limit + 1);
  const { page, nextCursor } = toPage(rows, limit);
  return { twins: page.map(toDigitalTwin), nextCursor };
}

/** The ids of a bulk action on twins: twin ids, one to a page of them; anything else is VALIDATION_FAILED at `ids`. */
export const bulkTwinIds = (ids: string[]) => bulkIds(ids, "twin", { one: "twin", other: "twins" });
