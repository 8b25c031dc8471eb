import { verifyTap, type TapAnswer } from "~/domain/nfc-taps.server";
import { isTapQueryProblem, parseTapQuery } from "~/domain/nfc/tag-input";
import { badTapLinkPage, tapAnswerPage } from "~/faces/storefront/tap-page.server";
import { holderLinks, NOINDEX, verifyFailureResponse } from "~/faces/storefront/verify-response.server";
import { liquidResponse, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

const STATUS: Record<TapAnswer["kind"], number> = { authentic: 200, copied: 409, not_genuine: 404 };

// Missing, malformed or repeated `picc_data`/`cmac` (Shopify signs a repeated one as `cmac=a,b`; which one the tag wrote cannot be told): nothing counted or written.
const badLink = () => liquidResponse(badTapLinkPage(), 400, NOINDEX);

/**
 * GET /apps/twincards/t?picc_data=<32 hex>&cmac=<16 hex>: a tap of an NTAG 424 DNA tag
 * (docs/decisions/0063-physical-proof.md). Each URL is single-use, so no answer is cached.
 */
export const loader = proxyRoute(async ({ url, shop, customerId, clientAddress, pathPrefix }) => {
  const query = parseTapQuery((field) => url.searchParams.getAll(field));
  if (isTapQueryProblem(query)) return badLink();
  try {
    const answer = await verifyTap(shop, query, { address: clientAddress }, customerId);
    return liquidResponse(tapAnswerPage(answer, holderLinks(pathPrefix)), STATUS[answer.kind], NOINDEX);
  } catch (error) {
    return verifyFailureResponse(error);
  }
}, badLink);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
