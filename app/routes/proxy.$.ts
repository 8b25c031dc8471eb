import { errorBody } from "~/faces/api/errors";
import { jsonResponse, proxyRoute } from "~/faces/storefront/proxy-request.server";

// Any other path under the app proxy: a 404 in the API's envelope, not the admin's HTML page.
export const loader = proxyRoute(async () => jsonResponse(errorBody("NOT_FOUND", "No such storefront page"), 404));
export const action = loader;
