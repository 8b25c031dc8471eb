import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Config } from "../app/wiring/config.server";
import { forwardedAddressOf, trustFromSetting } from "./client-address";
import { isApiPath, routedUrl, sendError } from "./error-response";
import { requestGuards, SERVED_METHODS } from "./request-guards";
import { bundleOfRequest } from "./server-bundles";
import { v1Router } from "./v1-router";

type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * The Express app around the Remix build: a request id on every response and
 * the client's address for rate limits. `build` is a function in dev (Vite
 * reloads it) and the built module in production. With `pagesBuild`, `build` is
 * the API's server bundle and `pagesBuild` answers every other path
 * (server/server-bundles.ts); without it, `build` answers everything.
 */
export function createHttpApp(options: {
  build: Build;
  pagesBuild?: Build;
  assets: RequestHandler;
  config: Pick<Config, "TRUST_PROXY" | "NODE_ENV">;
}) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, set TRUST_PROXY (a hop count, or e.g. "loopback") so req.ip is the real client.
  const trust = trustFromSetting(options.config.TRUST_PROXY);
  app.set("trust proxy", trust);

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.set("X-Request-Id", requestId);
    next();
  });
  app.use(requestGuards);
  // gzip or brotli, as the client accepts: the admin's Polaris CSS and JS shrink to about a fifth.
  app.use(compression());
  const getLoadContext = (req: express.Request, res: express.Response) => ({
    requestId: res.locals.requestId as string,
    clientAddress: req.ip ?? "",
    forwardedAddress: forwardedAddressOf(req, trust),
  });
  // The /v1 routes straight from the route modules, before any static file is looked for (server/v1-router.ts):
  // the same router in dev, where Vite hands over the build, as in production.
  app.use(v1Router(options.build, getLoadContext));
  app.use(options.assets);
  // Remix shows error details outside production mode; NODE_ENV=test must not turn that on.
  const mode = options.config.NODE_ENV === "development" ? "development" : "production";
  const remix = (build: Build) => createRequestHandler({ build, getLoadContext, mode });
  const api = remix(options.build);
  const pages = options.pagesBuild && remix(options.pagesBuild);
  // By the path Remix will route (`/../v1` is `/v1` to it), not Express's raw one.
  const bundleOf = (req: express.Request) => bundleOfRequest(routedUrl(req.originalUrl)?.pathname ?? req.path);
  // app.use, not app.all("*"): Express would decode the path itself and fail with a 500 on bad %-encoding.
  app.use(pages ? (req, res, next) => (bundleOf(req) === "api" ? api : pages)(req, res, next) : api);
  // Last resort: never a stack trace to the client.
  const onError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    // The adapter builds the request URL from Host (or a trusted X-Forwarded-Host): junk there is the client's fault.
    if ((error as { code?: unknown } | null)?.code === "ERR_INVALID_URL" && !res.headersSent) {
      return sendError(res, req.originalUrl, {
        status: isApiPath(routedUrl(req.originalUrl)) ? 422 : 400,
        code: "VALIDATION_FAILED",
        message: "Bad request: the Host header is not a valid host",
        details: [{ path: "Host", message: "Not a valid host" }],
      });
    }
    console.error(`[${res.locals.requestId}] ${req.method} ${req.path} failed:`, error);
    if (res.headersSent) return res.end();
    sendError(res, req.originalUrl, { status: 500, code: "INTERNAL", message: "Something went wrong on our side; retry later" });
  };
  app.use(onError);
  return app;
}

/**
 * Listens, logs the address (tests read the port from it) and stops cleanly on
 * SIGTERM/SIGINT: stops accepting requests and runs `onShutdown` (e.g. the
 * notification dispatcher finishing the row in hand) before exiting.
 */
export function listen(app: express.Express, port: number, host: string, options: { onShutdown?: () => Promise<void> } = {}) {
  const server = app.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(`Twin Cards listening on http://${host}:${actualPort}`);
  });
  server.on("connect", answerConnect);
  // `on`, not `once`: a stop signal often arrives twice (to the process group, and relayed by tsx); a second
  // one must not fall back to the default action and end the process mid-shutdown with 143.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(0), 10_000).unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const shutdown = (options.onShutdown?.() ?? Promise.resolve()).catch((error: unknown) => console.error("Shutdown failed:", error));
      void Promise.all([closed, shutdown]).then(() => process.exit(0));
    });
  }
  return server;
}

/**
 * CONNECT asks for a tunnel, which this server never opens. Node hands it to a
 * 'connect' listener (without one it drops the connection unanswered): answer
 * 405 like any other method no route serves.
 */
function answerConnect(req: IncomingMessage, socket: Duplex) {
  const api = isApiPath(routedUrl(req.url ?? ""));
  const message = `CONNECT is not served here; use ${SERVED_METHODS}`;
  const body = api ? JSON.stringify({ error: { code: "METHOD_NOT_ALLOWED", message, details: [] } }) : message;
  const head = [
    "HTTP/1.1 405 Method Not Allowed",
    `Allow: ${SERVED_METHODS}`,
    `Content-Type: ${api ? "application/json" : "text/plain"}; charset=utf-8`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    `X-Request-Id: ${randomUUID()}`,
    "Connection: close",
  ];
  socket.on("error", () => socket.destroy());
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}
