import { errorBody, httpFailure } from "~/faces/api/errors";

/*
 * The answers of the certificate downloads, shared by the admin and the
 * storefront faces: the PDF as an attachment, or a refusal in the /v1 error
 * envelope (status, code, message naming the field) and never a PDF.
 */

/** The PDF, to save as `<filename>.pdf`. */
export const pdfResponse = (bytes: Uint8Array, filename: string) =>
  new Response(new Blob([new Uint8Array(bytes)]), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });

/** A refusal (or an unexpected error, logged, without its details) as JSON. */
export function certificateFailure(error: unknown, where: string): Response {
  const failure = httpFailure(error, where);
  return new Response(JSON.stringify(errorBody(failure.code, failure.message, failure.details)), {
    status: failure.status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", ...failure.headers },
  });
}
