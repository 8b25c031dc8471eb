import { parse } from "csv-parse/sync";
import { MAX_IMPORT_ROWS, type ImportIssue, type ImportRow } from "~/domain/card-import.server";

// The file "Import CSV" reads (docs/tour.md#import-and-export-csv, decision 0052): one card a row,
// its recipient an owner (owner + public_key) or a claim code sent to email and/or phone.
const COLUMNS = ["name", "image_url", "owner", "public_key", "email", "phone", "first_name", "locale"] as const;
type Column = (typeof COLUMNS)[number];
/** A metadata entry's column: `metadata:<key>`, its cells the entry's text value. */
const METADATA_PREFIX = "metadata:";

/** Which /v1 field each column fills (an issue's path names its field; the preview shows the column). */
const FIELD_OF: Record<Column, string> = {
  name: "name",
  image_url: "media",
  owner: "owner",
  public_key: "publicKey",
  email: "email",
  phone: "phone",
  first_name: "firstName",
  locale: "locale",
};

/** Why a whole file is refused, as an admin message key and its values. */
export interface FileRefusal {
  key: "notCsv" | "empty" | "tooManyRows" | "missingColumns" | "unknownColumns" | "duplicateColumns" | "noRecipientColumn";
  values?: Record<string, string | number>;
  /** How many columns the message names (its plural form). */
  count?: number;
}

export interface ImportFile {
  rows: ImportRow[];
  /** Each row's column per /v1 field path, to place an issue in its cell. */
  columnOf: (issue: ImportIssue) => string;
}

/** A row's issue placed at its column: the preview's table. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/**
 * Reads an uploaded file into rows shaped as POST /v1/unit-cards's body, or refuses the whole file.
 * Accepts a UTF-8 BOM, Windows or Unix line ends, and `,` or `;` between cells (a French spreadsheet's).
 */
export function readImportFile(bytes: Uint8Array): ImportFile | FileRefusal {
  const text = decodeUtf8(bytes);
  if (text === null) return { key: "notCsv" };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch {
    return { key: "notCsv" };
  }
  const [header, ...body] = records;
  if (!header) return { key: "empty" };
  if (body.length > MAX_IMPORT_ROWS) return { key: "tooManyRows", values: { max: MAX_IMPORT_ROWS, count: body.length } };
  const refusal = headerRefusal(header.record);
  if (refusal) return refusal;
  if (body.length === 0) return { key: "empty" };
  const columns = header.record;
  const rows = body.map(({ record, info }) => ({ row: info.lines, input: rowInput(columns, record) }));
  const metadataKeys = columns.filter((column) => column.startsWith(METADATA_PREFIX));
  return { rows, columnOf: (issue) => columnOf(issue, rows, metadataKeys) };
}

/** UTF-8 text with no NUL, or null: a spreadsheet, image or other binary file is not CSV. */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.includes("\u0000") ? null : text;
  } catch {
    return null;
  }
}

/** `;` when the header line has more of them than commas (Excel's CSV in French), else `,`. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

function headerRefusal(header: string[]): FileRefusal | null {
  const unknown = header.filter((column) => !isColumn(column));
  if (unknown.length) {
    return { key: "unknownColumns", count: unknown.length, values: { columns: unknown.map(shown).join(", "), known: COLUMNS.join(", ") } };
  }
  const duplicates = header.filter((column, index) => header.indexOf(column) !== index);
  const repeated = [...new Set(duplicates)];
  if (repeated.length) return { key: "duplicateColumns", count: repeated.length, values: { columns: repeated.join(", ") } };
  const missing = ["name", ...(header.includes("owner") || header.includes("public_key") ? ["owner", "public_key"] : [])].filter(
    (column) => !header.includes(column),
  );
  if (missing.length) return { key: "missingColumns", count: missing.length, values: { columns: missing.join(", ") } };
  if (!["owner", "email", "phone"].some((column) => header.includes(column))) return { key: "noRecipientColumn" };
  return null;
}

const isColumn = (column: string) =>
  (COLUMNS as readonly string[]).includes(column) || (column.startsWith(METADATA_PREFIX) && column.length > METADATA_PREFIX.length);

const shown = (column: string) => (column === "" ? '""' : column);

/** A row as /v1 takes it: an empty cell is a field left out; image_url may hold several URLs separated by spaces. */
function rowInput(columns: string[], record: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = { media: { imageUrls: [] } };
  const metadata: { key: string; value: string }[] = [];
  columns.forEach((column, index) => {
    const cell = record[index] ?? "";
    if (cell === "") return;
    if (column.startsWith(METADATA_PREFIX)) metadata.push({ key: column.slice(METADATA_PREFIX.length), value: cell });
    else if (column === "image_url") input.media = { imageUrls: cell.split(/\s+/) };
    else if (column === "name") input.name = cell;
    else input[FIELD_OF[column as Column]] = cell;
  });
  // A row with more cells than the header: say so at the first extra cell rather than drop them.
  if (record.length > columns.length) input[`column${columns.length + 1}`] = record.slice(columns.length).join(" ");
  if (metadata.length) input.metadata = metadata;
  return input;
}

/** The column an issue's field comes from: `metadata[2].value` is the row's third filled metadata column. */
function columnOf(issue: ImportIssue, rows: ImportRow[], metadataKeys: string[]): string {
  const [field, index] = issue.path.split(/[.[\]]+/);
  if (field === "metadata") {
    const entries = rows.find((row) => row.row === issue.row)?.input.metadata as { key: string }[] | undefined;
    const key = entries?.[Number(index)]?.key;
    return key !== undefined ? `${METADATA_PREFIX}${key}` : (metadataKeys[0] ?? "metadata");
  }
  const column = (Object.keys(FIELD_OF) as Column[]).find((name) => FIELD_OF[name] === field);
  return column ?? field ?? "";
}

/** The example file the Import page offers: one owner row and one redemption row. */
export const EXAMPLE_FILE = [
  "name,image_url,owner,public_key,email,phone,first_name,locale,metadata:tier,metadata:season",
  "Gold member card,https://cdn.example.com/gold.png,shopify|1001,8Kdfi2FKqLEBURist76SvHqBz3Q2xmKvvGkDMtbC36Bj,,,,,gold,2026",
  "Silver member card,https://cdn.example.com/silver.png,,,jane@example.com,+33612345678,Jane,fr,silver,2026",
  "",
].join("\r\n");
