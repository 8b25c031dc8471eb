// The production server (`npm start`, after `npm run build`).
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { configOrExit, notifyConfigOrExit } from "./server/config";
import { createHttpApp, listen } from "./server/http-app";

const config = configOrExit();
const notifyConfig = notifyConfigOrExit();
const build = (await import(new URL("./build/server/index.js", import.meta.url).href).catch(() => {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
})) as ServerBuild;

const assets = express.Router();
assets.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
assets.use(express.static("build/client", { maxAge: "1h" }));

// Claim notifications are delivered from this process unless NOTIFY_DISPATCHER=off (then `npm run worker`).
const { dispatcherFromConfig } = await import("./app/notifications/dispatcher.server");
const dispatcher = notifyConfig.NOTIFY_DISPATCHER === "on" ? dispatcherFromConfig(notifyConfig) : undefined;
const server = listen(createHttpApp({ build, assets }), config.PORT, config.HOST, { onShutdown: () => dispatcher?.stop() ?? Promise.resolve() });
server.once("listening", () => dispatcher?.start());
