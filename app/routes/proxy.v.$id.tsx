import type { LoaderFunctionArgs } from "@remix-run/node";
import { verificationOf } from "~/domain/verification.server";
import { notVerifiablePage } from "~/faces/storefront/verify-page.server";
import { NOINDEX, verifyFailureResponse, verifyPageResponse } from "~/faces/storefront/verify-response.server";
import { liquidResponse, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

// GET /apps/twincards/v/<token> on the storefront: the public verification page of a twin or card.
export const loader = (args: LoaderFunctionArgs) =>
  proxyRoute(async ({ request, shop, customerId, clientAddress, pathPrefix }) => {
    try {
      // A logged-in visitor who holds the item also gets its pass and certificate (never cached: the answer is private).
      const item = await verificationOf(shop, args.params.id ?? "", { address: clientAddress }, customerId);
      if (!item) return liquidResponse(notVerifiablePage(), 404, NOINDEX);
      return verifyPageResponse(request, item, pathPrefix);
    } catch (error) {
      return verifyFailureResponse(error);
    }
  })(args);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
