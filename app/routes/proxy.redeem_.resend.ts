import { readBodyText, parseJsonBody } from "~/faces/api/request-body.server";
import { resendClaimMessages } from "~/domain/code-reminders.server";
import { resendPage } from "~/faces/storefront/liquid-pages.server";
import {
  bodyKind,
  describeFailure,
  jsonFailure,
  jsonResponse,
  notJson,
  proxyRoute,
  type ProxyRequest,
} from "~/faces/storefront/proxy-request.server";
import { pageResponse } from "~/faces/storefront/shopper-language.server";

// What was typed, echoed back into the form, never more than an address could be.
const MAX_ECHO = 254;

// GET /apps/twincards/redeem/resend: "Send the code again", the form (logged in or not).
export const loader = proxyRoute(async (proxy) => pageResponse(proxy, resendPage({ destination: "" }, proxy.pathPrefix)));

// POST /apps/twincards/redeem/resend: the plain form, or JSON from a block's script. The answer is the
// same whether or not the address has a code waiting (decision 0071); only bad input and too many asks differ.
export const action = proxyRoute(async (proxy) => (bodyKind(proxy.request) === "form" ? resendByForm(proxy) : resendByJson(proxy)));

async function resendByJson({ request, shop, clientAddress }: ProxyRequest): Promise<Response> {
  try {
    if (bodyKind(request) !== "json") throw notJson();
    await resendClaimMessages(shop, parseJsonBody(await readBodyText(request)), clientAddress);
    return jsonResponse({ data: { requested: true } }, 202);
  } catch (error) {
    return jsonFailure(error);
  }
}

async function resendByForm(proxy: ProxyRequest): Promise<Response> {
  let destination = "";
  try {
    const fields = new URLSearchParams(await readBodyText(proxy.request));
    destination = fields.get("destination") ?? "";
    await resendClaimMessages(proxy.shop, { destination }, proxy.clientAddress);
    return await pageResponse(proxy, resendPage({ destination, sent: true }, proxy.pathPrefix));
  } catch (error) {
    const { status, headers, ...failure } = describeFailure(error);
    const state = { destination: destination.slice(0, MAX_ECHO), failure: { code: failure.code, details: failure.details } };
    return pageResponse(proxy, resendPage(state, proxy.pathPrefix), status, headers);
  }
}
