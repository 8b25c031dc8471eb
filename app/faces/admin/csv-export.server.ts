import { stringify } from "csv-stringify/sync";

/** How the admin's locale writes dates and numbers in a CSV file (decision 0052). */
export interface CsvFormat {
  /** `,` in English; `;` in French, whose spreadsheets read `,` as the decimal separator. */
  delimiter: string;
  /** A date and time in the shop's time zone: `11/26/2026, 07:15:00`, `26/11/2026 07:15:00`; nothing → empty. */
  dateTime(value: string | null | undefined): string;
  /** A number with no grouping: `189.9`, `189,9`. */
  number(value: number | null | undefined): string;
}

export function csvFormat(locale: string, timeZone: string): CsvFormat {
  const dateTime = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZone,
  });
  const number = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 });
  return {
    delimiter: new Intl.NumberFormat(locale).format(1.5).includes(",") ? ";" : ",",
    dateTime: (value) => (value ? dateTime.format(new Date(value)) : ""),
    number: (value) => (value === null || value === undefined ? "" : number.format(value)),
  };
}

/**
 * A CSV download written as it is read: each page of `rows` becomes text and leaves before the
 * next is asked for (the stream pulls), so memory holds one page whatever the size of the export.
 * A cell starting with = + - @, a tab or a carriage return is prefixed with ' (csv-stringify's
 * escape_formulas), so a spreadsheet shows `=HYPERLINK(…)` as text and never runs it.
 */
export function csvResponse(filename: string, format: CsvFormat, header: string[], rows: AsyncIterable<string[][]>): Response {
  const options = { delimiter: format.delimiter, escape_formulas: true, record_delimiter: "windows" as const };
  const encoder = new TextEncoder();
  const pages = rows[Symbol.asyncIterator]();
  // A BOM first, so that Excel reads the file as UTF-8 (accents, €).
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false;
        controller.enqueue(encoder.encode(stringify([header], { ...options, bom: true })));
        return;
      }
      // An empty page is not the end: read on until a page has rows or the list ends.
      for (let next = await pages.next(); ; next = await pages.next()) {
        if (next.done) return controller.close();
        if (next.value.length) return controller.enqueue(encoder.encode(stringify(next.value, options)));
      }
    },
    async cancel() {
      await pages.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
