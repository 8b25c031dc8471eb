import type { ProxyRequest } from "./proxy-request.server";
import { proxyLanguageSignals, shopperLanguage, spokenLanguage } from "./shopper-language.server";

/**
 * The language of a pass opened from the storefront (issue 39, item 3): the page's language its link
 * carries (`?locale=`), when the app speaks it; else the shopper's language as the pages decide it
 * (the customer's locale, `?lang=`, the shop's primary: docs/decisions/0065-the-shoppers-language.md).
 */
export async function passLanguage(proxy: Pick<ProxyRequest, "shop" | "customerId" | "query">): Promise<string> {
  return spokenLanguage(proxy.query.get("locale")) ?? shopperLanguage(await proxyLanguageSignals(proxy));
}
