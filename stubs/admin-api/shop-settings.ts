// What the stub says of each shop (the Admin API's `shop` and `shopLocales`, the Storefront API's `shop.brand`):
// the demo shop is "Twin Cards Demo" in Paris with a logo; any other shop is
// named after its domain, on UTC, in English, without a logo — until a test or
// the demo sets it otherwise with PUT /_stub/shops/{domain}.
import { createHash } from "node:crypto";
import { z } from "zod";
import { DEMO_SHOP_DOMAIN } from "./demo-data";
import { pngFile } from "./png";

export interface StubShop {
  name: string;
  /** The brand logo (Settings → Brand, read through the Storefront API): a path on the stub (`/images/logo.png`) or an absolute URL; null: none. */
  logoUrl: string | null;
  primaryLocale: string;
  /** Published besides the primary one. */
  otherLocales: string[];
  timeZone: string;
  contactEmail: string;
  /** The domain the shop's storefront answers on (its myshopify domain unless one was connected). */
  primaryDomain: string;
  /** The numeric part of shop { id }. */
  id: string;
  /** APIs that answer this shop 503 Service Unavailable (a test of the app riding out Shopify's outages). */
  unreachable: ("admin" | "storefront")[];
  /** Customers of this shop besides the demo ones, or a demo customer as this shop knows them (same id): a test's own. */
  customers: StubShopCustomer[];
}

/** A customer a test gives a shop: its e-mail, and whether Shopify says they verified it (`Customer.verifiedEmail`). */
export interface StubShopCustomer {
  id: string;
  email: string;
  verifiedEmail: boolean;
  firstName?: string;
  locale?: string;
}

export const shopSettingsInput = z
  .object({
    name: z.string().min(1).max(255).optional(),
    logoUrl: z.string().min(1).nullable().optional(),
    primaryLocale: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Must be a locale such as fr or en-GB")
      .optional(),
    otherLocales: z.array(z.string()).optional(),
    timeZone: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat("en", { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "Must be an IANA time zone")
      .optional(),
    contactEmail: z.email().optional(),
    primaryDomain: z
      .string()
      .regex(/^[a-z0-9.-]+$/, "Must be a host name")
      .optional(),
    id: z
      .string()
      .regex(/^[1-9]\d{0,19}$/, "Must be a numeric shop id")
      .optional(),
    unreachable: z.array(z.enum(["admin", "storefront"])).optional(),
    customers: z
      .array(
        z
          .object({
            id: z.string().regex(/^[1-9]\d{0,19}$/, "Must be a numeric customer id"),
            email: z.string().min(1),
            verifiedEmail: z.boolean(),
            firstName: z.string().optional(),
            locale: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

/** A stable numeric shop id from the domain (Shopify's ids are numbers; the stub only needs one per shop). */
const idOf = (shop: string) =>
  String((parseInt(createHash("sha256").update(shop).digest("hex").slice(0, 10), 16) % 90_000_000) + 10_000_000);

/** `harbor-and-pine.myshopify.com` → `Harbor And Pine`. */
const nameOf = (shop: string) =>
  shop
    .replace(/\.myshopify\.com$/, "")
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

export function createShopSettings() {
  const shops = new Map<string, StubShop>();
  const defaults = (shop: string): StubShop =>
    shop === DEMO_SHOP_DOMAIN
      ? {
          name: "Twin Cards Demo",
          logoUrl: "/images/logo.png",
          primaryLocale: "en",
          otherLocales: ["fr"],
          timeZone: "Europe/Paris",
          contactEmail: "owner@twin-cards-demo.example",
          primaryDomain: shop,
          id: idOf(shop),
          unreachable: [],
          customers: [],
        }
      : {
          name: nameOf(shop),
          logoUrl: null,
          primaryLocale: "en",
          otherLocales: [],
          timeZone: "Etc/UTC",
          contactEmail: `owner@${shop.replace(/\.myshopify\.com$/, "")}.example`,
          primaryDomain: shop,
          id: idOf(shop),
          unreachable: [],
          customers: [],
        };
  return {
    get: (shop: string | undefined): StubShop => shops.get(shop ?? "") ?? defaults(shop ?? ""),
    set(shop: string, input: z.output<typeof shopSettingsInput>): StubShop {
      const next = { ...(shops.get(shop) ?? defaults(shop)), ...input } as StubShop;
      shops.set(shop, next);
      return next;
    },
  };
}

const absolute = (url: string, baseUrl: string) => (url.startsWith("/") ? `${baseUrl}${url}` : url);

/** The Admin API's `shop` (Settings → General): no brand there, that is the Storefront API's. Every stub shop is a development store. */
export function adminShopObject(settings: StubShop, shop: string) {
  return {
    __typename: "Shop",
    id: `gid://shopify/Shop/${settings.id}`,
    name: settings.name,
    email: settings.contactEmail,
    contactEmail: settings.contactEmail,
    ianaTimezone: settings.timeZone,
    myshopifyDomain: shop,
    primaryDomain: {
      __typename: "Domain",
      id: `gid://shopify/Domain/${settings.id}`,
      host: settings.primaryDomain,
      url: `https://${settings.primaryDomain}`,
      sslEnabled: true,
    },
    plan: { __typename: "ShopPlan", partnerDevelopment: true, shopifyPlus: false, publicDisplayName: "Development" },
  };
}

/** The Admin API's `shopLocales(published:)`: the primary one, then the others. */
export function shopLocales(settings: StubShop, args: { published?: boolean | null }) {
  const all = [
    { __typename: "ShopLocale", locale: settings.primaryLocale, name: settings.primaryLocale, primary: true, published: true },
    ...settings.otherLocales.map((locale) => ({ __typename: "ShopLocale", locale, name: locale, primary: false, published: true })),
  ];
  return args.published === false ? [] : all;
}

/** The Storefront API's `shop`, with the brand assets a merchant sets in Settings → Brand. */
export function storefrontShopObject(settings: StubShop, baseUrl: string) {
  const logo = settings.logoUrl && absolute(settings.logoUrl, baseUrl);
  return {
    __typename: "Shop",
    id: `gid://shopify/Shop/${settings.id}`,
    name: settings.name,
    primaryDomain: { __typename: "Domain", host: settings.primaryDomain, url: `https://${settings.primaryDomain}`, sslEnabled: true },
    brand: {
      __typename: "Brand",
      colors: { primary: [], secondary: [] },
      logo: logo
        ? {
            __typename: "MediaImage",
            id: `gid://shopify/MediaImage/${settings.id}1`,
            mediaContentType: "IMAGE",
            image: { __typename: "Image", url: () => logo, altText: settings.name },
          }
        : null,
      squareLogo: null,
      coverImage: null,
      slogan: null,
      shortDescription: null,
    },
  };
}

/** The demo shop's logo: a 240×80 PNG (e-mail clients show PNG, not SVG), a green band with two white squares. */
export function logoPng(): Buffer {
  const width = 240;
  const height = 80;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inSquare = y >= 20 && y < 60 && ((x >= 20 && x < 60) || (x >= 70 && x < 110));
      const [r, g, b] = inSquare ? [255, 255, 255] : [0, 128, 96];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return pngFile(width, height, rows);
}
