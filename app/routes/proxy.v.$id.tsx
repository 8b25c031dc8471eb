import type { LoaderFunctionArgs } from "@remix-run/node";
import { verificationOf } from "~/domain/verification.server";
import { notVerifiablePage } from "~/faces/storefront/verify-page.server";
import { NOINDEX, verifyFailureResponse, verifyPageResponse } from "~/faces/storefront/verify-response.server";
import { methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { pageResponse, proxyLanguageDecision } from "~/faces/storefront/shopper-language.server";

// GET /apps/twincards/v/<token> on the storefront: the public verification page of a twin or card.
export const loader = (args: LoaderFunctionArgs) =>
  proxyRoute(async (proxy) => {
    const { request, shop, customerId, clientAddress, pathPrefix } = proxy;
    try {
      // A logged-in visitor who holds the item also gets its pass and certificate (never cached: the answer is private).
      const item = await verificationOf(shop, args.params.id ?? "", { address: clientAddress }, customerId);
      if (!item) return await pageResponse(proxy, notVerifiablePage(), 404, NOINDEX);
      return verifyPageResponse(request, item, pathPrefix, {}, `${(await proxyLanguageDecision(proxy)).value}\n`);
    } catch (error) {
      return verifyFailureResponse(error);
    }
  })(args);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
