// The production server: `npm start` (after `npm run build`). Serves the built
// Remix app with a request id on every response and the client's address for
// rate limits; configuration is checked before anything else starts.
import { randomUUID } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type ErrorRequestHandler } from "express";
import { ConfigError, loadConfig } from "./app/config.server";

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
})();
process.env.DATABASE_URL = config.DATABASE_URL;

const build = (await import(new URL("./build/server/index.js", import.meta.url).href).catch(() => {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
})) as ServerBuild;

const app = express();
app.disable("x-powered-by");
// Behind a proxy, set TRUST_PROXY (e.g. 1 or "loopback") so req.ip is the real client.
if (process.env.TRUST_PROXY) app.set("trust proxy", /^\d+$/.test(process.env.TRUST_PROXY) ? Number(process.env.TRUST_PROXY) : process.env.TRUST_PROXY);

app.use((req, res, next) => {
  const incoming = req.get("x-request-id");
  const requestId = incoming && /^[\w.-]{1,128}$/.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = requestId;
  res.set("X-Request-Id", requestId);
  next();
});
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.use(express.static("build/client", { maxAge: "1h" }));
app.all(
  "*",
  createRequestHandler({
    build,
    mode: "production",
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

const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(`Twin Cards listening on http://${config.HOST}:${port}`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
