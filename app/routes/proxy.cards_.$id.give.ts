import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { giveCardForCustomer } from "~/domain/storefront.server";
import {
  bodyKind,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  methodNotAllowed,
  notJson,
  proxyRoute,
} from "~/faces/storefront/proxy-request.server";

// POST /apps/twincards/cards/<id>/give on the storefront: the logged-in customer gives one of their cards (decision 0043).
export const action = proxyRoute(async ({ request, params, shop, customerId, pathPrefix }) => {
  if (!customerId) return loggedOutJson("Log in to give a card", pathPrefix);
  try {
    if (bodyKind(request) !== "json") throw notJson();
    const body = parseJsonBody(await readBodyText(request));
    return jsonResponse({ data: await giveCardForCustomer(shop, customerId, params.id ?? "", body) });
  } catch (error) {
    return jsonFailure(error);
  }
});

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
