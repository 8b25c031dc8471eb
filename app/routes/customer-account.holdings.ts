import { customerAccountHoldings } from "~/domain/customer-account.server";
import { customerAccountRoute } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// GET /customer-account/holdings: the logged-in customer's cards, twins and universal names (the account page's list).
export const loader = customerAccountRoute({
  GET: async ({ shop, customerId }) => jsonResponse({ data: await customerAccountHoldings(shop, customerId) }),
});
export const action = loader;
