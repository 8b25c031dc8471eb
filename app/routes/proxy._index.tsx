import { storefrontHoldings } from "~/domain/storefront.server";
import { holdingsPage, loadErrorPage, loggedOutPage } from "~/faces/storefront/liquid-pages.server";
import { describeFailure, liquidResponse, loginUrl, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// GET /apps/twincards on the storefront: "My cards" as a Liquid page the theme wraps; no JavaScript needed.
export const loader = proxyRoute(async ({ shop, customerId, pathPrefix }) => {
  if (!customerId) return liquidResponse(loggedOutPage("my_cards", loginUrl(pathPrefix)));
  try {
    return liquidResponse(holdingsPage(await storefrontHoldings(shop, customerId), pathPrefix));
  } catch (error) {
    const failure = describeFailure(error);
    return liquidResponse(loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
