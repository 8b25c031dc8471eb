import { parseInput } from "~/domain/schemas";
import { customerNameInput, registerNameForCustomer } from "~/domain/storefront.server";
import { customerAccountRoute, jsonBody } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/names {name, publicKey}: the session token's customer registers a universal name.
export const loader = customerAccountRoute({
  POST: async ({ request, shop, customerId }) =>
    jsonResponse({ data: await registerNameForCustomer(shop, customerId, parseInput(customerNameInput, await jsonBody(request))) }, 201),
});
export const action = loader;
