import { walletPassFor } from "~/domain/wallet-passes.server";
import { passLanguage } from "~/faces/storefront/pass-language.server";
import { loggedOutJson, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { walletPassResponse } from "~/faces/storefront/wallet-pass-response.server";

// GET /apps/twincards/passes/<card or twin id>.pkpass[?locale=fr]: the logged-in customer's Apple Wallet pass of their
// own item. The suffix names the download whatever headers the app proxy passes on (".pkpass" is optional).
export const loader = proxyRoute(async (proxy) => {
  const { shop, customerId, pathPrefix, url } = proxy;
  if (!customerId) return loggedOutJson("Log in to add your cards to Apple Wallet", pathPrefix);
  const id = (url.pathname.split("/").at(-1) ?? "").replace(/\.pkpass$/, "");
  const language = await passLanguage(proxy);
  return walletPassResponse(() => walletPassFor(shop, customerId, id, language));
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
