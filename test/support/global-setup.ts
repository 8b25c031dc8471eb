import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import { Keypair, LAMPORTS_PER_SOL } from "@solana/web3.js";
import type { TestProject } from "vitest/node";
import { startAdminApiStub } from "../../stubs/admin-api/server";
import { startSolanaRpcStub } from "../../stubs/solana-rpc/server";

export const TEST_ENV = {
  SHOPIFY_API_KEY: "test-api-key",
  SHOPIFY_API_SECRET: "test-api-secret",
  SHOPIFY_APP_URL: "http://127.0.0.1",
  SCOPES: "read_customers,read_orders,read_products,write_app_proxy",
  // Tests name their own client address in X-Forwarded-For, so per-address
  // redeem limits apply per test rather than to the whole suite.
  TRUST_PROXY: "loopback",
  // Tests run their own dispatchers (test/integration/notify-*.test.ts); the shared servers leave the outbox alone.
  NOTIFY_DISPATCHER: "off",
};

declare module "vitest" {
  export interface ProvidedContext {
    /** The built server as production runs it (no demo harness). */
    baseUrl: string;
    /** The same build with DEMO_MODE=1: /demo and the local App Bridge. */
    demoUrl: string;
    /** The local Admin API stub the servers talk to. */
    adminApiStubUrl: string;
    /** The same build in demo mode with on-chain issuing on: its chain worker mints through solanaRpcUrl. */
    chainUrl: string;
    /** The chain server's own SQLite file (see setup). */
    chainDatabaseUrl: string;
    /** The local Solana JSON-RPC node (LiteSVM) the chain server mints on. */
    solanaRpcUrl: string;
  }
}

const servers: ChildProcess[] = [];

/**
 * Migrates fresh SQLite files, starts the Admin API stub, the Solana RPC stub
 * and three built servers on free ports.
 */
export async function setup(project: TestProject) {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
  // The chain server's minter takes every queued mint in its database: with a file
  // of its own it cannot take (and fail, as minted by another issuer) the ones
  // test/integration/chain-mint.test.ts queues and mints in process.
  const chainDatabaseFile = databaseFile.replace(/(\.sqlite)?$/, "-chain.sqlite");
  const chainDatabaseUrl = `file:${chainDatabaseFile}`;
  for (const file of [databaseFile, chainDatabaseFile]) {
    removeDatabase(file);
    execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: "pipe", env: { ...process.env, DATABASE_URL: `file:${file}` } });
  }

  const stub = await startAdminApiStub({ port: 0 });
  const rpcStub = await startSolanaRpcStub({ port: 0 });
  const issuer = Keypair.generate();
  rpcStub.chain.airdrop(issuer.publicKey, 100 * LAMPORTS_PER_SOL);
  const env = { ...TEST_ENV, SHOPIFY_ADMIN_API_STUB_URL: stub.url };
  const chainEnv = {
    ...env,
    DEMO_MODE: "1",
    DATABASE_URL: chainDatabaseUrl,
    SOLANA_RPC_URL: rpcStub.url,
    ISSUER_SECRET_KEY: JSON.stringify([...issuer.secretKey]),
    CHAIN_POLL_MS: "100",
  };
  const [baseUrl, demoUrl, chainUrl] = await Promise.all([startServer(env), startServer({ ...env, DEMO_MODE: "1" }), startServer(chainEnv)]);
  project.provide("baseUrl", baseUrl);
  project.provide("demoUrl", demoUrl);
  project.provide("adminApiStubUrl", stub.url);
  project.provide("chainUrl", chainUrl);
  project.provide("chainDatabaseUrl", chainDatabaseUrl);
  project.provide("solanaRpcUrl", rpcStub.url);

  return async () => {
    await Promise.all(servers.filter((server) => server.exitCode === null).map(async (server) => {
      server.kill("SIGTERM");
      await once(server, "exit");
    }));
    await Promise.all([stub.close(), rpcStub.close()]);
    removeDatabase(databaseFile);
    removeDatabase(chainDatabaseFile);
  };
}

async function startServer(env: Record<string, string>): Promise<string> {
  const server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(server);
  let stderr = "";
  server.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise<string>((resolve, reject) => {
    server.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    server.once("exit", (code) => reject(new Error(`The server exited (${code}) before listening:\n${stderr}`)));
  });
}

function removeDatabase(file: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
}
