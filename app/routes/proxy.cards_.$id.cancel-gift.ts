import { cancelGiftForCustomer, storefrontHoldings } from "~/domain/storefront.server";
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

// POST /apps/twincards/cards/<id>/cancel-gift on the storefront: the giver takes a card back before it is claimed.
// JSON from the theme block's script, or the plain form of the app proxy's My cards (then My cards again, saying so).
export const action = proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? cancelByForm(proxy) : cancelByJson(proxy)));

async function cancelByJson({ params, shop, customerId, pathPrefix }: ProxyRequest): Promise<Response> {
  if (!customerId) return loggedOutJson("Log in to take a gift back", pathPrefix);
  try {
    return jsonResponse({ data: await cancelGiftForCustomer(shop, customerId, params.id ?? "") });
  } catch (error) {
    return jsonFailure(error);
  }
}

async function cancelByForm(proxy: ProxyRequest): Promise<Response> {
  const { params, shop, customerId, pathPrefix } = proxy;
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", pathPrefix), 401);
  try {
    await cancelGiftForCustomer(shop, customerId, params.id ?? "");
    const holdings = await storefrontHoldings(shop, customerId);
    return await pageResponse(
      proxy,
      holdingsPage(holdings, pathPrefix, (tr) => html`${tr.t("my_cards.gift_taken_back")}`),
    );
  } catch (error) {
    const failure = describeFailure(error);
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
}

export const loader = proxyRoute(async () => methodNotAllowed("POST"));
