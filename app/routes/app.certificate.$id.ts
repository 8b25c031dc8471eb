import type { LoaderFunctionArgs } from "@remix-run/node";
import { certificatePdf } from "~/domain/certificates.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { certificateFailure, pdfResponse } from "~/faces/certificate-response.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";

/**
 * GET /app/certificate/<card or twin id>?size=a6|a4|letter: the item's printable
 * certificate as a PDF, for the merchant (admin session), in the shop's primary language or in
 * `?lang=` (en, fr; another falls back to the primary). Another shop's id is a
 * 404, an unclaimed card a 409, a voided one a 410, another size a 422.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = params.id ?? "";
  const query = new URL(request.url).searchParams;
  const size = query.get("size");
  try {
    const pdf = await certificatePdf(
      session.shop,
      id,
      size,
      { kind: "admin", livemode: await adminLivemode(session.shop) },
      query.get("lang"),
    );
    return pdfResponse(pdf, `certificate-${id}-${size}`);
  } catch (error) {
    return certificateFailure(error, "the admin's certificate");
  }
};
