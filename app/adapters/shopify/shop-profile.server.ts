// The shop's name, logo, languages and time zone from the Admin API, kept for
// claim messages (app/domain/shop-profile.server.ts). Asked when the merchant
// opens the admin (at most once an hour per shop and process) and at install.
import { saveShopFacts, shopProfileRefreshedAt, type ShopFacts } from "~/domain/shop-profile.server";
import { run, type GraphqlClient } from "./admin-graphql.server";

export const SHOP_PROFILE_QUERY = `#graphql
query TwinCardsShopProfile {
  shop {
    id name contactEmail ianaTimezone
    primaryDomain { host }
    brand { logo { image { url } } }
  }
  shopLocales { locale primary published }
}`;

interface ShopProfileData {
  shop: {
    id: string;
    name: string;
    contactEmail: string | null;
    ianaTimezone: string;
    primaryDomain: { host: string } | null;
    brand: { logo: { image: { url: string } | null } | null } | null;
  };
  shopLocales: { locale: string; primary: boolean; published: boolean }[];
}

export async function readShopFacts(graphql: GraphqlClient): Promise<ShopFacts> {
  const { shop, shopLocales } = await run<ShopProfileData>(graphql, SHOP_PROFILE_QUERY, {});
  return {
    name: shop.name,
    brandLogoUrl: shop.brand?.logo?.image?.url ?? null,
    primaryLocale: shopLocales.find((locale) => locale.primary)?.locale ?? "en",
    timeZone: shop.ianaTimezone,
    contactEmail: shop.contactEmail || null,
    primaryDomain: shop.primaryDomain?.host ?? null,
    shopId: /\/(\d+)$/.exec(shop.id)?.[1] ?? null,
  };
}

const FRESH_MS = 60 * 60 * 1000;
/** Per shop, until when this process need not look again. */
const freshUntil = new Map<string, number>();
const pending = new Map<string, Promise<void>>();

/**
 * Reads the shop from Shopify and keeps it, unless it was read within the hour
 * (by this process or, per the database, another); `force` reads it now (at
 * install, and on Settings → Messages, where the merchant checks their name and
 * logo). Concurrent pages of one shop share one request. A failure is logged
 * and leaves the copy as it was: an admin page never fails for it, and messages
 * keep the last known name.
 */
export function refreshShopProfile(shop: string, graphql: GraphqlClient, options: { force?: boolean } = {}): Promise<void> {
  const now = Date.now();
  if (!options.force && (freshUntil.get(shop) ?? 0) > now) return Promise.resolve();
  const key = `${shop} ${options.force ? "now" : "if-stale"}`;
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const work = (async () => {
    const refreshedAt = options.force ? null : await shopProfileRefreshedAt(shop);
    if (refreshedAt && refreshedAt.getTime() + FRESH_MS > now) {
      freshUntil.set(shop, refreshedAt.getTime() + FRESH_MS);
      return;
    }
    await saveShopFacts(shop, await readShopFacts(graphql));
    freshUntil.set(shop, Date.now() + FRESH_MS);
  })()
    .catch((error: unknown) =>
      console.error(`The profile of ${shop} could not be read from Shopify; messages keep the last known one:`, error),
    )
    .finally(() => pending.delete(key));
  pending.set(key, work);
  return work;
}
