import { claimWaitingForCustomer, storefrontHoldings } from "~/domain/storefront.server";
import { html } from "~/faces/storefront/html.server";
import { holdingsPage, loadErrorPage, loggedOutPage } from "~/faces/storefront/liquid-pages.server";
import {
  bodyKind,
  describeFailure,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  methodNotAllowed,
  proxyRoute,
  type ProxyRequest,
} from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";

// POST /apps/twincards/waiting/<id>/claim on the storefront: the logged-in customer claims a code sent to the
// e-mail address Shopify says they verified, with one tap and no code (issue 39 item 7, decision 0070).
// JSON from the theme block's script, or the plain form of the app proxy's My cards (then My cards again, saying so).
export const action = proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? claimByForm(proxy) : claimByJson(proxy)));

async function claimByJson({ params, shop, customerId, pathPrefix }: ProxyRequest): Promise<Response> {
  if (!customerId) return loggedOutJson("Log in to claim your cards", pathPrefix);
  try {
    return jsonResponse({ data: { cards: await claimWaitingForCustomer(shop, customerId, params.id ?? "") } });
  } catch (error) {
    return jsonFailure(error);
  }
}

async function claimByForm(proxy: ProxyRequest): Promise<Response> {
  const { params, shop, customerId, pathPrefix } = proxy;
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", pathPrefix), 401);
  try {
    await claimWaitingForCustomer(shop, customerId, params.id ?? "");
    const holdings = await storefrontHoldings(shop, customerId);
    return await pageResponse(
      proxy,
      holdingsPage(holdings, pathPrefix, (tr) => html`${tr.t("my_cards.waiting_claimed")}`),
    );
  } catch (error) {
    const failure = describeFailure(error);
    if (failure.status === 404 || failure.status === 409 || failure.status === 410) {
      // No longer waiting (claimed meanwhile, voided, expired) or never theirs: My cards as it is, saying so.
      const holdings = await storefrontHoldings(shop, customerId);
      return pageResponse(
        proxy,
        holdingsPage(holdings, pathPrefix, (tr) => html`${tr.t("my_cards.waiting_gone")}`),
        failure.status,
      );
    }
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
}

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
