/** A translated string from locales/*.json (`{{name}}` replaced, `count` choosing the plural form). */
export const t = (key: string, options?: Record<string, string | number>): string => String(shopify.i18n.translate(key, options));

export const formatNumber = (value: number) => shopify.i18n.formatNumber(value);

/** "#12 of 250" ("nº 12 sur 250"), "#12" in an open edition; null outside an edition. */
export function serialLabel(serialNumber: number | null, editionSize: number | null): string | null {
  if (serialNumber === null) return null;
  const number = formatNumber(serialNumber);
  return editionSize === null ? t("block.serialOpen", { number }) : t("block.serial", { number, size: formatNumber(editionSize) });
}
