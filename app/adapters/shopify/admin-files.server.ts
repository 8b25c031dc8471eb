// The shop's Files (Shopify admin › Content › Files), images only, for the template
// image pickers: the Admin API's `files` connection, searched and paged. The local
// Admin API stub (stubs/admin-api/catalogue.ts) answers the same operation.
import { run, type GraphqlClient } from "./admin-graphql.server";

export const FILES_QUERY = `#graphql
query TwinCardsFiles($first: Int!, $after: String, $query: String) {
  files(first: $first, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
    nodes { ... on MediaImage { id alt fileStatus image { url altText } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const FILES_PAGE_SIZE = 12;

export interface ShopImageFile {
  id: string;
  url: string;
  alt: string;
}

export interface ShopImageFiles {
  files: ShopImageFile[];
  /** The cursor of the next page, or null on the last. */
  nextCursor: string | null;
}

interface FilesData {
  files: {
    nodes: { id?: string; alt?: string | null; fileStatus?: string; image?: { url: string; altText: string | null } | null }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

/** Shopify's search syntax reads `:`, quotes and brackets; a merchant's words are searched as words. */
const searchWords = (search: string) =>
  search
    .replace(/[:"'()\\]/g, " ")
    .trim()
    .slice(0, 100);

/** One page of the shop's ready images, newest first, whose name or alt text has `search`'s words. */
export async function shopImageFiles(
  graphql: GraphqlClient,
  { search = "", after }: { search?: string; after?: string },
): Promise<ShopImageFiles> {
  const query = ["media_type:IMAGE", "status:READY", searchWords(search)].filter(Boolean).join(" ");
  const data = await run<FilesData>(graphql, FILES_QUERY, { first: FILES_PAGE_SIZE, after: after ?? null, query });
  const files = data.files.nodes.flatMap((node) =>
    node.id && node.image && (node.fileStatus ?? "READY") === "READY"
      ? [{ id: node.id, url: node.image.url, alt: node.image.altText ?? node.alt ?? "" }]
      : [],
  );
  return { files, nextCursor: data.files.pageInfo.hasNextPage ? data.files.pageInfo.endCursor : null };
}
