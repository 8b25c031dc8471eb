import { parse } from "csv-parse/sync";
import { adminToken, baseUrl } from "./admin";
import { USER_AGENT } from "./api";

const headers = (shop: string, extra: Record<string, string> = {}) => ({
  "User-Agent": USER_AGENT,
  Authorization: `Bearer ${adminToken(shop)}`,
  ...extra,
});

/** What Import CSV's page gets back for a file: the status and the JSON answer (preview), or the streamed lines (import). */
export async function sendCsv(
  shop: string,
  intent: "preview" | "import",
  file: string | Uint8Array,
  locale = "en",
  options: { base?: string } = {},
) {
  const response = await fetch(`${options.base ?? baseUrl}/app/cards/import-file?intent=${intent}`, {
    method: "POST",
    body: typeof file === "string" ? file : new Uint8Array(file),
    headers: headers(shop, { "Content-Type": "text/csv", "X-Admin-Locale": locale }),
  });
  const text = await response.text();
  const isStream = response.headers.get("content-type")?.startsWith("application/x-ndjson");
  const lines = isStream
    ? text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];
  const json = isStream ? undefined : (JSON.parse(text) as Record<string, unknown>);
  return { status: response.status, json, lines, last: lines.at(-1) };
}

/** An export as the admin downloads it: the status, the raw text, and its rows as objects keyed by header. */
export async function exportCsv(shop: string, kind: string, locale = "en", options: { token?: string | null } = {}) {
  const authorization: Record<string, string> =
    options.token === null ? {} : { Authorization: `Bearer ${options.token ?? adminToken(shop)}` };
  const response = await fetch(`${baseUrl}/app/export/${kind}`, {
    headers: { "User-Agent": USER_AGENT, "X-Admin-Locale": locale, ...authorization },
  });
  const text = await response.text();
  const csv = response.status === 200 && response.headers.get("content-type")?.startsWith("text/csv");
  const delimiter = text.split("\n")[0]?.includes(";") ? ";" : ",";
  const rows: Record<string, string>[] = csv ? parse(text, { bom: true, columns: true, delimiter }) : [];
  return { status: response.status, headers: response.headers, text, rows };
}

/** A CSV file from rows of cells (quoted where needed), with Unix line ends unless told. */
export const csvFile = (rows: string[][], eol = "\n") =>
  rows.map((row) => row.map((cell) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")).join(eol) + eol;
