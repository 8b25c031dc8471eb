// The shop's name, contact e-mail, domain, languages and time zone from the Admin
// API, and its brand logo from the Storefront API (Shopify keeps brand assets there:
// docs/decisions/0057-shopify-as-it-is.md), kept for claim messages, passes and
// certificates (app/domain/shop-profile.server.ts). Asked when the merchant opens
// the admin (at most once an hour per shop and process) and at install. The two
// reads stand apart: a logo Shopify will not give never costs the essentials.
import { saveShopFacts, shopProfileRefreshedAt, type ShopFacts } from "~/domain/shop-profile.server";
import { run, type GraphqlClient } from "./admin-graphql.server";

export const SHOP_PROFILE_QUERY = `#graphql
query TwinCardsShopProfile {
  shop {
    id name contactEmail ianaTimezone
    primaryDomain { host }
  }
  shopLocales(published: true) { locale primary }
}`;

/** Storefront API: the logo the merchant set in Shopify admin › Settings › Brand. */
export const SHOP_BRAND_QUERY = `#graphql
query TwinCardsShopBrand {
  shop { brand { logo { image { url } } } }
}`;

interface ShopProfileData {
  shop: {
    id: string;
    name: string;
    contactEmail: string | null;
    ianaTimezone: string;
    primaryDomain: { host: string };
  };
  shopLocales: { locale: string; primary: boolean }[];
}

/** What the Admin API says of the shop (everything but the logo). */
export async function readShopFacts(graphql: GraphqlClient): Promise<Omit<ShopFacts, "brandLogoUrl">> {
  const { shop, shopLocales } = await run<ShopProfileData>(graphql, SHOP_PROFILE_QUERY, {});
  return {
    name: shop.name,
    primaryLocale: shopLocales.find((locale) => locale.primary)?.locale ?? "en",
    timeZone: shop.ianaTimezone,
    contactEmail: shop.contactEmail || null,
    primaryDomain: shop.primaryDomain.host,
    shopId: /\/(\d+)$/.exec(shop.id)?.[1] ?? null,
  };
}

/** The shop's brand logo URL from the Storefront API, or null when it has none. */
export async function readBrandLogo(storefront: GraphqlClient): Promise<string | null> {
  const { shop } = await run<{ shop: { brand: { logo: { image: { url: string } | null } | null } | null } }>(
    storefront,
    SHOP_BRAND_QUERY,
    {},
  );
  return shop.brand?.logo?.image?.url ?? null;
}

/** The shop's Storefront API with the app's offline token (`shopifyStorefront` in shopify-app.server.ts). */
export type StorefrontFor = (shop: string) => Promise<GraphqlClient>;

/** How the last read went: `fresh` when it was not needed (read within the hour). */
export type ReadOutcome = "read" | "failed" | "fresh";

export interface ProfileReading {
  /** Name, e-mail, domain, languages, time zone (Admin API). */
  essentials: ReadOutcome;
  /** The brand logo (Storefront API). */
  logo: ReadOutcome;
}

const FRESH_MS = 60 * 60 * 1000;
/** Per shop, until when this process need not look again. */
const freshUntil = new Map<string, number>();
const pending = new Map<string, Promise<ProfileReading>>();
const FRESH: ProfileReading = { essentials: "fresh", logo: "fresh" };

/**
 * Reads the shop from Shopify and keeps it, unless it was read within the hour
 * (by this process or, per the database, another); `force` reads it now (at
 * install, and on Settings → Messages, where the merchant checks their name and
 * logo). Concurrent pages of one shop share one request. A failure is logged and
 * leaves that part of the copy as it was (a logo that could not be read keeps the
 * last one): an admin page never fails for it, and messages keep the last known
 * name. Says how each part went, for Settings → Messages to tell the merchant.
 */
export function refreshShopProfile(
  shop: string,
  graphql: GraphqlClient,
  storefront: StorefrontFor,
  options: { force?: boolean } = {},
): Promise<ProfileReading> {
  const now = Date.now();
  if (!options.force && (freshUntil.get(shop) ?? 0) > now) return Promise.resolve(FRESH);
  const key = `${shop} ${options.force ? "now" : "if-stale"}`;
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const work = (async (): Promise<ProfileReading> => {
    const refreshedAt = options.force ? null : await shopProfileRefreshedAt(shop);
    if (refreshedAt && refreshedAt.getTime() + FRESH_MS > now) {
      freshUntil.set(shop, refreshedAt.getTime() + FRESH_MS);
      return FRESH;
    }
    const [facts, logo] = await Promise.allSettled([readShopFacts(graphql), storefront(shop).then(readBrandLogo)]);
    if (logo.status === "rejected")
      console.error(
        `The brand logo of ${shop} could not be read from Shopify's Storefront API; messages keep the last known one:`,
        logo.reason,
      );
    if (facts.status === "rejected") {
      console.error(`The profile of ${shop} could not be read from Shopify; messages keep the last known one:`, facts.reason);
      return { essentials: "failed", logo: logo.status === "fulfilled" ? "read" : "failed" };
    }
    await saveShopFacts(shop, { ...facts.value, ...(logo.status === "fulfilled" ? { brandLogoUrl: logo.value } : {}) });
    freshUntil.set(shop, Date.now() + FRESH_MS);
    return { essentials: "read", logo: logo.status === "fulfilled" ? "read" : "failed" };
  })()
    .catch((error: unknown): ProfileReading => {
      console.error(`The profile of ${shop} could not be kept:`, error);
      return { essentials: "failed", logo: "failed" };
    })
    .finally(() => pending.delete(key));
  pending.set(key, work);
  return work;
}
