import { errorBody } from "~/faces/api/errors";
import { notFoundPage } from "~/faces/storefront/liquid-pages.server";
import { jsonResponse, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";

// Any other path under the app proxy: a 404 page in the shopper's language inside the theme (an old or mistyped
// link a shopper followed), or the API's envelope for a script that asks for JSON; never the admin's HTML page.
export const loader = proxyRoute(async (proxy) =>
  (proxy.request.headers.get("accept") ?? "").includes("application/json")
    ? jsonResponse(errorBody("NOT_FOUND", "No such storefront page"), 404)
    : pageResponse(proxy, notFoundPage(proxy.pathPrefix), 404),
);
export const action = loader;
