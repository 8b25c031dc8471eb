import { googleWalletLinkFor } from "~/domain/google-wallet.server";
import { downloadRefusal } from "~/faces/storefront/download-refusal.server";
import { googleWalletResponse } from "~/faces/storefront/google-wallet-response.server";
import { passLanguage } from "~/faces/storefront/pass-language.server";
import { methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// GET /apps/twincards/google-wallet/<card or twin id>[?locale=fr]: the logged-in customer's own item, answered with a
// redirect to Google's save link (https://pay.google.com/gp/v/save/<JWT>), decision 0048. A refusal is a page in the
// shopper's language (JSON when asked for), download-refusal.server.ts.
export const loader = proxyRoute(async (proxy) => {
  const { shop, customerId, url } = proxy;
  const refuse = downloadRefusal(proxy, "google");
  if (!customerId) return refuse({ loggedOut: true });
  const id = url.pathname.split("/").at(-1) ?? "";
  const language = await passLanguage(proxy);
  return googleWalletResponse(() => googleWalletLinkFor(shop, customerId, id, language), refuse);
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
