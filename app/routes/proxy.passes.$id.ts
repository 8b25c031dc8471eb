import { walletPassFor } from "~/domain/wallet-passes.server";
import { downloadRefusal } from "~/faces/storefront/download-refusal.server";
import { passLanguage } from "~/faces/storefront/pass-language.server";
import { methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { walletPassResponse } from "~/faces/storefront/wallet-pass-response.server";

// GET /apps/twincards/passes/<card or twin id>.pkpass[?locale=fr]: the logged-in customer's Apple Wallet pass of their
// own item. The suffix names the download whatever headers the app proxy passes on (".pkpass" is optional).
// A refusal is a page in the shopper's language (JSON when asked for), download-refusal.server.ts.
export const loader = proxyRoute(async (proxy) => {
  const { shop, customerId, url } = proxy;
  const refuse = downloadRefusal(proxy, "apple");
  if (!customerId) return refuse({ loggedOut: true });
  const id = (url.pathname.split("/").at(-1) ?? "").replace(/\.pkpass$/, "");
  const language = await passLanguage(proxy);
  return walletPassResponse(() => walletPassFor(shop, customerId, id, language), refuse);
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
