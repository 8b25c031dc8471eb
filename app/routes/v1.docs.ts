import { methodNotAllowedResponse } from "~/faces/api/errors";
import { referencePage } from "~/faces/api/reference-page.server";

// Public, like openapi.json: the API reference, rendered in the browser from that document.
export const loader = () => referencePage();

export const action = () => methodNotAllowedResponse("GET");
