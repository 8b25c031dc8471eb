import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * The fetch Request Remix's Express adapter builds for a route (its
 * createRemixRequest, which the package does not export): the URL from the
 * trusted host and port and the original path, every header, the body as a
 * stream, and an abort once the client is gone before the answer is written.
 */
export function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = requestUrl(req);
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

/** The request's URL as Remix's adapter builds it: the trusted host and port, the original path. Throws ERR_INVALID_URL on a junk Host. */
export function requestUrl(req: ExpressRequest): URL {
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger) ?? "";
  return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
}
