import { recordStorefrontBlockSeen } from "~/domain/overview.server";
import { storefrontHoldings } from "~/domain/storefront.server";
import { jsonFailure, jsonResponse, loggedOutJson, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// GET /apps/twincards/cards on the storefront: the logged-in customer's cards and twins as JSON.
export const loader = proxyRoute(async ({ shop, customerId, pathPrefix }) => {
  if (!customerId) return loggedOutJson("Log in to see your cards", pathPrefix);
  try {
    await recordStorefrontBlockSeen(shop);
    return jsonResponse({ data: await storefrontHoldings(shop, customerId) });
  } catch (error) {
    return jsonFailure(error);
  }
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
