import type { ShopLanguagePorts } from "~/domain/ports";
import { run } from "./admin-graphql.server";
import { DEFAULT_THROTTLE_RETRY } from "./admin-throttle.server";
import { shopifyOfflineAdmin, type OfflineAdmin } from "./offline-admin.server";

/*
 * The languages a shop publishes on its storefront (Shopify's `shopLocales(published: true)`),
 * read with the shop's offline token when an Apple pass is signed: the pass carries a
 * `<language>.lproj/pass.strings` for each of them the app has words for (issue 39, item 3).
 * Kept 10 minutes per shop in this process; anything but an answer (no token, Shopify away,
 * throttled) is "unknown" (null), never retried: the pass is signed with what is known.
 */

export const SHOP_LANGUAGES_QUERY = `#graphql
query TwinCardsShopLanguages {
  shopLocales(published: true) { locale }
}`;

const KEEP_MS = 10 * 60_000;
const MAX_KEPT = 10_000;
const NO_RETRY = { ...DEFAULT_THROTTLE_RETRY, attempts: 1, budgetMs: 0 };

export function shopLanguagesReader(admin: OfflineAdmin = shopifyOfflineAdmin, now = () => Date.now()): ShopLanguagePorts {
  const kept = new Map<string, { locales: string[]; until: number }>();
  return {
    async published(shop) {
      const known = kept.get(shop);
      if (known && known.until > now()) return known.locales;
      try {
        const graphql = await admin(shop);
        if (graphql === "not-installed") return null;
        const data = await run<{ shopLocales: { locale: string }[] }>(graphql, SHOP_LANGUAGES_QUERY, {}, NO_RETRY);
        const locales = data.shopLocales.map((entry) => entry.locale);
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(shop, { locales, until: now() + KEEP_MS });
        return locales;
      } catch (error) {
        console.warn(
          `The shop's languages could not be read from Shopify for ${shop}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return null;
      }
    },
  };
}
