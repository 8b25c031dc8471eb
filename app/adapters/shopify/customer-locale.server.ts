import { run } from "./admin-graphql.server";
import { DEFAULT_THROTTLE_RETRY } from "./admin-throttle.server";
import { shopifyOfflineAdmin, type OfflineAdmin } from "./offline-admin.server";

/*
 * A logged-in storefront customer's language (Shopify's `Customer.locale`), second in the
 * shopper's language order (docs/decisions/0065-the-shoppers-language.md). Read with the
 * shop's offline token and kept 10 minutes per customer in this process, so a shopper's
 * pages cost Shopify one read in that time. Anything but an answer (no token, Shopify
 * away, throttled) is "unknown": the page goes on to the next signal, it never fails for it.
 */

export const CUSTOMER_LOCALE_QUERY = `#graphql
query TwinCardsCustomerLocale($id: ID!) {
  customer(id: $id) { locale }
}`;

const KEEP_MS = 10 * 60_000;
const MAX_KEPT = 10_000;
const kept = new Map<string, { locale: string | null; until: number }>();

/** No retry on a throttled answer: a page waits for nobody. */
const NO_RETRY = { ...DEFAULT_THROTTLE_RETRY, attempts: 1, budgetMs: 0 };

export function customerLocaleReader(admin: OfflineAdmin = shopifyOfflineAdmin, now = () => Date.now()) {
  return async (shop: string, customerId: string): Promise<string | null> => {
    const key = `${shop}|${customerId}`;
    const known = kept.get(key);
    if (known && known.until > now()) return known.locale;
    let locale: string | null = null;
    try {
      const graphql = await admin(shop);
      if (graphql !== "not-installed") {
        const data = await run<{ customer: { locale: string | null } | null }>(
          graphql,
          CUSTOMER_LOCALE_QUERY,
          { id: `gid://shopify/Customer/${customerId}` },
          NO_RETRY,
        );
        locale = data.customer?.locale || null;
      }
    } catch (error) {
      console.warn(
        `The customer's language could not be read from Shopify for ${shop}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { locale, until: now() + KEEP_MS });
    return locale;
  };
}
