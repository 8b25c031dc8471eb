import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";

/**
 * The fetch Request Remix's Express adapter builds for a route (its
 * createRemixRequest, which the package does not export): `url`
 * (server/request-url.ts), every header, the body as a stream, and an abort
 * once the client is gone before the answer is written.
 */
export function remixRequest(req: IncomingMessage, res: ServerResponse, url: URL): Request {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) values.forEach((value) => headers.append(name, value));
    else headers.set(name, values);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}
