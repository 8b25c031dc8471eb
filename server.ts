// The production server (`npm start`, after `npm run build`, which compiles this file to build/node/server.js).
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { databaseUsableOrExit } from "./app/db/postgres-connect.server";
import { chainConfigOrExit, configOrExit, notifyConfigOrExit, reportWalletPasses, webhookConfigOrExit } from "./server/config";
import { createHttpApp, listen } from "./server/http-app";
import { bundleFile, type ServerBundle } from "./server/server-bundles";
import { workersAfterListening } from "./server/workers-after-listening";

const config = configOrExit();
const notifyConfig = notifyConfigOrExit();
const chainConfig = chainConfigOrExit();
const webhookConfig = webhookConfigOrExit();
reportWalletPasses();
await databaseUsableOrExit(config.DATABASE_URL);
// From the working directory, like the static files below: this module runs compiled from build/node/.
const importBundle = (bundle: ServerBundle) => import(pathToFileURL(path.resolve(bundleFile(bundle))).href) as Promise<ServerBuild>;
if (!existsSync(bundleFile("api")) || !existsSync(bundleFile("app"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
// The API's bundle now; the pages' on the first request for a page (server/server-bundles.ts).
const build = await importBundle("api");
let pages: Promise<ServerBuild> | undefined;
const pagesBuild = () =>
  (pages ??= (async () => {
    const started = performance.now();
    const loaded = await importBundle("app");
    console.log(`Pages loaded in ${Math.round(performance.now() - started)} ms (first page request)`);
    return loaded;
  })().catch((error: unknown) => {
    pages = undefined;
    throw error;
  }));

// No directory redirects: serve-static would answer a directory path with its own HTML page.
const assets = express.Router();
// Hashed file names: cached for good. The build's .br/.gz copies go to clients that accept them (vite.config.ts).
const hashedAssets = expressStaticGzip("build/client/assets", {
  enableBrotli: true,
  orderPreference: ["br"],
  index: false,
  serveStatic: { immutable: true, maxAge: "1y", redirect: false },
});
// It answers a path it cannot %-decode with its own 400 text: leave those to the app's 404 page, as before.
const decodable = (path: string) => {
  try {
    return decodeURIComponent(path) !== undefined;
  } catch {
    return false;
  }
};
// Only GET and HEAD: for another method it still picks the .br copy and sets its Content-Type before
// serve-static passes, and the app's own answer then fails on a second Content-Type (a 500).
const readsAsset = (req: express.Request) => (req.method === "GET" || req.method === "HEAD") && decodable(req.path);
assets.use("/assets", (req, res, next) => (readsAsset(req) ? hashedAssets(req, res, next) : next()));
assets.use(express.static("build/client", { maxAge: "1h", redirect: false }));

const server = listen(createHttpApp({ build, pagesBuild, assets, config }), config.PORT, config.HOST, {
  onShutdown: () => workers.stop(),
});
// Claim notifications, NFT mints, webhooks, orders and Flow triggers run in this process unless NOTIFY_DISPATCHER=off,
// CHAIN_WORKER=off, WEBHOOK_WORKER=off, ORDER_WORKER=off or FLOW_WORKER=off (then `npm run worker`); their code loads
// once the server listens (decision 0058).
const workers = workersAfterListening(server, async () => {
  const { backgroundWorkers } = await import("./app/wiring/services.server");
  return backgroundWorkers({ notify: notifyConfig, chain: chainConfig, webhooks: webhookConfig, inWebServer: true });
});
