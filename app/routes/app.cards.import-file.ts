import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { checkCardImport, importCards, MAX_IMPORT_ROWS } from "~/domain/card-import.server";
import { adminLivemode } from "~/domain/test-data-view.server";
import { readImportFile, type RowError } from "~/faces/admin/card-import-csv.server";
import { MAX_IMPORT_BYTES } from "~/faces/admin/card-import-limits";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import { translatorFor, type Translator } from "~/faces/admin/i18n/i18n.server";

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
  if (intent === "preview") return json({ rows: checked.commands.length, owners, redemptions: checked.commands.length - owners });
  const livemode = await adminLivemode(session.shop);
  return progressStream(t, checked.commands.length, (progress) => importCards(session.shop, checked.commands, livemode, progress));
};

/** The body, or null past MAX_IMPORT_BYTES (request guards refuse a larger declared length before this runs). */
async function readCapped(request: Request): Promise<Uint8Array | null> {
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength > MAX_IMPORT_BYTES ? null : bytes;
}

/** The import's answer: a line per hundredth of the work, then how it ended. */
function progressStream(t: Translator, total: number, work: (progress: (done: number) => void) => Promise<number>): Response {
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
        .catch((error: unknown) => {
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
