/**
 * A price as a merchant types it, in their admin's way: `189,90 €`, `€189.90`,
 * `189.90 EUR`, `EUR 1 234,50`, `1,234.50 $US`. The one reading of it every
 * form uses; the domain then checks the result like any PRICE value.
 */

/** The currencies' symbols as English and French admins write them (`€`, `£`, `$` for USD, `$CA`, `CA$`…), by symbol. */
const SYMBOLS: ReadonlyMap<string, string> = (() => {
  const symbols = new Map<string, string>();
  const codes =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : ["EUR", "USD", "GBP", "CAD", "JPY", "CHF"];
  // en-US first: `$` is the US dollar there, as merchants mean it.
  for (const locale of ["en-US", "fr-FR", "en-GB", "fr-CA"]) {
    for (const code of codes) {
      const symbol = new Intl.NumberFormat(locale, { style: "currency", currency: code })
        .formatToParts(1)
        .find((part) => part.type === "currency")?.value;
      if (symbol && symbol !== code && !symbols.has(symbol)) symbols.set(symbol, code);
    }
  }
  return symbols;
})();

const SPACES = /[\s\u00a0\u202f\u2009']/g;
const PRICE = /^(?:([^\d\s.,-]+)\s*)?(\d[\d\s\u00a0\u202f\u2009'.,]*)(?:\s*([^\d\s.,-]+))?$/u;

/** How many decimals the currency's amounts have (2 for EUR, 0 for JPY, 3 for BHD). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

function currencyOf(token: string): string | null {
  if (/^[A-Za-z]{3}$/.test(token)) return token.toUpperCase();
  return SYMBOLS.get(token) ?? SYMBOLS.get(token.toUpperCase()) ?? null;
}

/**
 * The amount in `digits` typed with either decimal mark: with both marks, the
 * last is the decimal one; a mark used twice groups thousands; one mark before
 * exactly three digits groups thousands unless the currency has three decimals.
 */
function amountOf(digits: string, currency: string): number | null {
  const compact = digits.replace(SPACES, "");
  const marks = [...compact.matchAll(/[.,]/g)].map((match) => match[0]);
  let normalized = compact;
  if (marks.length > 0) {
    const last = compact.search(/[.,][^.,]*$/);
    const decimals = compact.length - last - 1;
    const sameMarks = marks.every((mark) => mark === marks[0]);
    // With both marks, the decimal one comes once, last: "1.234,50", never "1,2,3.4.5".
    if (!sameMarks && marks.filter((mark) => mark === marks.at(-1)).length > 1) return null;
    const grouping = sameMarks && (marks.length > 1 || (decimals === 3 && currencyDigits(currency) !== 3));
    normalized = grouping ? compact.replace(/[.,]/g, "") : `${compact.slice(0, last).replace(/[.,]/g, "")}.${compact.slice(last + 1)}`;
  }
  if (!/^\d+(\.\d+)?$/.test(normalized)) return null;
  const amount = Number(normalized);
  return Number.isFinite(amount) ? amount : null;
}

/** `189,90 €` → `[189.9, "EUR"]`; null when the text is not an amount with one currency (code or symbol) before or after it. */
export function parsePriceText(text: string): [number, string] | null {
  const match = PRICE.exec(text.trim());
  if (!match) return null;
  const [, before, digits, after] = match;
  if ((before === undefined) === (after === undefined)) return null;
  const currency = currencyOf((before ?? after)!);
  if (!currency) return null;
  const amount = amountOf(digits!.trim(), currency);
  return amount === null ? null : [amount, currency];
}
