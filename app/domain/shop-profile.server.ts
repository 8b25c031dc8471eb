import { validationFailed } from "./errors";
import { ports } from "./ports";
import { parseInput } from "./schemas";
import { z } from "./schemas/zod";
import { stores } from "./stores";

/*
 * What claim messages say of the shop: its name, logo, primary locale and time
 * zone. Shopify is asked when the merchant opens the admin and at install
 * (app/adapters/shopify/shop-profile.server.ts); the dispatcher, which has no
 * Shopify session, reads the copy kept here (docs/decisions/0031-branded-localized-messages.md).
 */

/** What Shopify says of the shop. */
export interface ShopFacts {
  name: string;
  brandLogoUrl: string | null;
  primaryLocale: string;
  timeZone: string;
  contactEmail: string | null;
  /** The storefront's own domain, e.g. harbor-and-pine.com (the myshopify domain when none is connected). */
  primaryDomain: string | null;
  /** The numeric shop id: customer account pages are at shopify.com/<id>/account. */
  shopId: string | null;
}

export interface ShopProfile extends ShopFacts {
  shop: string;
  /** The merchant's own logo (Settings → Messages), else null. */
  customLogoUrl: string | null;
  /** What messages show: the merchant's logo, else the shop's brand logo, else none. */
  logoUrl: string | null;
  /** Whether Shopify was ever asked (false: the fallbacks below, as before the merchant opened the admin). */
  known: boolean;
}

/** A shop the app never read: its domain for a name, English, UTC. */
const fallback = (shop: string): ShopFacts => ({
  name: shop,
  brandLogoUrl: null,
  primaryLocale: "en",
  timeZone: "UTC",
  contactEmail: null,
  primaryDomain: null,
  shopId: null,
});

/** The profile of a shop the app never read. */
export const fallbackProfile = (shop: string): ShopProfile => ({
  shop,
  ...fallback(shop),
  customLogoUrl: null,
  logoUrl: null,
  known: false,
});

export async function shopProfile(shop: string): Promise<ShopProfile> {
  const row = await stores().settings.profile(shop);
  const facts = row ?? fallback(shop);
  const customLogoUrl = row?.customLogoUrl ?? null;
  return {
    shop,
    name: facts.name,
    brandLogoUrl: facts.brandLogoUrl,
    primaryLocale: facts.primaryLocale,
    timeZone: facts.timeZone,
    contactEmail: facts.contactEmail,
    primaryDomain: facts.primaryDomain,
    shopId: facts.shopId,
    customLogoUrl,
    logoUrl: customLogoUrl ?? facts.brandLogoUrl,
    known: row !== null && row.refreshedAt.getTime() > 0,
  };
}

/** When Shopify was last asked about the shop, or null. */
export async function shopProfileRefreshedAt(shop: string): Promise<Date | null> {
  const row = await stores().settings.profile(shop);
  return row && row.refreshedAt.getTime() > 0 ? row.refreshedAt : null;
}

/** Keeps what Shopify said; the merchant's own logo stays, and so does the brand logo when it was not read (`brandLogoUrl` absent). */
export async function saveShopFacts(
  shop: string,
  facts: Omit<ShopFacts, "brandLogoUrl"> & { brandLogoUrl?: string | null },
  now = new Date(),
): Promise<void> {
  const brandLogoUrl =
    facts.brandLogoUrl !== undefined ? facts.brandLogoUrl : ((await stores().settings.profile(shop))?.brandLogoUrl ?? null);
  await stores().settings.saveShopFacts(shop, { ...facts, brandLogoUrl, refreshedAt: now });
}

const IMAGE_URL = "Must be an absolute https:// or http:// URL";

const logoInput = z
  .object({
    logoUrl: z
      .string()
      .trim()
      .max(2048, "Must be at most 2048 characters")
      .refine((url) => url === "" || (URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol)), IMAGE_URL)
      .optional(),
  })
  .strict();

/**
 * The merchant's logo for messages: a blank URL goes back to the shop's brand
 * logo. A URL is fetched once and kept only if it answers with a PNG, JPEG, GIF
 * or WebP image (what e-mail clients show); anything else is refused at the field.
 */
export async function setMessageLogo(shop: string, input: unknown): Promise<ShopProfile> {
  const { logoUrl } = parseInput(logoInput, input);
  const url = logoUrl ? logoUrl : null;
  if (url) {
    const probe = await ports().images.probe(url);
    if (!probe.ok) throw validationFailed([{ path: "logoUrl", message: probe.reason }]);
  }
  // A shop the app never read keeps the fallbacks until Shopify is asked (refreshedAt 0: not known).
  await stores().settings.saveCustomLogo(shop, url, { ...fallback(shop), refreshedAt: new Date(0) });
  return shopProfile(shop);
}
