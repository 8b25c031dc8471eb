import type { LoaderFunctionArgs } from "@remix-run/node";
import { certificatePdf } from "~/domain/certificates.server";
import { certificateFailure, pdfResponse } from "~/faces/certificate-response.server";
import { loggedOutJson, methodNotAllowed, proxyRoute } from "~/faces/storefront/proxy-request.server";

/**
 * GET /apps/twincards/certificate/<id>?size=a6|a4|letter on the storefront: the
 * logged-in customer's own card or twin as a printable PDF certificate (A4 when
 * no size is given). Anyone else's item, or an unknown id, is a 404; logged out, a 401.
 */
export const loader = (args: LoaderFunctionArgs) =>
  proxyRoute(async ({ shop, customerId, pathPrefix, query }) => {
    if (!customerId) return loggedOutJson("Log in to download your certificates", pathPrefix);
    const id = args.params.id ?? "";
    const size = query.get("size") ?? "a4";
    try {
      return pdfResponse(await certificatePdf(shop, id, size, { kind: "customer", customerId }), `certificate-${id}-${size}`);
    } catch (error) {
      return certificateFailure(error, "the storefront's certificate");
    }
  })(args);

export const action = proxyRoute(async () => methodNotAllowed("GET"));
