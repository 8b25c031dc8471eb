import type { LoaderFunctionArgs } from "@remix-run/node";
import { isbot } from "isbot";
import { verificationOf } from "~/domain/verification.server";
import { googleWalletOn } from "~/domain/google-wallet.server";
import { walletPassesOn } from "~/domain/wallet-passes.server";
import { notVerifiablePage, verifyDocument, verifyPage, verifyProblemPage } from "~/faces/storefront/verify-page.server";
import { describeFailure, liquidResponse, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

const NOINDEX = { "X-Robots-Tag": "noindex" };

// GET /apps/twincards/v/<token> on the storefront: the public verification page of a twin or card.
export const loader = (args: LoaderFunctionArgs) =>
  proxyRoute(async ({ request, shop, customerId, clientAddress, pathPrefix }) => {
    try {
      // A logged-in visitor who holds the item also gets its pass and certificate (never cached: the answer is private).
      const item = await verificationOf(shop, args.params.id ?? "", { address: clientAddress }, customerId);
      if (!item) return liquidResponse(notVerifiablePage(), 404, NOINDEX);
      // Crawlers reading a shared link's preview need the tags in <head>, which a page inside the theme cannot reach.
      const page = isbot(request.headers.get("user-agent") ?? "")
        ? verifyDocument(item)
        : verifyPage(item, { pathPrefix, passes: { apple: walletPassesOn(), google: googleWalletOn() } });
      return liquidResponse(page, 200, item.indexed ? {} : NOINDEX);
    } catch (error) {
      const failure = describeFailure(error);
      const problem = failure.code === "RATE_LIMITED" ? "verify.rate_limited" : "verify.load_error";
      return liquidResponse(verifyProblemPage(problem), failure.status, { ...NOINDEX, ...failure.headers });
    }
  })(args);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
