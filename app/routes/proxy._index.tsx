import { storefrontHoldings } from "~/domain/storefront.server";
import { errorPage, holdingsPage, loggedOutPage } from "~/storefront/liquid-pages.server";
import { describeFailure, liquidResponse, loginUrl, methodNotAllowed, proxyRoute } from "~/storefront/proxy-request.server";

// GET /apps/twincards on the storefront: "My cards" as a Liquid page the theme wraps; no JavaScript needed.
export const loader = proxyRoute(async ({ shop, customerId, pathPrefix }) => {
  if (!customerId) return liquidResponse(loggedOutPage("My cards", "Log in to see your cards.", loginUrl(pathPrefix)));
  try {
    return liquidResponse(holdingsPage(await storefrontHoldings(shop, customerId), pathPrefix));
  } catch (error) {
    const failure = describeFailure(error);
    return liquidResponse(errorPage("My cards", failure.error.message, pathPrefix), failure.status, failure.headers);
  }
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
