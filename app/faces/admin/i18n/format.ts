// Dates, times, money and numbers as the merchant reads them: in their admin's
// locale and, for times, in the shop's time zone. Server and browser format
// with the same locale and zone, so both render the same text (hydration).

export interface FormatSettings {
  /** BCP 47 locale of the merchant's Shopify admin, e.g. `fr-FR`. */
  locale: string;
  /** IANA time zone of the shop, e.g. `Europe/Paris`. */
  timeZone: string;
}

export interface Formatter {
  /** `2026-11-21T23:57:55Z` → `Nov 22, 2026` in Europe/Paris, `22 nov. 2026` in French; nothing → the fallback. */
  date(value: string | Date | null | undefined, fallback?: string): string;
  /** `2026-11-21T23:57:55Z` → `Nov 22, 2026, 12:57 AM GMT+1`, `22 nov. 2026, 00:57 UTC+1`; nothing → the fallback. */
  dateTime(value: string | Date | null | undefined, fallback?: string): string;
  /** `19.99, "EUR"` → `€19.99`, `19,99 €`; no price → `—`; an unknown currency code → `19.99 XYZ`. */
  money(amount: number | string | null | undefined, currency: string | null | undefined): string;
  /** `12500` → `12,500`, `12 500`. */
  number(value: number): string;
}

const EMPTY = "—";

/** A locale and a time zone Intl accepts: anything else falls back to `en` and UTC rather than failing a page. */
function usable({ locale, timeZone }: FormatSettings): FormatSettings {
  const valid = (make: () => unknown) => {
    try {
      make();
      return true;
    } catch {
      return false;
    }
  };
  return {
    locale: valid(() => new Intl.DateTimeFormat(locale)) ? locale : "en",
    timeZone: valid(() => new Intl.DateTimeFormat("en", { timeZone })) ? timeZone : "UTC",
  };
}

const toDate = (value: string | Date | null | undefined) => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function createFormatter(settings: FormatSettings): Formatter {
  const { locale, timeZone } = usable(settings);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone });
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone,
  });
  const numberFormat = new Intl.NumberFormat(locale);
  return {
    date: (value, fallback = EMPTY) => {
      const date = toDate(value);
      return date ? dateFormat.format(date) : fallback;
    },
    dateTime: (value, fallback = EMPTY) => {
      const date = toDate(value);
      return date ? dateTimeFormat.format(date) : fallback;
    },
    money: (amount, currency) => {
      const value = typeof amount === "string" ? Number(amount) : amount;
      if (value === null || value === undefined || Number.isNaN(value) || !currency) return EMPTY;
      try {
        return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
      } catch {
        return `${numberFormat.format(value)} ${currency}`;
      }
    },
    number: (value) => numberFormat.format(value),
  };
}
