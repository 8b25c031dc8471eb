import type { LoaderFunctionArgs } from "@remix-run/node";
import { getCard } from "~/domain/cards.server";
import { DomainError } from "~/domain/errors";
import { isIdOf } from "~/domain/ids";
import { getTwin } from "~/domain/twins.server";
import { identityOf } from "~/domain/item-products.server";
import { isQrFormat, verifyQr } from "~/faces/admin/verify-qr.server";
import { authenticate } from "~/adapters/shopify/shopify-app.server";

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /app/verify-qr/<card or twin id>?format=png|svg[&download=1]: the QR code of
 * the item's GS1 Digital Link when it has one (decision 0063), else of its public
 * verification page, for the merchant (admin session); another shop's id is a 404.
 * X-Verify-Url says which URL the code encodes.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const url = new URL(request.url);
  const format = url.searchParams.get("format");
  if (!isQrFormat(format)) return plain(400, "format must be png or svg");
  const id = params.id ?? "";
  let verifyUrl: string;
  try {
    if (isIdOf("card", id)) verifyUrl = (await getCard(session.shop, id)).verifyUrl;
    else if (isIdOf("twin", id)) verifyUrl = (await getTwin(session.shop, id)).verifyUrl;
    else return plain(404, "No such card or twin");
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return plain(404, "No such card or twin");
    throw error;
  }
  verifyUrl = (await identityOf(session.shop, id))?.digitalLink ?? verifyUrl;
  const { body, contentType } = await verifyQr(verifyUrl, format);
  const headers: Record<string, string> = { "Content-Type": contentType, "Cache-Control": "private, no-store", "X-Verify-Url": verifyUrl };
  if (url.searchParams.get("download") === "1") headers["Content-Disposition"] = `attachment; filename="verify-${id}.${format}"`;
  return new Response(body, { headers });
};
