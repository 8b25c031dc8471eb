import { LOCALE_HEADER } from "./config";

let installed = false;

/**
 * Makes every same-origin request of the admin's browser code (Remix's data
 * requests for navigations, forms and fetchers) carry the page's locale, the
 * way App Bridge adds the session token: only the document load has Shopify's
 * `locale` parameter, and a cookie would be a third-party one in Shopify's
 * frame. The locale is read from <html lang> at each request, so it follows
 * the page.
 */
export function sendLocaleWithRequests() {
  if (installed) return;
  installed = true;
  const nativeFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const request = new Request(input, init);
    const locale = document.documentElement.lang;
    if (!locale || new URL(request.url).origin !== window.location.origin || request.headers.has(LOCALE_HEADER)) {
      return nativeFetch(request);
    }
    const headers = new Headers(request.headers);
    headers.set(LOCALE_HEADER, locale);
    return nativeFetch(new Request(request, { headers }));
  };
}
