import type { LoaderFunctionArgs } from "@remix-run/node";
import { labelSheetPdf } from "~/domain/certificates.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { certificateFailure, pdfResponse } from "~/faces/certificate-response.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";

/**
 * GET /app/certificates?ids=<id>,<id>…&size=a4|letter: label sheets, four
 * certificates a page, of the merchant's cards and twins (admin session). One
 * id that cannot be printed refuses the whole sheet, naming it.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const params = new URL(request.url).searchParams;
  const ids = (params.get("ids") ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const size = params.get("size");
  try {
    return pdfResponse(await labelSheetPdf(session.shop, ids, size, await adminLivemode(session.shop)), `certificate-labels-${size}`);
  } catch (error) {
    return certificateFailure(error, "the admin's label sheet");
  }
};
