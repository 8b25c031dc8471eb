import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { addDocumentResponseHeaders } from "./shopify.server";
import { wireServices } from "./wiring.server";

// The build is loaded once at boot: the domain gets its adapters here.
wireServices();

const ABORT_DELAY_MS = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Shopify's frame-ancestors CSP and the other headers an embedded app needs.
  addDocumentResponseHeaders(request, responseHeaders);
  // Pages carry the shop's own data (and the admin's URL its session token): never kept by a browser or proxy.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
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
