import type { ActionFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { DomainError } from "~/domain/errors";
import { bulkTagKeys } from "~/domain/nfc-tags.server";
import { domainFailure, readForm } from "~/faces/admin/action-result.server";
import { translatorFor } from "~/faces/admin/i18n/i18n.server";
import { methodNotAllowed } from "~/lib/method-not-allowed";

/**
 * POST /app/tag-keys (Settings → NFC tag keys, decision 0063): the keys of the pasted tag UIDs as a CSV
 * for a tag writer — UID, keys 0 to 4 as the twin page's Programming panel shows them, the SDM URL
 * template and its offsets. Secret keys: never cached. A refused list (a malformed line, too many, no
 * keys set up) is a 400 with the action's failure in the merchant's language, and no file.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const uids = (await readForm(request)).get("uids");
  try {
    const { template, tags } = await bulkTagKeys(session.shop, typeof uids === "string" ? uids : "");
    const header = [
      t("tagKeys.csv.uid"),
      t("proof.keys.appMaster"),
      t("proof.keys.metaRead"),
      t("proof.keys.fileRead"),
      t("proof.keys.key3"),
      t("proof.keys.key4"),
      t("tagKeys.csv.template"),
      t("tagKeys.csv.piccDataOffset"),
      t("tagKeys.csv.macInputOffset"),
      t("tagKeys.csv.macOffset"),
    ];
    const rows = tags.map(({ uid, keys }) => [
      uid,
      keys.appMaster,
      keys.metaRead,
      keys.fileRead,
      keys.key3,
      keys.key4,
      template.url,
      String(template.piccDataOffset),
      String(template.macInputOffset),
      String(template.macOffset),
    ]);
    return new Response(stringify([header, ...rows], { record_delimiter: "windows" }), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="twin-cards-tag-keys-${new Date().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return Response.json(domainFailure("tag-keys", t, error), { status: 400, headers: { "Cache-Control": "no-store" } });
  }
};

export const loader = methodNotAllowed("POST");
