import { parseJsonBody, readBodyText } from "~/faces/api/request-body.server";
import { parseInput } from "~/domain/schemas";
import { claimCardInput, claimForCustomer } from "~/domain/storefront.server";
import { googleWalletOn } from "~/domain/google-wallet.server";
import { walletPassesOn } from "~/domain/wallet-passes.server";
import { claimedPage, claimFormPage, loggedOutPage } from "~/faces/storefront/liquid-pages.server";
import {
  bodyKind,
  describeFailure,
  jsonFailure,
  jsonResponse,
  liquidResponse,
  loggedOutJson,
  loginUrl,
  notJson,
  proxyRoute,
  type ProxyRequest,
} from "~/faces/storefront/proxy-request.server";

// Echoed back into the form, never more than a code could be.
const MAX_ECHO = 200;

const redeemPath = (pathPrefix: string, code: string) => `${pathPrefix}/redeem${code ? `?code=${encodeURIComponent(code)}` : ""}`;

const loggedOut = (pathPrefix: string, code: string, status = 200) =>
  liquidResponse(loggedOutPage("claim", loginUrl(redeemPath(pathPrefix, code))), status);

// GET /apps/twincards/redeem?code=… on the storefront: the claim form, code pre-filled.
export const loader = proxyRoute(async ({ query, customerId, pathPrefix }) => {
  const code = (query.get("code") ?? "").trim().slice(0, MAX_ECHO);
  if (!customerId) return loggedOut(pathPrefix, code);
  return liquidResponse(claimFormPage({ code }, pathPrefix));
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

async function claimByForm({ request, shop, customerId, clientAddress, pathPrefix }: ProxyRequest): Promise<Response> {
  let code = "";
  try {
    const fields = new URLSearchParams(await readBodyText(request));
    code = fields.get("code") ?? "";
    // Forms of themes from before decision 0032 may still send a key: it is honoured.
    const publicKey = fields.get("publicKey") ?? "";
    if (!customerId) return loggedOut(pathPrefix, code.trim().slice(0, MAX_ECHO), 401);
    const cards = await claimForCustomer(shop, customerId, parseInput(claimCardInput, { code, publicKey }), { address: clientAddress });
    return liquidResponse(claimedPage(cards, pathPrefix, { apple: walletPassesOn(), google: googleWalletOn() }));
  } catch (error) {
    const { status, headers, ...failure } = describeFailure(error);
    const state = { code: code.slice(0, MAX_ECHO), failure: { code: failure.code, details: failure.details } };
    return liquidResponse(claimFormPage(state, pathPrefix), status, headers);
  }
}
