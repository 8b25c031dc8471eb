import { RemixI18Next } from "remix-i18next/server";
import { canonicalLocale, DEFAULT_LANGUAGE, i18nOptions, LOCALE_HEADER, SUPPORTED_LANGUAGES } from "./config";

/**
 * The locale Shopify admin runs in for this request, as a BCP 47 tag (`fr-FR`,
 * `en`): the `locale` parameter Shopify adds to every page it opens (reloads
 * included), else the header the admin's own requests carry (client-side
 * navigations, forms, fetchers: see locale-header.client.ts), else `en`.
 */
export function adminLocale(request: Request): string {
  const fromShopify = canonicalLocale(new URL(request.url).searchParams.get("locale"));
  return fromShopify ?? canonicalLocale(request.headers.get(LOCALE_HEADER)) ?? DEFAULT_LANGUAGE;
}

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    // Only what Shopify says: not the browser's Accept-Language, not a cookie (third-party in Shopify's frame).
    order: ["custom"],
    findLocale: async (request) => adminLocale(request),
  },
  i18next: i18nOptions,
});

/** The admin's words in the request's language, for what a loader or action says (errors, not-found pages). */
export const translatorFor = (request: Request) => i18nServer.getFixedT(request);
export type Translator = Awaited<ReturnType<typeof translatorFor>>;
