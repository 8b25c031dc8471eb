import { googleWalletLinkFor } from "~/domain/google-wallet.server";
import { googleWalletResponse } from "~/faces/storefront/google-wallet-response.server";
import { passLanguage } from "~/faces/storefront/pass-language.server";
import { loggedOutJson, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// GET /apps/twincards/google-wallet/<card or twin id>[?locale=fr]: the logged-in customer's own item, answered with a
// redirect to Google's save link (https://pay.google.com/gp/v/save/<JWT>), decision 0048.
export const loader = proxyRoute(async (proxy) => {
  const { shop, customerId, pathPrefix, url } = proxy;
  if (!customerId) return loggedOutJson("Log in to add your cards to Google Wallet", pathPrefix);
  const id = url.pathname.split("/").at(-1) ?? "";
  const language = await passLanguage(proxy);
  return googleWalletResponse(() => googleWalletLinkFor(shop, customerId, id, language));
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
