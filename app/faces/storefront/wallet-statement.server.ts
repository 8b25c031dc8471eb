import { customerLocale } from "~/domain/customer-language.server";
import { shopProfile } from "~/domain/shop-profile.server";
import { proxyLanguageSignals, shopperLanguage, spokenLanguage, type LanguageSignals } from "./shopper-language.server";
import { translator } from "./storefront-i18n.server";
import type { ProxyRequest } from "./proxy-request.server";

/*
 * The sentence a wallet shows when it is asked to link itself (decision 0072): in the language of
 * the page that asked (its `language`, when the app speaks it), else the shopper's language as the
 * server decides it, and in the shop's name — never a customer id or a myshopify domain.
 */
async function statement(shop: string, language: string | undefined, signals: () => Promise<LanguageSignals>): Promise<string> {
  const [profile, decided] = await Promise.all([shopProfile(shop), spokenLanguage(language) ? null : signals()]);
  const tr = translator(spokenLanguage(language) ?? shopperLanguage(decided ?? {}));
  // A shop Shopify was never asked about is named by its myshopify domain: then no name at all.
  const named = profile.name.trim() !== "" && !profile.name.endsWith(".myshopify.com") && profile.name !== shop;
  return named ? tr.t("wallet.sign_statement", { shop: profile.name }) : tr.t("wallet.sign_statement_unnamed");
}

/** For the app proxy's wallet page. */
export const proxyWalletStatement = (proxy: Pick<ProxyRequest, "shop" | "customerId" | "query">) => (language: string | undefined) =>
  statement(proxy.shop, language, () => proxyLanguageSignals(proxy));

/** For the customer account page: the page's language, else the customer's, else the shop's primary one. */
export const accountWalletStatement = (shop: string, customerId: string) => (language: string | undefined) =>
  statement(shop, language, async () => {
    const [customer, profile] = await Promise.all([customerLocale(shop, customerId), shopProfile(shop)]);
    return { customer, shopPrimary: profile.primaryLocale };
  });
