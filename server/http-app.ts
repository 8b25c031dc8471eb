import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";

/**
 * The Express app around the Remix build: a request id on every response and
 * the client's address for rate limits. `build` is a function in dev (Vite
 * reloads it) and the built module in production.
 */
export function createHttpApp(options: { build: ServerBuild | (() => Promise<ServerBuild>); assets: RequestHandler }) {
  const app = express();
  app.disable("x-powered-by");
  // Behind a proxy, set TRUST_PROXY (a hop count, or e.g. "loopback") so req.ip is the real client.
  const trustProxy = process.env.TRUST_PROXY;
  if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);

  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.set("X-Request-Id", requestId);
    next();
  });
  app.use(options.assets);
  // app.use, not app.all("*"): Express would decode the path itself and fail with a 500 on bad %-encoding.
  app.use(
    createRequestHandler({
      build: options.build,
      getLoadContext: (req, res) => ({ requestId: res.locals.requestId as string, clientAddress: req.ip ?? "" }),
    }),
  );
  // Last resort: never a stack trace to the client.
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    console.error(`[${res.locals.requestId}] ${req.method} ${req.path} failed:`, error);
    if (res.headersSent) return res.end();
    res.status(500).json({ error: { code: "INTERNAL", message: "Something went wrong on our side; retry later", details: [] } });
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
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      setTimeout(() => process.exit(0), 10_000).unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const shutdown = (options.onShutdown?.() ?? Promise.resolve()).catch((error: unknown) => console.error("Shutdown failed:", error));
      void Promise.all([closed, shutdown]).then(() => process.exit(0));
    });
  }
  return server;
}
