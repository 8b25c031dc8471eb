// npm run demo: migrate the embedded SQLite file, create an API key for the
// demo shop, start the local Admin API stub and the built server (in demo
// mode) on 127.0.0.1:3000, and print the admin URL, the key and the README's
// walkthrough with that key filled in.
import { execFileSync, spawn } from "node:child_process";
import { DEFAULT_DATABASE_URL } from "../app/database-url";
import { startAdminApiStub } from "../stubs/admin-api/server";
import { applyDemoEnv, DEMO_SHOP } from "./demo-env";
import { forServer, readWalkthrough } from "./walkthrough";

applyDemoEnv();
process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL;
execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: ["ignore", "ignore", "inherit"] });

const { createApiKey } = await import("../app/domain/api-keys.server");
const { key } = await createApiKey({ shop: DEMO_SHOP, label: "demo" });
// A fixed port: twins keep the product image URLs it serves across demo restarts.
const stub = await startAdminApiStub({ port: Number(process.env.ADMIN_API_STUB_PORT ?? 3001) });

const server = spawn("node_modules/.bin/tsx", ["server.ts"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, DEMO_MODE: "1", SHOPIFY_ADMIN_API_STUB_URL: stub.url },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", async (code) => {
  await stub.close();
  process.exit(code ?? 0);
});

let announced = false;
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (announced || !/listening on (http:\/\/\S+)/.test(chunk.toString())) return;
  announced = true;
  const baseUrl = `http://${process.env.HOST}:${process.env.PORT}`;
  console.log(`
Twin Cards demo is running on ${baseUrl} (database ${process.env.DATABASE_URL}, shop ${DEMO_SHOP}).

Merchant admin (as Shopify admin would open it): ${baseUrl}/demo
Admin API stub (customers, orders, products): ${stub.url}

API key for ${DEMO_SHOP} (shown once):
  ${key}

OpenAPI document: ${baseUrl}/v1/openapi.json

Try the API: paste this into another terminal in this folder.

${forServer(readWalkthrough(), key, baseUrl)}
Stop the demo with Ctrl+C.`);
});
