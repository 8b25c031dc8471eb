import { fieldError } from "./errors";
import { isIdOf, type IdPrefix } from "./ids";
import { CUSTOMER_ID, shopifyOwner } from "./owners";
import { parseInput } from "./schemas/parse";
import { z } from "./schemas/zod";

/*
 * What the admin's lists (Cards, Twins, Notifications) share at any size (decision 0078): one
 * search box of at most 100 characters, newest or oldest first, a page at a time by cursor, and
 * bulk actions on a selection of at most one page.
 */

export const LIST_SORTS = ["newest", "oldest"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const MAX_SEARCH_LENGTH = 100;
/** How many rows one bulk action takes: the most one list page holds. */
export const MAX_BULK = 100;

/** The Twins list's filter on a twin's NFT: minted, on its way (queued, being minted, held), failed, or none. */
export const TWIN_CHAIN_FILTERS = ["MINTED", "PENDING", "FAILED", "NONE"] as const;
export type TwinChainFilter = (typeof TWIN_CHAIN_FILTERS)[number];

/** The Notifications list's filter on the channel. */
export const NOTIFICATION_CHANNELS = ["EMAIL", "SMS"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A list's query as its page's URL carries it: an unknown sort is the default, a search over 100 characters is refused at `q`. */
export const listQuery = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `Must be at most ${MAX_SEARCH_LENGTH} characters`).default(""),
  sort: z.enum(LIST_SORTS).default("newest").catch("newest"),
  cursor: z.string().optional(),
  limit: z.number().int().min(1).max(MAX_BULK),
});
export type ListQuery = z.input<typeof listQuery>;

export const parseListQuery = (input: unknown) => parseInput(listQuery, input);

/** A serial number typed as `12` or `#12`. */
export const serialOf = (q: string): number | undefined => {
  const serial = /^#?(\d{1,9})$/.exec(q)?.[1];
  return serial ? Number(serial) : undefined;
};

/** The owner a Shopify customer typed as its id, its gid or `shopify|<id>` holds things as. */
export const customerOwnerOf = (q: string): string | undefined => {
  const customer = /^(?:gid:\/\/shopify\/Customer\/|shopify\|)?(\d+)$/.exec(q)?.[1];
  return customer && CUSTOMER_ID.test(customer) ? shopifyOwner(customer) : undefined;
};

/** The ids a bulk action was given: ids of `prefix`, one to MAX_BULK of them; anything else is VALIDATION_FAILED at `ids`. */
export function bulkIds(ids: string[], prefix: IdPrefix, noun: { one: string; other: string }): string[] {
  const unique = [...new Set(ids.filter((id) => id !== ""))];
  if (unique.length === 0) throw fieldError("ids", `Select at least one ${noun.one}`);
  if (unique.length > MAX_BULK) throw fieldError("ids", `Select at most ${MAX_BULK} ${noun.other}`);
  if (!unique.every((id) => isIdOf(prefix, id))) throw fieldError("ids", `Not a ${noun.one} of this list`);
  return unique;
}
