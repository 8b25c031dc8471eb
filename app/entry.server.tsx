import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "./faces/admin/i18n/config";
import { i18nServer } from "./faces/admin/i18n/i18n.server";
import { ABORT_DELAY_MS, streamDocument } from "./faces/document/stream-document.server";
import { wireServices } from "./wiring/services.server";

// The build is loaded once at boot: the domain gets its adapters here.
wireServices();

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Shopify's frame-ancestors CSP and the other headers an embedded app needs. Shopify's library is
  // loaded with the first page, not at start: a process serving only /v1 never renders one.
  const { addDocumentResponseHeaders } = await import("./adapters/shopify/shopify-app.server");
  addDocumentResponseHeaders(request, responseHeaders);
  // Pages carry the shop's own data (and the admin's URL its session token): never kept by a browser or proxy.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
  // One i18next instance per request, in the language the root loader resolved from the same request.
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: await i18nServer.getLocale(request) });

  return streamDocument(
    <I18nextProvider i18n={i18n}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
    </I18nextProvider>,
    { status: responseStatusCode, headers: responseHeaders, bot: isbot(request.headers.get("user-agent") ?? "") },
  );
}
