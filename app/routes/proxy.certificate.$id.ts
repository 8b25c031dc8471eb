import type { LoaderFunctionArgs } from "@remix-run/node";
import { certificatePdf } from "~/domain/certificates.server";
import { pdfResponse } from "~/faces/certificate-response.server";
import { downloadRefusal } from "~/faces/storefront/download-refusal.server";
import { methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";
import { proxyLanguageSignals, shopperLanguage } from "~/faces/storefront/shopper-language.server";

/**
 * GET /apps/twincards/certificate/<id>?size=a6|a4|letter on the storefront: the
 * logged-in customer's own card or twin as a printable PDF certificate (A4 when
 * no size is given), in the shopper's language (the customer's locale, the link's `?lang=`, the shop's
 * primary: docs/decisions/0065-the-shoppers-language.md). Anyone else's item, or an unknown id, is a 404; logged out, a 401:
 * each a page in the shopper's language with a way back to My cards, or JSON when asked for (download-refusal.server.ts).
 */
export const loader = (args: LoaderFunctionArgs) =>
  proxyRoute(async (proxy) => {
    const { shop, customerId, query } = proxy;
    const refuse = downloadRefusal(proxy, "certificate");
    if (!customerId) return refuse({ loggedOut: true });
    const id = args.params.id ?? "";
    const size = query.get("size") ?? "a4";
    try {
      const language = shopperLanguage(await proxyLanguageSignals(proxy));
      return pdfResponse(await certificatePdf(shop, id, size, { kind: "customer", customerId }, language), `certificate-${id}-${size}`);
    } catch (error) {
      return refuse({ error });
    }
  })(args);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
