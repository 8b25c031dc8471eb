import { notFound } from "~/domain/errors";
import { isCustomerId } from "~/domain/owners";

/**
 * What the admin extensions' answers share: the app's own pages as links the
 * admin opens inside the app (`app:` protocol, relative to the app's URL), the
 * resource ids the admin hands an extension, and counts by status.
 */

/** A link into the app's embedded pages, e.g. `app:app/cards/crd_…`. */
export const appLink = (path: string) => `app:${path.replace(/^\/+/, "")}`;

/** The numeric id of a Shopify resource from its id or GID (`gid://shopify/Customer/123`), or a 404 ("Customer not found"). */
export function numericIdOf(kind: "Customer" | "Order" | "Product", value: string | undefined): string {
  const id = /^gid:\/\/shopify\/(\w+)\/(\d+)$/.exec(value ?? "");
  const numeric = id ? (id[1] === kind ? id[2]! : "") : (value ?? "");
  // Shopify's numeric ids, as a customer's (app/domain/owners.ts), whatever the resource.
  if (!isCustomerId(numeric)) throw notFound(kind);
  return numeric;
}

/** How many of `items` have each status; statuses no item has are absent. */
export function countByStatus<T>(items: T[], statusOf: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[statusOf(item)] = (counts[statusOf(item)] ?? 0) + 1;
  return counts;
}

/** The newest `limit` of `items` by their ISO `createdAt`. */
export const newest = <T extends { createdAt: string }>(items: T[], limit: number): T[] =>
  [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
