import { startWalletLinkFrom } from "~/domain/wallet-links.server";
import { customerAccountRoute, jsonBody } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";
import { accountWalletStatement } from "~/faces/storefront/wallet-statement.server";

// POST /customer-account/wallet/challenge {publicKey, domain?, language?}: the Sign In With Solana request the customer's wallet signs to link itself.
export const loader = customerAccountRoute({
  POST: async ({ request, shop, customerId }) =>
    jsonResponse(
      { data: await startWalletLinkFrom(shop, customerId, await jsonBody(request), accountWalletStatement(shop, customerId)) },
      201,
    ),
});
export const action = loader;
