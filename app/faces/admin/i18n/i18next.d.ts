import "i18next";
import type en from "./locales/en.json";

// Typed keys: t("cards.title") compiles, t("cards.titel") does not.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
