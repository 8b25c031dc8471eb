import type { InitOptions } from "i18next";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

// The admin's languages. Shopify admin says which one the merchant uses (the
// `locale` parameter); docs/decisions/0020-admin-language.md has the rules.
export const SUPPORTED_LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The header the admin's browser code sends with each request, carrying the locale of the page it runs in. */
export const LOCALE_HEADER = "X-Admin-Locale";

/** `fr-FR` → `fr-FR`, `FR_ca` → `fr-CA`; anything that is not a BCP 47 tag → null. */
export function canonicalLocale(value: string | null | undefined): string | null {
  if (!value || value.length > 35) return null;
  try {
    return Intl.getCanonicalLocales(value.replace(/_/g, "-"))[0] ?? null;
  } catch {
    return null;
  }
}

/** The admin language for a locale: `fr`, `fr-CA`, `fr-FR` → `fr`; anything else (or nothing) → `en`. */
export function languageOf(locale: string | null | undefined): Language {
  const language = canonicalLocale(locale)?.split("-")[0]?.toLowerCase();
  return SUPPORTED_LANGUAGES.find((supported) => supported === language) ?? DEFAULT_LANGUAGE;
}

/**
 * Both languages are bundled: two small files, so a page never waits for a
 * second request before it can show its words.
 */
export const i18nOptions = {
  supportedLngs: [...SUPPORTED_LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "translation",
  resources: { en: { translation: en }, fr: { translation: fr } },
  // React escapes what it renders; server-side messages are plain text, never HTML.
  interpolation: { escapeValue: false },
  returnNull: false,
} satisfies InitOptions;
