import { createCookie } from "@remix-run/node";
import { canonicalLocale } from "~/faces/admin/i18n/config";

/**
 * The demo plays Shopify admin, which knows each merchant's language from
 * their account and sends it as `locale` whenever it opens the app. The demo
 * keeps the language last asked for (`/demo?locale=fr`) in a cookie of its own
 * page, so a reload — which goes through /demo again — stays in it.
 */
const demoLocaleCookie = createCookie("twin_cards_demo_locale", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

/** The locale /demo opens the admin in: the one asked for now, else the one remembered, else none (Shopify's default, English). */
export async function demoLocale(request: Request): Promise<{ locale: string | null; setCookie: string | null }> {
  const asked = canonicalLocale(new URL(request.url).searchParams.get("locale"));
  if (asked) return { locale: asked, setCookie: await demoLocaleCookie.serialize(asked) };
  const remembered = await demoLocaleCookie.parse(request.headers.get("Cookie"));
  return { locale: typeof remembered === "string" ? canonicalLocale(remembered) : null, setCookie: null };
}
