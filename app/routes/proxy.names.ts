import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { parseInput } from "~/domain/schemas";
import { customerNameInput, registerNameForCustomer } from "~/domain/storefront.server";
import {
  bodyKind,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  methodNotAllowed,
  notJson,
  proxyRoute,
} from "~/faces/storefront/proxy-request.server";

// POST /apps/twincards/names on the storefront: the logged-in customer registers a universal name.
export const action = proxyRoute(async ({ request, shop, customerId, pathPrefix }) => {
  if (!customerId) return loggedOutJson("Log in to register a universal name", pathPrefix);
  try {
    if (bodyKind(request) !== "json") throw notJson();
    const body = parseJsonBody(await readBodyText(request));
    return jsonResponse({ data: await registerNameForCustomer(shop, customerId, parseInput(customerNameInput, body)) }, 201);
  } catch (error) {
    return jsonFailure(error);
  }
});

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
