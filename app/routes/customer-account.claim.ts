import { parseInput } from "~/domain/schemas";
import { claimCardInput, claimForCustomer } from "~/domain/storefront.server";
import { customerAccountRoute, jsonBody } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/claim {code, publicKey?}: the storefront's claim, for the session token's customer.
export const loader = customerAccountRoute({
  POST: async ({ request, shop, customerId, clientAddress }) => {
    const cards = await claimForCustomer(shop, customerId, parseInput(claimCardInput, await jsonBody(request)), { address: clientAddress });
    return jsonResponse({ data: { cards } });
  },
});
export const action = loader;
