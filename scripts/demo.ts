// npm run demo: migrate the embedded SQLite file, create a test API key for the
// demo shop, start the local Admin API stub and the built server (in demo
// mode) on 127.0.0.1:3000, and print the admin URL, the key and the API guide's
// walkthrough (docs/api.md) with that key filled in. A local storefront (stubs/storefront) on
// 127.0.0.1:3002 shows the theme's blocks and the claim page through the app
// proxy, so a claim message's link can be followed. DEMO_CHAIN=1 adds a local Solana chain
// and turns on-chain issuing on for the demo shop.
import { spawn, spawnSync } from "node:child_process";
import { DEFAULT_DATABASE_URL, redactDatabaseUrl } from "../app/db/database-url";
import { DEMO_CUSTOMERS } from "../stubs/admin-api/demo-data";
import { startAdminApiStub } from "../stubs/admin-api/server";
import { startDemoChain, type DemoChain } from "../stubs/solana-rpc/demo-chain";
import { startStorefrontHarness } from "../stubs/storefront/server";
import { applyDemoEnv, DEMO_SHOP } from "./demo-env";
import { takenPortLines } from "./demo-ports";
import { forServer, readWalkthrough } from "./walkthrough";
import { NODE_START_ENV, NODE_START_FLAGS } from "./node-start-command";

applyDemoEnv();
process.env.DATABASE_URL ??= DEFAULT_DATABASE_URL;
const busy = await takenPortLines(process.env.HOST!, [
  { port: Number(process.env.PORT), variable: "PORT", what: "the app" },
  { port: Number(process.env.ADMIN_API_STUB_PORT ?? 3001), variable: "ADMIN_API_STUB_PORT", what: "the Admin API stub" },
  { port: Number(process.env.STOREFRONT_STUB_PORT ?? 3002), variable: "STOREFRONT_STUB_PORT", what: "the demo storefront" },
  ...(process.env.DEMO_CHAIN === "1"
    ? [{ port: Number(process.env.SOLANA_RPC_PORT ?? 8899), variable: "SOLANA_RPC_PORT", what: "the local Solana chain" }]
    : []),
]);
if (busy.length > 0) {
  for (const line of busy) console.error(line);
  process.exit(1);
}
// npm run db:migrate: the SQLite file, or a PostgreSQL DATABASE_URL (exits with one line when that cannot be used).
if (spawnSync("node_modules/.bin/tsx", ["scripts/db-migrate.ts"], { stdio: ["ignore", "ignore", "inherit"] }).status !== 0) process.exit(1);

// The domain's stores, for the demo key made here.
const { wireDatabaseStores } = await import("../app/wiring/stores.server");
wireDatabaseStores();
const { demoApiKey } = await import("./demo-key");
const key = await demoApiKey(DEMO_SHOP);
const baseUrl = `http://${process.env.HOST}:${process.env.PORT}`;
// A fixed port: twins keep the product image URLs it serves across demo restarts. Orders placed
// through it (the admin's "Place a demo order") reach the app as signed webhooks.
const stub = await startAdminApiStub({
  port: Number(process.env.ADMIN_API_STUB_PORT ?? 3001),
  webhookTarget: { appUrl: baseUrl, apiSecret: process.env.SHOPIFY_API_SECRET! },
  // Orders paid before the app, for a rule applied to past orders (Automation, a rule's page).
  pastOrdersFor: DEMO_SHOP,
});
const chain = process.env.DEMO_CHAIN === "1" ? await startChain() : undefined;
// Logged out until the visitor picks one of the stub's customers on its login page.
const storefront = await startStorefrontHarness({
  appUrl: baseUrl,
  port: Number(process.env.STOREFRONT_STUB_PORT ?? 3002),
  apiSecret: process.env.SHOPIFY_API_SECRET!,
  shop: DEMO_SHOP,
  customerId: null,
  customers: DEMO_CUSTOMERS,
});

// The compiled server, as `npm start` runs it (npm run demo builds it first).
const server = spawn(process.execPath, [...NODE_START_FLAGS, "build/node/server.js"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    ...NODE_START_ENV,
    DEMO_MODE: "1",
    SHOPIFY_ADMIN_API_STUB_URL: stub.url,
    DEMO_STOREFRONT_URL: storefront.url,
    ...chain?.serverEnv,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", async (code) => {
  await Promise.all([stub.close(), storefront.close(), chain?.rpc.close()]);
  process.exit(code ?? 0);
});

/** The local chain, with the demo shop approved so its twins and cards end MINTED. */
async function startChain(): Promise<DemoChain> {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
  const started = await startDemoChain({ port: Number(process.env.SOLANA_RPC_PORT ?? 8899), databaseFile });
  const { setNftDistributionApproval } = await import("../app/domain/chain-mints.server");
  await setNftDistributionApproval(DEMO_SHOP, true);
  return started;
}

const chainBanner = (demo: DemoChain) => `
On-chain issuing: on, on a local Solana chain (LiteSVM) at ${demo.rpc.url}
  Issuer ${demo.issuer.publicKey.toBase58()} (${demo.issuerBalanceSol} SOL); ${DEMO_SHOP} is approved for NFT distribution.
  Ledger and issuer key: ${demo.folder} (delete it together with the database to start over).
`;

let announced = false;
server.stdout.on("data", (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (announced || !/listening on (http:\/\/\S+)/.test(chunk.toString())) return;
  announced = true;
  console.log(`
Twin Cards demo is running on ${baseUrl} (database ${redactDatabaseUrl(process.env.DATABASE_URL!)}, shop ${DEMO_SHOP}).

Merchant admin (as Shopify admin would open it): ${baseUrl}/demo
Storefront (the theme's blocks, the claim page; log in as any demo customer): ${storefront.url}/pages/twin-cards
Admin API stub (customers, orders, products; POST ${stub.url}/_stub/orders places an order): ${stub.url}
${chain ? chainBanner(chain) : ""}
Test API key for ${DEMO_SHOP} (kept in tmp/demo-api-key for the next run; what it creates sends
nothing and mints nothing, and shows in the admin under View test data):
  ${key}

API reference: ${baseUrl}/v1/docs (the OpenAPI document: ${baseUrl}/v1/openapi.json)

Try the API: paste this into another terminal in this folder.

${forServer(readWalkthrough(), key, baseUrl)}
Stop the demo with Ctrl+C.`);
});
