// Server and browser must render the same text (hydration), so dates use one
// locale and one time zone rather than whichever the machine happens to have.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** `2026-11-21T23:57:55Z` → `Nov 21, 2026`; `null` → the fallback. */
export function formatDate(iso: string | null | undefined, fallback = "—"): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateFormat.format(date);
}

/** `19.99, "USD"` → `$19.99`; no price → `—`. */
export function formatMoney(amount: number | null, currency: string | null): string {
  if (amount === null || !currency) return "—";
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** `2026-11-21T23:57:55Z` → `Nov 21, 2026, 11:57 PM UTC`; `null` → the fallback. */
export function formatDateTime(iso: string | null | undefined, fallback = "—"): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : `${dateTimeFormat.format(date)} UTC`;
}
