// npm run dev: the same Express server as production, with Vite's dev
// middleware and hot reload instead of the build.
import { createServer } from "vite";
import type { ServerBuild } from "@remix-run/node";
import { configOrExit } from "../server/config";
import { createHttpApp, listen } from "../server/http-app";
import { applyDemoEnv } from "./demo-env";

applyDemoEnv();
const config = configOrExit();
const vite = await createServer({ server: { middlewareMode: true } });
const app = createHttpApp({
  build: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
  assets: vite.middlewares,
  config,
});
listen(app, config.PORT, config.HOST);
