import type { IncomingMessage, ServerResponse } from "node:http";
import type { BoundedBody } from "./bounded-body";

/**
 * The fetch Request Remix's Express adapter builds for a route (its
 * createRemixRequest, which the package does not export): `url`
 * (server/request-url.ts), every header, the body (server/bounded-body.ts)
 * but for GET and HEAD, and an abort once the client is gone before the answer
 * is written.
 */
export function remixRequest(req: IncomingMessage, res: ServerResponse, url: URL, body: BoundedBody | undefined): Request {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) values.forEach((value) => headers.append(name, value));
    else headers.set(name, values);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (body && req.method !== "GET" && req.method !== "HEAD") {
    init.body = body.stream;
    init.duplex = "half";
    // A body over the limit ends the work on it, as a client gone would (Remix then logs nothing).
    init.signal = AbortSignal.any([controller.signal, body.signal]);
  }
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}
