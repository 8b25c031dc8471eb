import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions } from "./faces/admin/i18n/config";
import { i18nServer } from "./faces/admin/i18n/i18n.server";
import { wireServices } from "./wiring/services.server";

// The build is loaded once at boot: the domain gets its adapters here.
wireServices();

const ABORT_DELAY_MS = 5000;

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
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  // One i18next instance per request, in the language the root loader resolved from the same request.
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng: await i18nServer.getLocale(request) });

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />
      </I18nextProvider>,
      {
        [readyEvent]: () => {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError: (error: unknown) => {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}
