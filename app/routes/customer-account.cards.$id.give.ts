import { giveCardFromAccount } from "~/domain/customer-account.server";
import { customerAccountRoute, jsonBody } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/cards/<id>/give {email | phone, message?, fromName?, locale?}: the storefront's gift, for the session token's customer (decision 0043).
export const loader = customerAccountRoute({
  POST: async ({ request, params, shop, customerId }) =>
    jsonResponse({ data: await giveCardFromAccount(shop, customerId, params.id ?? "", await jsonBody(request)) }),
});
export const action = loader;
