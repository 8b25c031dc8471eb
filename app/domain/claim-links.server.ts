import { validationFailed } from "./errors";
import { ports } from "./ports";
import { parseInput } from "./schemas";
import { shopProfile, type ShopProfile } from "./shop-profile.server";
import { z } from "./schemas/zod";
import { stores } from "./stores";

/*
 * Where the link in a claim message lands (a shop setting, admin Settings):
 * THEME, the app proxy's claim page in the Online Store theme (the default), or
 * ACCOUNT, the app's page in Shopify's customer account, whose address the
 * merchant copies from Shopify (it cannot be looked up: no API gives it).
 */

export const CLAIM_LINK_TARGETS = ["THEME", "ACCOUNT"] as const;
export type ClaimLinkTarget = (typeof CLAIM_LINK_TARGETS)[number];

export interface ClaimLinkSettings {
  target: ClaimLinkTarget;
  /** The customer account page's address (kept, unused, when the target is THEME). */
  accountPageUrl: string | null;
}

const ACCOUNT_URL_REQUIRED = "Required when claim links open the customer account page";
const HTTPS_ONLY = "Must be an absolute https:// URL";
const NO_CREDENTIALS = "Must not carry a user name or password";

/** Empty means "not given": the form sends the field even when left blank. */
const optionalText = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value;

const accountPageUrl = z
  .string()
  .max(2048, "Must be at most 2048 characters")
  .refine((url) => URL.canParse(url) && new URL(url).protocol === "https:" && new URL(url).hostname !== "", HTTPS_ONLY)
  .refine((url) => !URL.canParse(url) || (!new URL(url).username && !new URL(url).password), NO_CREDENTIALS);

const claimLinkSettingsInput = z
  .object({
    target: z.enum(CLAIM_LINK_TARGETS),
    accountPageUrl: z.preprocess(optionalText, accountPageUrl.optional()),
  })
  .strict()
  .superRefine((input, context) => {
    if (input.target === "ACCOUNT" && input.accountPageUrl === undefined) {
      context.addIssue({ code: "custom", path: ["accountPageUrl"], message: ACCOUNT_URL_REQUIRED });
    }
  });

const asTarget = (value: string): ClaimLinkTarget => (value === "ACCOUNT" ? "ACCOUNT" : "THEME");

/** The shop's setting, read in the caller's transaction when it has one (a card's claim message is written there). */
export async function claimLinkSettings(shop: string): Promise<ClaimLinkSettings> {
  const setup = await stores().settings.claimLinkColumns(shop);
  const accountPageUrl = setup?.accountPageUrl ?? null;
  // ACCOUNT without an address cannot be saved; a row written otherwise still gets working links.
  return { target: accountPageUrl ? asTarget(setup?.claimLinkTarget ?? "THEME") : "THEME", accountPageUrl };
}

/**
 * Where a claim link may point: the shop's own addresses only, so a setting can
 * never send the shop's customers (and their codes) to someone else's site — its
 * myshopify domain, its primary domain (with its `account.` host, where Shopify
 * serves customer accounts on a connected domain), or its customer account pages
 * at shopify.com/<shop id>/account.
 */
export function isOwnAddress(url: URL, profile: Pick<ShopProfile, "shop" | "primaryDomain" | "shopId">): boolean {
  const host = url.hostname.toLowerCase();
  const domains = [profile.shop, profile.primaryDomain].filter((domain): domain is string => Boolean(domain));
  if (domains.some((domain) => host === domain || host === `account.${domain}`)) return true;
  return host === "shopify.com" && profile.shopId !== null && url.pathname.startsWith(`/${profile.shopId}/account/`);
}

/** The merchant's choice, both fields as the form sends them: a blank URL clears it (and is refused with ACCOUNT). */
export async function setClaimLinkSettings(shop: string, input: unknown): Promise<ClaimLinkSettings> {
  const parsed = parseInput(claimLinkSettingsInput, input);
  if (parsed.accountPageUrl !== undefined) {
    const profile = await shopProfile(shop);
    if (!isOwnAddress(new URL(parsed.accountPageUrl), profile)) {
      const own = [profile.shopId ? `shopify.com/${profile.shopId}/account/…` : null, profile.primaryDomain, shop]
        .filter(Boolean)
        .join(", ");
      throw validationFailed([{ path: "accountPageUrl", message: `Must be an address of this shop: ${own}` }]);
    }
  }
  const data = { claimLinkTarget: parsed.target, accountPageUrl: parsed.accountPageUrl ?? null };
  const row = await stores().settings.saveSetup(shop, data);
  return { target: asTarget(row.claimLinkTarget), accountPageUrl: row.accountPageUrl };
}

/**
 * The link a claim message carries: the theme's claim page through the app proxy
 * (`https://<shop>/apps/twincards/redeem?code=…`), or the customer account page
 * with `?code=…`, which the page reads to fill its claim form in.
 */
export function claimUrl(shop: string, code: string, settings: ClaimLinkSettings): string {
  if (settings.target === "ACCOUNT" && settings.accountPageUrl !== null) {
    const url = new URL(settings.accountPageUrl);
    url.searchParams.set("code", code);
    return url.toString();
  }
  return `https://${shop}${ports().urls.proxyPath()}/redeem?code=${encodeURIComponent(code)}`;
}

/**
 * The query parameter carrying the language of the message or page a shopper followed: the
 * storefront's pages read it (third in the shopper's language order, decision 0065) and every
 * link they write keeps it.
 */
export const LANGUAGE_PARAM = "lang";

/** A claim link as a message in `language` carries it: with `?lang=`, so the page opens in the message's language. */
export function claimUrlIn(url: string, language: string): string {
  if (!URL.canParse(url)) return url;
  const link = new URL(url);
  link.searchParams.set(LANGUAGE_PARAM, language);
  return link.toString();
}
