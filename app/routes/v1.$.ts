import { errorBody } from "~/faces/api/errors";

// Any other path under /v1: the API's own 404, not the app's HTML page.
const notFound = () =>
  Response.json(errorBody("NOT_FOUND", "No such endpoint; see GET /v1/openapi.json"), {
    status: 404,
    headers: { "Cache-Control": "no-store" },
  });

export const loader = notFound;
export const action = notFound;
