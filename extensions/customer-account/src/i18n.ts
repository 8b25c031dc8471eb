import type { MetadataEntry, Numbered } from "./types";

/** A translated string from locales/*.json (`{{name}}` replaced, `count` choosing the plural form). */
export const t = (key: string, options?: Record<string, string | number>): string => String(shopify.i18n.translate(key, options));

/** The language the page is shown in (`en`, `fr`): a gift from it is written in it unless Shopify knows the recipient's. */
export const pageLanguage = (): string => shopify.localization.extensionLanguage.value.isoCode;

export const isHttpUrl = (value: unknown): value is string => typeof value === "string" && /^https?:\/\//i.test(value);

/** An amount in the customer's locale, e.g. "$19.99" or "19,99 $US". */
export function money(amount: unknown, currency: unknown): string | null {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (typeof value !== "number" || !Number.isFinite(value) || typeof currency !== "string" || !currency) return null;
  try {
    return shopify.i18n.formatCurrency(value, { currency });
  } catch {
    return `${value} ${currency}`;
  }
}

/** A date as the customer's language writes it, e.g. "12 March 2026" / "12 mars 2026". */
export function longDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : shopify.i18n.formatDate(date, { dateStyle: "long" });
}

export const formatNumber = (value: number) => shopify.i18n.formatNumber(value);

/** "#12 of 250" ("nº 12 sur 250"), "#12" in an open edition; null outside an edition. */
export function serialLabel({ serialNumber, editionSize }: Numbered): string | null {
  if (serialNumber === null) return null;
  const number = formatNumber(serialNumber);
  return editionSize === null ? t("list.serial_open", { number }) : t("list.serial", { number, size: formatNumber(editionSize) });
}

/** The metadata keys the app writes itself (app/domain/public-metadata.ts), labelled in the customer's language. */
const APP_METADATA_KEYS = ["brand", "price", "quantity", "link"];

/** A metadata label: the app's own keys translated, a merchant's key humanized as they wrote it. */
export const metadataLabel = (key: string): string => (APP_METADATA_KEYS.includes(key) ? t(`metadata.${key}`) : humanize(key));

/** "supplier_name" → "Supplier name": metadata keys are identifiers, not labels. */
export function humanize(key: string): string {
  const text = key.replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const plain = (value: unknown): string => (typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));

/** A metadata value as text: PRICE entries as money, numbers in the customer's locale. */
export function metadataValue(entry: MetadataEntry): string {
  const { value } = entry;
  if (entry.metaType === "PRICE" && Array.isArray(value) && value.length === 2) {
    const price = money(value[0], value[1]);
    if (price) return price;
  }
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(plain).join(", ");
  if (value && typeof value === "object")
    return Object.entries(value)
      .map(([key, inner]) => `${key}: ${plain(inner)}`)
      .join(", ");
  return String(value);
}
