import { inject } from "vitest";

/** The Admin API stub the shared servers ask (stubs/admin-api). */
export const adminApiStubUrl = inject("adminApiStubUrl");

export interface StubShopSettings {
  name?: string;
  /** A path on the stub (`/images/logo.png`), an absolute URL, or null for no brand logo. */
  logoUrl?: string | null;
  primaryLocale?: string;
  otherLocales?: string[];
  timeZone?: string;
  contactEmail?: string;
  /** The storefront's own domain (the myshopify domain when unset). */
  primaryDomain?: string;
  /** The numeric part of shop { id }. */
  id?: string;
  /** Shopify APIs that answer this shop 503 from now on. */
  unreachable?: ("admin" | "storefront")[];
  /** The shop's own customers (or a demo customer's e-mail as this shop knows it, by id), with Shopify's `verifiedEmail`. */
  customers?: { id: string; email: string; verifiedEmail: boolean; firstName?: string; locale?: string }[];
}

/** What Shopify says of `shop` from now on (its name, logo, locales, zone), as a merchant sets it in Shopify. */
export async function setStubShop(shop: string, settings: StubShopSettings): Promise<void> {
  const response = await fetch(`${adminApiStubUrl}/_stub/shops/${shop}`, { method: "PUT", body: JSON.stringify(settings) });
  if (!response.ok) throw new Error(`The stub refused the shop settings: ${response.status} ${await response.text()}`);
}

/** A French shop in Paris with a logo, as the "done when" describes. */
export const FRENCH_SHOP: StubShopSettings = {
  name: "Maison Lumière",
  logoUrl: "/images/logo.png",
  primaryLocale: "fr",
  otherLocales: ["en"],
  timeZone: "Europe/Paris",
  contactEmail: "bonjour@maison-lumiere.example",
};
