import { methodNotAllowedResponse } from "~/faces/api/errors";
import { openApiDocument } from "~/faces/api/openapi.server";

// Public: the API's description needs no key.
export const loader = ({ request }: { request: Request }) =>
  Response.json(openApiDocument(new URL(request.url).origin), { headers: { "Cache-Control": "public, max-age=300" } });

export const action = () => methodNotAllowedResponse("GET");
