import { Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import { startAdminApiStub } from "../../stubs/admin-api/server";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { startSolanaRpcStub, type SolanaRpcStub } from "../../stubs/solana-rpc/server";
import { startStorefrontHarness } from "../../stubs/storefront/server";
import { startServer, type AppProcess } from "./processes";
import { TEST_ENV } from "./test-env";
import type { TestEnvironment } from "./test-environments";

declare module "vitest" {
  export interface ProvidedContext {
    /** The database this project's tests and its shared servers use (SQLite file or PostgreSQL). */
    databaseUrl: string;
    /** The built server as production runs it (no demo harness). */
    baseUrl: string;
    /** The same build with DEMO_MODE=1: /demo and the local App Bridge. */
    demoUrl: string;
    /** A local storefront in front of demoUrl's app proxy, logged out, offering the demo customers at /account/login. */
    demoStorefrontUrl: string;
    /** The local Admin API stub the servers talk to; the orders placed through its /_stub/ endpoints send their webhooks to demoUrl. */
    adminApiStubUrl: string;
    /** The same build in demo mode with on-chain issuing on: its chain worker mints through solanaRpcUrl. Not in the "pgbouncer" project. */
    chainUrl: string;
    /** The chain server's own database (see startSharedServers). */
    chainDatabaseUrl: string;
    /** The local Solana JSON-RPC node (LiteSVM) the chain server mints on. */
    solanaRpcUrl: string;
  }
}

/**
 * Starts the Admin API stub, a local storefront and the built servers on free
 * ports against the migrated databases, and gives back their addresses for the
 * project's tests. With `chainDatabaseUrl`, also the Solana RPC stub and the chain
 * server, on a database of its own: its minter takes every queued mint in its
 * database, so there it cannot take (and fail, as minted by another issuer) the
 * ones test/integration/chain-mint.test.ts queues and mints in process.
 */
export async function startSharedServers({
  databaseUrl,
  chainDatabaseUrl,
}: {
  databaseUrl: string;
  chainDatabaseUrl?: string;
}): Promise<TestEnvironment> {
  const servers: AppProcess[] = [];
  const stub = await startAdminApiStub({ port: 0 });
  const rpcStub = chainDatabaseUrl ? await startSolanaRpcStub({ port: 0 }) : undefined;
  const env = { ...TEST_ENV, DATABASE_URL: databaseUrl, SHOPIFY_ADMIN_API_STUB_URL: stub.url };
  // The demo server links claim messages to this storefront; it learns the server's address once that has started.
  const storefront = await startStorefrontHarness({
    appUrl: "",
    apiSecret: TEST_ENV.SHOPIFY_API_SECRET,
    shop: "twin-cards-demo.myshopify.com",
    customerId: null,
    customers: DEMO_CUSTOMERS,
  });
  const demoEnv = { ...env, DEMO_MODE: "1", DEMO_STOREFRONT_URL: storefront.url };
  const closeStubs = () => Promise.all([stub.close(), rpcStub?.close(), storefront.close()]);
  const started = await Promise.allSettled([
    startServer(env),
    startServer(demoEnv),
    ...(chainDatabaseUrl && rpcStub ? [startServer(chainServerEnv(env, chainDatabaseUrl, rpcStub))] : []),
  ]);
  for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    // Stop the ones that did start: no server outlives a failed setup.
    await Promise.all([...servers.map((server) => server.stop()), closeStubs()]);
    throw failed.reason;
  }
  const [baseUrl, demoUrl, chainUrl] = servers.map((server) => server.url) as [string, string, string | undefined];
  storefront.proxyTo(demoUrl);
  // Signed as Shopify signs them, with the servers' secret; demoUrl shares baseUrl's database.
  stub.setWebhookTarget({ appUrl: demoUrl, apiSecret: TEST_ENV.SHOPIFY_API_SECRET });
  return {
    provided: {
      databaseUrl,
      baseUrl,
      demoUrl,
      demoStorefrontUrl: storefront.url,
      adminApiStubUrl: stub.url,
      ...(chainUrl && rpcStub ? { chainUrl, chainDatabaseUrl, solanaRpcUrl: rpcStub.url } : {}),
    },
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await closeStubs();
    },
  };
}

/** The demo with on-chain issuing on, minting through the RPC stub with an issuer funded there. */
function chainServerEnv(env: Record<string, string>, chainDatabaseUrl: string, rpcStub: SolanaRpcStub) {
  const issuer = Keypair.generate();
  rpcStub.chain.airdrop(issuer.publicKey, 100 * LAMPORTS_PER_SOL);
  return {
    ...env,
    DEMO_MODE: "1",
    DATABASE_URL: chainDatabaseUrl,
    SOLANA_RPC_URL: rpcStub.url,
    ISSUER_SECRET_KEY: JSON.stringify([...issuer.secretKey]),
    CHAIN_POLL_MS: "100",
  };
}
