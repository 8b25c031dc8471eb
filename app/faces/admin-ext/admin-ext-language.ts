import { canonicalLocale, DEFAULT_LANGUAGE, languageOf, type Language } from "~/faces/admin/i18n/config";

/**
 * The merchant's admin language for a request from an admin UI extension. Shopify
 * gives the extension its translations in that language but no locale to forward,
 * so the extension sends its locale file's own `language` entry as Accept-Language
 * (see extensions/admin-customer/src/backend.ts); a `locale` parameter, as Shopify
 * adds to the app's pages, wins. Anything else is English, as on the app's pages.
 */
export function adminExtLanguage(request: Request): Language {
  const fromParam = canonicalLocale(new URL(request.url).searchParams.get("locale"));
  if (fromParam) return languageOf(fromParam);
  const first = (request.headers.get("accept-language") ?? "").split(",")[0]?.split(";")[0]?.trim();
  return first ? languageOf(first) : DEFAULT_LANGUAGE;
}
