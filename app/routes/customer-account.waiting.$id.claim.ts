import { claimWaitingForCustomer } from "~/domain/storefront.server";
import { customerAccountRoute } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/waiting/<id>/claim: claims a code sent to the session token's customer's verified e-mail, without it (decision 0070).
export const loader = customerAccountRoute({
  POST: async ({ params, shop, customerId }) =>
    jsonResponse({ data: { cards: await claimWaitingForCustomer(shop, customerId, params.id ?? "") } }),
});
export const action = loader;
