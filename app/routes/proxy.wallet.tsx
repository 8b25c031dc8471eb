import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { storefrontHoldings } from "~/domain/storefront.server";
import { linkWalletFrom, toStorefrontWalletLinked } from "~/domain/wallet-links.server";
import { loadErrorPage, loggedOutPage } from "~/faces/storefront/liquid-pages.server";
import {
  bodyKind,
  describeFailure,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  notJson,
  proxyRoute,
  type ProxyRequest,
} from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";
import { walletLinkedPage, walletPage } from "~/faces/storefront/wallet-page.server";

// Echoed back into the form, never more than an address or a name could be.
const MAX_ECHO = 64;

// GET /apps/twincards/wallet on the storefront: link a wallet by signing, or by pasting an address.
export const loader = proxyRoute(async (proxy) => {
  const { shop, customerId, pathPrefix } = proxy;
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", `${pathPrefix}/wallet`));
  try {
    return await pageResponse(proxy, walletPage(await storefrontHoldings(shop, customerId), { publicKey: "", name: "" }, pathPrefix));
  } catch (error) {
    const failure = describeFailure(error);
    return pageResponse(proxy, loadErrorPage(pathPrefix), failure.status, failure.headers);
  }
});

// POST /apps/twincards/wallet: JSON from the page's script (a signed challenge, or a pasted address), or the paste form without JavaScript.
export const action = proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? linkByForm(proxy) : linkByJson(proxy)));

async function linkByJson({ request, shop, customerId, pathPrefix }: ProxyRequest): Promise<Response> {
  if (!customerId) return loggedOutJson("Log in to link a wallet", `${pathPrefix}/wallet`);
  try {
    if (bodyKind(request) !== "json") throw notJson();
    const linked = await linkWalletFrom(shop, customerId, parseJsonBody(await readBodyText(request)));
    return jsonResponse({ data: toStorefrontWalletLinked(linked) });
  } catch (error) {
    return jsonFailure(error);
  }
}

async function linkByForm(proxy: ProxyRequest): Promise<Response> {
  const { request, shop, customerId, pathPrefix } = proxy;
  if (!customerId) return pageResponse(proxy, loggedOutPage("my_cards", `${pathPrefix}/wallet`), 401);
  const fields = new URLSearchParams(await readBodyText(request));
  const publicKey = (fields.get("publicKey") ?? "").trim();
  const name = (fields.get("name") ?? "").trim();
  try {
    const linked = await linkWalletFrom(shop, customerId, {
      publicKey,
      ...(name ? { name } : {}),
      // An unticked checkbox is not sent: the schema then names the field.
      ...(fields.get("acknowledgeRisk") === "true" ? { acknowledgeRisk: true } : {}),
    });
    return await pageResponse(proxy, walletLinkedPage(toStorefrontWalletLinked(linked), pathPrefix));
  } catch (error) {
    const { status, headers, ...failure } = describeFailure(error);
    const state = {
      publicKey: publicKey.slice(0, MAX_ECHO),
      name: name.slice(0, MAX_ECHO),
      failure: { code: failure.code, details: failure.details },
    };
    return pageResponse(proxy, walletPage(await storefrontHoldings(shop, customerId), state, pathPrefix), status, headers);
  }
}
