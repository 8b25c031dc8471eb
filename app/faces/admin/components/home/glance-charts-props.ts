import type { ShopGlance } from "~/domain/glance.server";

/** What the home's charts draw, with the words and formats of the merchant's language. */
export interface GlanceChartsProps {
  days: ShopGlance["days"];
  topRules: ShopGlance["topRules"];
  words: { issued: string; claimed: string; topRules: string; items: string };
  formatNumber: (value: number) => string;
  /** A YYYY-MM-DD calendar day, short, in the merchant's language. */
  formatDay: (date: string) => string;
}
