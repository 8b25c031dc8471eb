import type { MetaFunction } from "@remix-run/node";
import { createInstance } from "i18next";
import { DEFAULT_LANGUAGE, i18nOptions, languageOf } from "./i18n/config";

const APP_NAME = "Twin Cards";

// Both languages are bundled (./i18n/config): an instance made at once, for meta functions, which cannot wait.
const i18n = createInstance();
void i18n.init({ ...i18nOptions, initImmediate: false });

/**
 * An admin page's <title>: its own words (the i18n key of its heading), then the app's name
 * ("Cards · Twin Cards"), in the merchant's language (the root loader's locale).
 */
export const titled =
  (key: string): MetaFunction =>
  ({ matches }) => {
    const locale = (matches.find((match) => match.id === "root")?.data as { locale?: string } | undefined)?.locale ?? DEFAULT_LANGUAGE;
    return [{ title: `${i18n.getFixedT(languageOf(locale))(key as never)} · ${APP_NAME}` }];
  };
