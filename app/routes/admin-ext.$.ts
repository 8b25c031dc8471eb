import { notFound } from "~/domain/errors";
import { adminExtRoute } from "~/faces/admin-ext/admin-ext-route.server";

// Any other path under /admin-ext: a 404 in the error envelope, with CORS, for a verified caller.
const missing = async (): Promise<Response> => {
  throw notFound("Admin extension endpoint");
};
export const loader = adminExtRoute({ GET: missing, POST: missing });
export const action = loader;
