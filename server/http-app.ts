import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Config } from "../app/wiring/config.server";
import { clientAddressOf, forwardedAddressOf, trustFromSetting } from "./client-address";
import { isApiPath, routedUrl, sendError, sendNodeError } from "./error-response";
import { answerClientError } from "./lingering-close";
import { remixHandler } from "./remix-handler";
import { answerTooLarge, bodyLimitOf, requestGuards, SERVED_METHODS } from "./request-guards";
import { requestIdOf } from "./request-id";
import { bundleOfRequest } from "./server-bundles";
import { v1Router } from "./v1-router";

type Build = ServerBuild | (() => Promise<ServerBuild>);

/**
 * The server's request listener: the /v1 router on Node's own request first
 * (server/v1-router.ts), then the Express app around the Remix build for
 * everything else — a request id on every response, the guards, compression,
 * the static files and the client's address for rate limits. `build` is a
 * function in dev (Vite reloads it) and the built module in production. With
 * `pagesBuild`, `build` is the API's server bundle and `pagesBuild` answers
 * every other path (server/server-bundles.ts); without it, `build` answers everything.
 */
export function createHttpApp(options: {
  build: Build;
  pagesBuild?: Build;
  assets: RequestHandler;
  config: Pick<Config, "TRUST_PROXY" | "NODE_ENV">;
}): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, set TRUST_PROXY (a hop count, or e.g. "loopback") so req.ip is the real client.
  const trust = trustFromSetting(options.config.TRUST_PROXY);
  app.set("trust proxy", trust);

  app.use((req, res, next) => {
    res.locals.requestId = requestIdOf(req, res);
    next();
  });
  app.use(requestGuards);
  // gzip or brotli, as the client accepts: the admin's Polaris CSS and JS shrink to about a fifth.
  app.use(compression());
  const getLoadContext = (req: express.Request, res: express.Response) => ({
    requestId: res.locals.requestId as string,
    clientAddress: clientAddressOf(req, trust),
    forwardedAddress: forwardedAddressOf(req, trust),
  });
  app.use(options.assets);
  // Remix shows error details outside production mode; NODE_ENV=test must not turn that on.
  const mode = options.config.NODE_ENV === "development" ? "development" : "production";
  const remix = (build: Build) => remixHandler({ build, getLoadContext, mode, trust, bodyLimit: bodyLimitOf, tooLarge: answerTooLarge });
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
    failedRequest(error, req, res, res.locals.requestId as string);
    if (!res.headersSent) sendError(res, req.originalUrl, INTERNAL);
  };
  app.use(onError);
  const v1 = v1Router(options.build, {
    trust,
    onError: (error, req, res, requestId) => {
      failedRequest(error, req, res, requestId);
      if (!res.headersSent) sendNodeError(res, INTERNAL);
    },
  });
  return (req, res) => v1(req, res, () => app(req, res));
}

const INTERNAL = { status: 500, code: "INTERNAL", message: "Something went wrong on our side; retry later" } as const;

/** Logs a request that failed on our side, by its id; a response already begun is ended as it is. */
function failedRequest(error: unknown, req: IncomingMessage, res: ServerResponse, requestId: string) {
  console.error(`[${requestId}] ${req.method} ${(req.url ?? "").split("?")[0]} failed:`, error);
  if (res.headersSent) res.end();
}

/**
 * Listens, logs the address (tests read the port from it) and stops cleanly on
 * SIGTERM/SIGINT: stops accepting requests and runs `onShutdown` (e.g. the
 * notification dispatcher finishing the row in hand) before exiting.
 */
export function listen(handler: RequestListener, port: number, host: string, options: { onShutdown?: () => Promise<void> } = {}) {
  const server = http.createServer(handler).listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(`Twin Cards listening on http://${host}:${actualPort}`);
  });
  // Idle kept-alive connections are closed by the client first, never under a request it is sending: with Node's
  // 5 s, a client that reused one just as the server closed it met a reset (undici drops them after 3 s, but a
  // busy client's timer can fire late). 65 s is also above the 60 s idle timeout of common load balancers.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on("connect", answerConnect);
  server.on("clientError", answerClientError);
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
