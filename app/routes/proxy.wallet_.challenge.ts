import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { startWalletLinkFrom } from "~/domain/wallet-links.server";
import {
  bodyKind,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  methodNotAllowed,
  notJson,
  proxyRoute,
} from "~/faces/storefront/proxy-request.server";
import { proxyWalletStatement } from "~/faces/storefront/wallet-statement.server";

// POST /apps/twincards/wallet/challenge {publicKey, domain?, language?}: the Sign In With Solana request the customer's wallet signs to link itself.
export const action = proxyRoute(async (proxy) => {
  const { request, shop, customerId, pathPrefix } = proxy;
  if (!customerId) return loggedOutJson("Log in to link a wallet", `${pathPrefix}/wallet`);
  try {
    if (bodyKind(request) !== "json") throw notJson();
    return jsonResponse(
      { data: await startWalletLinkFrom(shop, customerId, parseJsonBody(await readBodyText(request)), proxyWalletStatement(proxy)) },
      201,
    );
  } catch (error) {
    return jsonFailure(error);
  }
});

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
