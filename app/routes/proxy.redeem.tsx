import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { parseInput } from "~/domain/schemas";
import { claimCardInput, claimForCustomer } from "~/domain/storefront.server";
import { googleWalletOn } from "~/domain/google-wallet.server";
import { walletPassesOn } from "~/domain/wallet-passes.server";
import { claimedPage, claimFormPage, loggedOutPage } from "~/faces/storefront/liquid-pages.server";
import {
  bodyKind,
  describeFailure,
  failureReason,
  jsonFailure,
  jsonResponse,
  loggedOutJson,
  notJson,
  proxyRoute,
  type ProxyRequest,
} from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";

// Echoed back into the form, never more than a code could be.
const MAX_ECHO = 200;

const redeemPath = (pathPrefix: string, code: string) => `${pathPrefix}/redeem${code ? `?code=${encodeURIComponent(code)}` : ""}`;

const loggedOut = (proxy: ProxyRequest, code: string, status = 200) =>
  pageResponse(proxy, loggedOutPage("claim", redeemPath(proxy.pathPrefix, code)), status);

// GET /apps/twincards/redeem?code=… on the storefront: the claim form, code pre-filled.
export const loader = proxyRoute(async (proxy) => {
  const code = (proxy.query.get("code") ?? "").trim().slice(0, MAX_ECHO);
  if (!proxy.customerId) return loggedOut(proxy, code);
  return pageResponse(proxy, claimFormPage({ code }, proxy.pathPrefix));
});

// POST /apps/twincards/redeem: JSON from the theme block's script, or the plain form (no JavaScript).
export const action = proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? claimByForm(proxy) : claimByJson(proxy)));

async function claimByJson({ request, shop, customerId, clientAddress, pathPrefix }: ProxyRequest): Promise<Response> {
  if (!customerId) return loggedOutJson("Log in to claim a card", `${pathPrefix}/redeem`);
  try {
    if (bodyKind(request) !== "json") throw notJson();
    const body = parseJsonBody(await readBodyText(request));
    return jsonResponse({
      data: {
        cards: await claimForCustomer(shop, customerId, parseInput(claimCardInput, body), { address: clientAddress }),
        // The claim success offers "Add to Apple Wallet" / "Add to Google Wallet" for each card when the app can sign for them.
        appleWalletPasses: walletPassesOn(),
        googleWalletPasses: googleWalletOn(),
      },
    });
  } catch (error) {
    return jsonFailure(error);
  }
}

async function claimByForm(proxy: ProxyRequest): Promise<Response> {
  const { request, shop, customerId, clientAddress, pathPrefix } = proxy;
  let code = "";
  try {
    const fields = new URLSearchParams(await readBodyText(request));
    code = fields.get("code") ?? "";
    // Forms of themes from before decision 0032 may still send a key: it is honoured.
    const publicKey = fields.get("publicKey") ?? "";
    if (!customerId) return await loggedOut(proxy, code.trim().slice(0, MAX_ECHO), 401);
    const cards = await claimForCustomer(shop, customerId, parseInput(claimCardInput, { code, publicKey }), { address: clientAddress });
    return await pageResponse(proxy, claimedPage(cards, pathPrefix));
  } catch (error) {
    const { status, headers, ...failure } = describeFailure(error);
    const state = {
      code: code.slice(0, MAX_ECHO),
      failure: { code: failure.code, details: failure.details, reason: failureReason(error) },
    };
    return pageResponse(proxy, claimFormPage(state, pathPrefix), status, headers);
  }
}
