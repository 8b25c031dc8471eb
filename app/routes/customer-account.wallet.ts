import { linkWalletFrom, toStorefrontWalletLinked } from "~/domain/wallet-links.server";
import { customerAccountRoute, jsonBody } from "~/faces/customer-account/customer-account-route.server";
import { jsonResponse } from "~/faces/storefront/proxy-request.server";

// POST /customer-account/wallet: the session token's customer links a wallet, by a signed challenge
// ({challengeId, signature, name?}) or a pasted address ({publicKey, acknowledgeRisk: true, name?}).
export const loader = customerAccountRoute({
  POST: async ({ request, shop, customerId }) =>
    jsonResponse({ data: toStorefrontWalletLinked(await linkWalletFrom(shop, customerId, await jsonBody(request))) }),
});
export const action = loader;
