import { startWalletLinkFrom } from "~/domain/wallet-links.server";
import { customerAccountRoute, jsonBody } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/wallet/challenge {publicKey, domain?}: the message the customer's wallet signs to link itself.
export const loader = customerAccountRoute({
  POST: async ({ request, shop, customerId }) =>
    jsonResponse({ data: await startWalletLinkFrom(shop, customerId, await jsonBody(request)) }, 201),
});
export const action = loader;
