import { shopProfile } from "~/domain/shop-profile.server";
import { storefrontHoldings } from "~/domain/storefront.server";
import type { Markup } from "./html.server";
import { holdingsPage } from "./liquid-pages.server";
import type { Translator } from "./storefront-i18n.server";

/** The app proxy's My cards of a logged-in customer: their holdings, with moments in the shop's zone until the browser's script rewrites them. */
export async function myCardsPage(shop: string, customerId: string, pathPrefix: string, notice?: (tr: Translator) => Markup) {
  const [holdings, profile] = await Promise.all([storefrontHoldings(shop, customerId), shopProfile(shop)]);
  return holdingsPage(holdings, pathPrefix, { notice, timeZone: profile.timeZone });
}
