import type { LoaderFunctionArgs } from "@remix-run/node";
import { shopImageFiles, type ShopImageFiles } from "~/adapters/shopify/admin-files.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

export type FilesAnswer = ShopImageFiles & { failed: boolean };

/** The shop's image Files for the template image pickers: `?search=` words, `&after=` the next page's cursor. */
export const loader = async ({ request }: LoaderFunctionArgs): Promise<Response> => {
  const { admin } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const search = (params.get("search") ?? "").slice(0, 100);
  const after = params.get("after")?.slice(0, 500) || undefined;
  try {
    return Response.json({ ...(await shopImageFiles(admin.graphql, { search, after })), failed: false } satisfies FilesAnswer);
  } catch (error) {
    // The picker says the Files could not be loaded; typing a URL still works.
    console.error("The shop's Files could not be read:", error);
    return Response.json({ files: [], nextCursor: null, failed: true } satisfies FilesAnswer);
  }
};

export const action = methodNotAllowed("GET, HEAD");
