import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { planRoom, type PlanRoom } from "~/domain/billing.server";
import { checkCardImport, importCards, MAX_IMPORT_ROWS } from "~/domain/card-import.server";
import { PlanLimitReached } from "~/domain/errors";
import { adminLivemode } from "~/domain/test-data-view.server";
import { readImportFile, type RowError } from "~/faces/admin/card-import-csv.server";
import { MAX_IMPORT_BYTES } from "~/faces/admin/card-import-limits";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { createFormatter } from "~/faces/admin/i18n/format";
import { adminLocale, translatorFor, type Translator } from "~/faces/admin/i18n/i18n.server";

// The preview shows this many row errors; the count says how many there are in all.
const SHOWN_ERRORS = 200;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * POST /app/cards/import-file?intent=preview|import, the CSV file as the body (Import CSV).
 * preview: every row checked with /v1's rules, nothing written: the counts, or each row's
 * errors at its row and column (422). import: the same check, then every card in one
 * transaction, the answer streamed as lines of JSON (`{"done":n,"total":N}` …, then
 * `{"imported":N}` or `{"failed":"…"}`) so the page shows progress.
 */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const t = await translatorFor(request);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent !== "preview" && intent !== "import") return json({ error: t("cardImport.unknownIntent") }, 400);
  const bytes = await readCapped(request);
  if (!bytes) return json({ error: t("cardImport.file.tooLarge", { max: MAX_IMPORT_BYTES / 1024 / 1024 }) }, 413);
  const file = readImportFile(bytes);
  if (!("rows" in file))
    return json({ error: t(`cardImport.file.${file.key}`, { max: MAX_IMPORT_ROWS, count: file.count ?? 0, ...file.values }) }, 422);
  const checked = checkCardImport(file.rows);
  if (!checked.ok) {
    const errors: RowError[] = checked.issues.map((issue) => ({
      row: issue.row,
      column: file.columnOf(issue),
      message: translateDomainMessage(t, issue.message),
    }));
    return json({ rows: file.rows.length, errorCount: errors.length, errors: errors.slice(0, SHOWN_ERRORS) }, 422);
  }
  const owners = checked.commands.filter((command) => command.recipient.kind === "owner").length;
  const rows = checked.commands.length;
  const livemode = await adminLivemode(session.shop);
  // The free plan's cap (decision 0050) counts live cards only: test cards are never refused for it.
  const room = livemode ? await planRoom(session.shop) : null;
  const number = createFormatter({ locale: adminLocale(request), timeZone: "UTC" }).number;
  const plan = room && { ...room, fits: rows <= room.left, message: planMessage(t, number, rows, room) };
  if (intent === "preview") return json({ rows, owners, redemptions: rows - owners, plan });
  if (plan && !plan.fits) return json({ error: plan.message, planLimit: true }, 402);
  return progressStream(
    t,
    rows,
    (progress) => importCards(session.shop, checked.commands, livemode, progress),
    async () => {
      // Another import or an order took the room meanwhile: say so as the preview would now.
      const now = await planRoom(session.shop);
      return now ? planMessage(t, number, rows, now) : t("cardImport.failed");
    },
  );
};

/** "10,000 rows read; your Free plan allows 100 more cards this month", and what to do when that is too few. */
function planMessage(t: Translator, number: (value: number) => string, rows: number, room: PlanRoom): string {
  const values = { rows: number(rows), left: number(room.left), plan: room.name, paid: room.paidName };
  const read = `${t("cardImport.plan.rowsRead", { ...values, count: rows })} ${t("cardImport.plan.allows", { ...values, count: room.left })}`;
  if (rows <= room.left) return read;
  return `${read} ${room.left === 0 ? t("cardImport.plan.overNone", values) : t("cardImport.plan.over", { ...values, count: room.left })}`;
}

/** The body, or null past MAX_IMPORT_BYTES (request guards refuse a larger declared length before this runs). */
async function readCapped(request: Request): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > MAX_IMPORT_BYTES ? null : bytes;
}

/** The import's answer: a line per hundredth of the work, then how it ended. */
function progressStream(
  t: Translator,
  total: number,
  work: (progress: (done: number) => void) => Promise<number>,
  overPlan: () => Promise<string>,
): Response {
  const encoder = new TextEncoder();
  const step = Math.max(1, Math.floor(total / 100));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      send({ done: 0, total });
      work((done) => {
        if (done % step === 0 && done < total) send({ done, total });
      })
        .then((imported) => send({ done: total, total, imported }))
        .catch(async (error: unknown) => {
          if (error instanceof PlanLimitReached) return send({ failed: await overPlan(), planLimit: true });
          console.error("Card import failed; nothing was written", error);
          send({ failed: t("cardImport.failed") });
        })
        .finally(() => controller.close());
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no" },
  });
}
