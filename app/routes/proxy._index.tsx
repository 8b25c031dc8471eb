import { loadErrorPage, loggedOutPage } from "~/faces/storefront/liquid-pages.server";
import { myCardsPage } from "~/faces/storefront/my-cards-page.server";
import { describeFailure, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";

// GET /apps/twincards on the storefront: "My cards" as a Liquid page the theme wraps; no JavaScript needed.
export const loader = proxyRoute(async (proxy) => {
  const { shop, customerId, pathPrefix } = proxy;
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", pathPrefix));
  try {
    return await pageResponse(proxy, await myCardsPage(shop, customerId, pathPrefix));
  } catch (error) {
    const failure = describeFailure(error);
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
