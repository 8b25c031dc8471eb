import { fieldError } from "./errors";
import type { IdPrefix } from "./ids";
import { decodeCursor, encodeCursor } from "./schemas/cursor";

/*
 * Every list pages the same way (docs/decisions/0010-ids-and-pagination.md):
 * newest first by id (ids sort by creation), one row more than the page to
 * know whether another follows, and an opaque cursor naming the last row.
 */

/** The `where` that continues after `cursor` (none for the first page); a cursor no list handed out is VALIDATION_FAILED at `cursor`. */
export function afterCursor(cursor: string | undefined, prefix: IdPrefix): { id?: { lt: string } } {
  if (!cursor) return {};
  const id = decodeCursor(cursor, prefix);
  if (!id) throw fieldError("cursor", "Not a cursor this API returned");
  return { id: { lt: id } };
}

/** A page size a caller asked for, as a whole number of 1-100 (`fallback` when not given). */
export const pageLimit = (limit: number | undefined, fallback: number) => Math.min(Math.max(Math.trunc(limit ?? fallback), 1), 100);

/** What a findMany for a page of `limit` rows asks for. */
export const pageQuery = (limit: number) => ({ orderBy: { id: "desc" as const }, take: limit + 1 });

/** The page of rows read with pageQuery, and the cursor of the next page (null on the last). */
export function toPage<Row extends { id: string }>(rows: Row[], limit: number): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
