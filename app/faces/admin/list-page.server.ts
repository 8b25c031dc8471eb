import { LIST_SORTS, type ListSort } from "~/domain/list-search";
import { DomainError } from "~/domain/errors";

/*
 * What the admin's searchable lists (Cards, Twins, Notifications; decision 0078) read from their URL
 * and how they answer a query the domain refuses: the same for the three pages.
 */

/** `?q=`, `?sort=` (an unknown one is the default) and `?cursor=`, with the rest of the URL's parameters. */
export function listParams(request: Request) {
  const params = new URL(request.url).searchParams;
  const sort: ListSort = LIST_SORTS.find((value) => value === params.get("sort")) ?? "newest";
  return { params, q: params.get("q") ?? "", sort, cursor: params.get("cursor") ?? undefined };
}

/**
 * A list's loader failed with `error`: a search over its length is a 400 naming `q`; any other
 * refused parameter is a hand-edited or outdated link, true (the page says so rather than fail);
 * anything else is thrown on.
 */
export function staleListLink(error: unknown): true {
  if (!(error instanceof DomainError) || error.code !== "VALIDATION_FAILED") throw error;
  const [detail] = error.details;
  if (detail?.path === "q") throw new Response(`q: ${detail.message}`, { status: 400 });
  return true;
}
