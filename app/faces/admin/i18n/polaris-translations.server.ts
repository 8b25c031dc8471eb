import polarisFrench from "@shopify/polaris/locales/fr.json";
import type { Language } from "./config";

/**
 * Polaris' translations for the admin's language, sent with the admin layout's
 * data so a page ships only its own language's (null: Polaris' English, which
 * the app provider already has).
 */
export function polarisTranslations(language: string): typeof polarisFrench | null {
  return (language as Language) === "fr" ? polarisFrench : null;
}
