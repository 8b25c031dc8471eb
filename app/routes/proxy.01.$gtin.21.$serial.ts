import { linkFor, linksetOf, parseLinkType } from "~/domain/linkset";
import { resolveDigitalLink } from "~/domain/resolver.server";
import { verificationByToken } from "~/domain/verification.server";
import { errorBody } from "~/faces/api/errors";
import { notVerifiablePage } from "~/faces/storefront/verify-page.server";
import { NOINDEX, verifyFailureResponse, verifyPageResponse } from "~/faces/storefront/verify-response.server";
import { describeFailure, jsonResponse, liquidResponse, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

const LINKSET_TYPE = "application/linkset+json";
// One path answers a page, a linkset or a redirect by its Accept header.
const VARY = { Vary: "Accept" } as const;

/** Whether the request asks for the linkset by content negotiation (Accept: application/linkset+json, q above 0). */
function acceptsLinkset(request: Request): boolean {
  return (request.headers.get("accept") ?? "").split(",").some((range) => {
    const [type, ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    return type === LINKSET_TYPE && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * GET /apps/twincards/01/<GTIN>/21/<serial>: the GS1 resolver of an item's Digital Link
 * (docs/decisions/0063-physical-proof.md). A browser gets the verification page; a linkset request
 * the item's RFC 9264 linkset; `?linkType=gs1:…` a 307 to that link (the default link when the item
 * has none of that type). Anything the shop has no item at is the same 404.
 */
export const loader = proxyRoute(async ({ request, url, params, shop, customerId, clientAddress, pathPrefix }) => {
  const linkType = parseLinkType(url.searchParams.get("linkType"));
  const wantsLinkset = linkType?.kind === "linkset" || (linkType === null && acceptsLinkset(request));
  const notFound = () =>
    wantsLinkset
      ? jsonResponse(errorBody("NOT_FOUND", "No item at this address"), 404, VARY)
      : liquidResponse(notVerifiablePage(), 404, { ...NOINDEX, ...VARY });
  try {
    const resolution = await resolveDigitalLink(shop, params.gtin ?? "", params.serial ?? "", { address: clientAddress });
    if (!resolution) return notFound();
    const linksetLink = `<${resolution.item.anchor}?linkType=linkset>; rel="linkset"; type="${LINKSET_TYPE}"`;
    if (wantsLinkset)
      // Public: what the item's QR code gives anyone; a minute, as a card's claim link comes and goes.
      return new Response(JSON.stringify(linksetOf(resolution.item)), {
        headers: { "Content-Type": LINKSET_TYPE, "Cache-Control": "public, max-age=60", ...VARY, Link: linksetLink },
      });
    if (linkType)
      return new Response(null, {
        status: 307,
        headers: { Location: linkFor(resolution.item, linkType).href, "Cache-Control": "private, no-store", ...VARY, Link: linksetLink },
      });
    const item = await verificationByToken(shop, resolution.verifyToken, customerId);
    if (!item) return notFound();
    return verifyPageResponse(request, item, pathPrefix, { ...VARY, Link: linksetLink });
  } catch (error) {
    if (!wantsLinkset) return verifyFailureResponse(error, VARY);
    const failure = describeFailure(error);
    return jsonResponse(errorBody(failure.code, failure.message, failure.details), failure.status, { ...failure.headers, ...VARY });
  }
});

export const action = proxyRoute(async () => methodNotAllowed("GET"));
