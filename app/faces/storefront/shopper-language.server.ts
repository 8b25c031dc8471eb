import { LANGUAGE_PARAM } from "~/domain/claim-links.server";
import { customerLocale } from "~/domain/customer-language.server";
import { shopProfile } from "~/domain/shop-profile.server";
import { liquid, type Markup } from "./html.server";
import { liquidResponse, type ProxyRequest } from "./proxy-request.server";
import { STOREFRONT_LANGUAGES, type StorefrontLanguage } from "./storefront-i18n.server";

/*
 * The one language decision of the shopper's path (docs/decisions/0065-the-shoppers-language.md).
 * A shopper reads, in this order, the first of these the app has words for:
 *
 *   1. the storefront's locale when the shopper chose one (Shopify's localized paths, such as
 *      `/fr/apps/twincards/...`: Liquid's `request.locale` is then not the primary one);
 *   2. the logged-in customer's locale (Shopify's `Customer.locale`);
 *   3. the language of the message or page they followed (`?lang=` on every link the app writes);
 *   4. the shop's primary language — else English, the app's own.
 *
 * Shopify's proxied request does not say 1 (its query is only shop, customer, prefix, time and
 * signature): only the Liquid Shopify renders knows it. So a page is written in every language and
 * `languageDecision` is the Liquid that picks one, with 2–4 as the server found them; the same order
 * is `shopperLanguage` for what the server answers itself.
 */

export { LANGUAGE_PARAM };

/** The app's language for a BCP 47 locale (`fr-CA` → `fr`), or null when it has no words for it. */
export function spokenLanguage(locale: string | null | undefined): StorefrontLanguage | null {
  const language = (locale ?? "").trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (STOREFRONT_LANGUAGES as readonly string[]).includes(language) ? (language as StorefrontLanguage) : null;
}

/** What is known of the shopper's language, each as the locale it was given (any of them may be unknown). */
export interface LanguageSignals {
  /** 1: the storefront locale the shopper chose (not the shop's primary one). */
  storefront?: string | null;
  /** 2: the logged-in customer's locale. */
  customer?: string | null;
  /** 3: the language of the message or page the shopper followed. */
  followed?: string | null;
  /** 4: the shop's primary locale. */
  shopPrimary?: string | null;
}

/** The language a shopper reads: the first signal, in order, the app speaks; else English. */
export function shopperLanguage(signals: LanguageSignals): StorefrontLanguage {
  return (
    spokenLanguage(signals.storefront) ??
    spokenLanguage(signals.customer) ??
    spokenLanguage(signals.followed) ??
    spokenLanguage(signals.shopPrimary) ??
    STOREFRONT_LANGUAGES[0]
  );
}

/** The Liquid variable holding the chosen language, and the one holding the storefront's localized root (`/fr`, or empty). */
export const LANGUAGE_VARIABLE = "twincards_language";
export const ROOT_VARIABLE = "twincards_root";

const oneOf = (variable: string) => STOREFRONT_LANGUAGES.map((language) => `${variable} == '${language}'`).join(" or ");

/**
 * The Liquid that sets `twincards_language` as `shopperLanguage` would: the storefront's locale
 * when the shopper chose it (`request.locale.primary` false) and the app speaks it, else the
 * server's signals 2–3, else the shop's primary (Shopify's own word when the storefront shows it,
 * else the shop profile's). Also `twincards_root`, the storefront's localized root (`/fr`), which
 * every link keeps. Written only once per page: later calls see the language set.
 */
export function languageDecision(signals: Omit<LanguageSignals, "storefront"> = {}): Markup {
  const known = spokenLanguage(signals.customer) ?? spokenLanguage(signals.followed);
  const primary = spokenLanguage(signals.shopPrimary) ?? STOREFRONT_LANGUAGES[0];
  return liquid(
    [
      `{%- if ${LANGUAGE_VARIABLE} == blank -%}`,
      `{%- assign twincards_asked = request.locale.iso_code | downcase | split: '-' | first -%}`,
      `{%- assign ${ROOT_VARIABLE} = '' -%}{%- if routes.root_url != blank and routes.root_url != '/' -%}{%- assign ${ROOT_VARIABLE} = routes.root_url -%}{%- endif -%}`,
      `{%- unless request.locale.primary -%}{%- if ${oneOf("twincards_asked")} -%}{%- assign ${LANGUAGE_VARIABLE} = twincards_asked -%}{%- endif -%}{%- endunless -%}`,
      known ? `{%- if ${LANGUAGE_VARIABLE} == blank -%}{%- assign ${LANGUAGE_VARIABLE} = '${known}' -%}{%- endif -%}` : "",
      `{%- if ${LANGUAGE_VARIABLE} == blank -%}{%- if request.locale.primary and ${oneOf("twincards_asked")} -%}{%- assign ${LANGUAGE_VARIABLE} = twincards_asked -%}{%- else -%}{%- assign ${LANGUAGE_VARIABLE} = '${primary}' -%}{%- endif -%}{%- endif -%}`,
      `{%- endif -%}`,
    ]
      .filter(Boolean)
      .join("\n"),
  );
}

/** What the server knows of a proxied shopper's language: the link's `?lang=`, the customer's locale, the shop's primary. */
export async function proxyLanguageSignals(proxy: Pick<ProxyRequest, "shop" | "customerId" | "query">): Promise<LanguageSignals> {
  const [profile, customer] = await Promise.all([
    shopProfile(proxy.shop),
    proxy.customerId ? customerLocale(proxy.shop, proxy.customerId) : null,
  ]);
  return {
    customer,
    followed: proxy.query.get(LANGUAGE_PARAM) ?? null,
    shopPrimary: profile.primaryLocale,
  };
}

/** The language decision of a proxied page, with what the server knows. */
export const proxyLanguageDecision = async (proxy: Pick<ProxyRequest, "shop" | "customerId" | "query">) =>
  languageDecision(await proxyLanguageSignals(proxy));

/** A storefront path the app writes (`/apps/twincards/redeem?code=X`), kept in the storefront's localized root and the page's language. */
export function keptPath(path: string, language: StorefrontLanguage): string {
  const url = new URL(path, "https://storefront.invalid");
  url.searchParams.set(LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}`;
}

/** A proxied Liquid page (success, refusal or error) in the shopper's language: the decision with what the server knows, then the page. */
export async function pageResponse(
  proxy: Pick<ProxyRequest, "shop" | "customerId" | "query">,
  body: string,
  status = 200,
  headers: Record<string, string> = {},
): Promise<Response> {
  return liquidResponse(`${(await proxyLanguageDecision(proxy)).value}\n${body}`, status, headers);
}
