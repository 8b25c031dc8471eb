// The production server (`npm start`, after `npm run build`).
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { configOrExit } from "./server/config";
import { createHttpApp, listen } from "./server/http-app";

const config = configOrExit();
const build = (await import(new URL("./build/server/index.js", import.meta.url).href).catch(() => {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
})) as ServerBuild;

const assets = express.Router();
assets.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
assets.use(express.static("build/client", { maxAge: "1h" }));

listen(createHttpApp({ build, assets }), config.PORT, config.HOST);
