// The production server (`npm start`, after `npm run build`).
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { chainConfigOrExit, configOrExit, notifyConfigOrExit } from "./server/config";
import { createHttpApp, listen } from "./server/http-app";
import { backgroundWorkers } from "./server/workers";

const config = configOrExit();
const notifyConfig = notifyConfigOrExit();
const chainConfig = chainConfigOrExit();
const build = (await import(new URL("./build/server/index.js", import.meta.url).href).catch(() => {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
})) as ServerBuild;

// No directory redirects: serve-static would answer a directory path with its own HTML page.
const assets = express.Router();
assets.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", redirect: false }));
assets.use(express.static("build/client", { maxAge: "1h", redirect: false }));

// Claim notifications and NFT mints run in this process unless NOTIFY_DISPATCHER=off / CHAIN_WORKER=off (then `npm run worker`).
const workers = await backgroundWorkers({ notify: notifyConfig, chain: chainConfig, inWebServer: true });
const server = listen(createHttpApp({ build, assets }), config.PORT, config.HOST, {
  onShutdown: async () => void (await Promise.all(workers.map((worker) => worker.stop()))),
});
server.once("listening", () => workers.forEach((worker) => worker.start()));
