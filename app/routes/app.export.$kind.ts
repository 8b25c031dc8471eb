import type { LoaderFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { csvFormat, csvResponse } from "~/faces/admin/csv-export.server";
import { EXPORTS, exportTable, type ExportKind } from "~/faces/admin/exports.server";
import { adminLocale } from "~/faces/admin/i18n/i18n.server";
import { shopTimeZone } from "~/faces/admin/shop-time-zone.server";
import { DomainError } from "~/domain/errors";

/** A selection the export cannot take answers 400 with the field and why, as text. */
async function badRequestOnInvalid<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && error.code === "VALIDATION_FAILED") {
      throw new Response(error.details.map((detail) => `${detail.path}: ${detail.message}`).join("\n"), { status: 400 });
    }
    throw error;
  }
}

/**
 * GET /app/export/cards|twins|activity: the shop's cards, twins or events of the last 30 days as
 * CSV (admin session), in the mode the admin views, streamed page by page; dates in the
 * shop's time zone and numbers as the admin's language writes them. `?ids=a,b` (cards or twins): those
 * the merchant selected in the list; an id list that is empty, too long or not of cards is 400.
 */
export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const kind = EXPORTS.find((name) => name === params.kind);
  if (!kind) throw new Response("Not found", { status: 404 });
  const [timeZone, livemode] = await Promise.all([shopTimeZone(session.shop, admin.graphql), adminLivemode(session.shop)]);
  const format = csvFormat(adminLocale(request), timeZone);
  const ids = kind === "cards" || kind === "twins" ? new URL(request.url).searchParams.get("ids")?.split(",") : undefined;
  const { header, rows } = await badRequestOnInvalid(() => exportTable(kind as ExportKind, session.shop, livemode, format, ids));
  return csvResponse(`twin-cards-${kind}-${new Date().toISOString().slice(0, 10)}.csv`, format, header, rows);
};
