import type { LoaderFunctionArgs } from "@remix-run/node";
import { certificatePdf } from "~/domain/certificates.server";
import { certificateFailure, pdfResponse } from "~/faces/certificate-response.server";
import { loggedOutJson, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { proxyLanguageSignals, shopperLanguage } from "~/faces/storefront/shopper-language.server";

/**
 * GET /apps/twincards/certificate/<id>?size=a6|a4|letter on the storefront: the
 * logged-in customer's own card or twin as a printable PDF certificate (A4 when
 * no size is given), in the shopper's language (the customer's locale, the link's `?lang=`, the shop's
 * primary: docs/decisions/0065-the-shoppers-language.md). Anyone else's item, or an unknown id, is a 404; logged out, a 401.
 */
export const loader = (args: LoaderFunctionArgs) =>
  proxyRoute(async (proxy) => {
    const { shop, customerId, pathPrefix, query } = proxy;
    if (!customerId) return loggedOutJson("Log in to download your certificates", pathPrefix);
    const id = args.params.id ?? "";
    const size = query.get("size") ?? "a4";
    try {
      const language = shopperLanguage(await proxyLanguageSignals(proxy));
      return pdfResponse(await certificatePdf(shop, id, size, { kind: "customer", customerId }, language), `certificate-${id}-${size}`);
    } catch (error) {
      return certificateFailure(error, "the storefront's certificate");
    }
  })(args);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
