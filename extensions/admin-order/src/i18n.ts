/** A translated string from locales/*.json (`{{name}}` replaced, `count` choosing the plural form). */
export const t = (key: string, options?: Record<string, string | number>): string => String(shopify.i18n.translate(key, options));

export const formatNumber = (value: number) => shopify.i18n.formatNumber(value);

/** "#12 of 250" ("nº 12 sur 250"), "#12" in an open edition; null outside an edition. */
export function serialLabel(serial: { serialNumber: number; editionSize: number | null } | null): string | null {
  if (serial === null) return null;
  const number = formatNumber(serial.serialNumber);
  return serial.editionSize === null ? t("serialOpen", { number }) : t("serial", { number, size: formatNumber(serial.editionSize) });
}
