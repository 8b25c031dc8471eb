import { cancelGiftForCustomer } from "~/domain/storefront.server";
import { jsonFailure, jsonResponse, loggedOutJson, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// POST /apps/twincards/cards/<id>/cancel-gift on the storefront: the giver takes a card back before it is claimed.
export const action = proxyRoute(async ({ params, shop, customerId, pathPrefix }) => {
  if (!customerId) return loggedOutJson("Log in to take a gift back", pathPrefix);
  try {
    return jsonResponse({ data: await cancelGiftForCustomer(shop, customerId, params.id ?? "") });
  } catch (error) {
    return jsonFailure(error);
  }
});

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
