import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startAdminApiStub } from "../../stubs/admin-api/server";

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
    /** The local Admin API stub both servers talk to. */
    adminApiStubUrl: string;
  }
}

const servers: ChildProcess[] = [];

/** Migrates a fresh SQLite file, starts the Admin API stub and two built servers on free ports. */
export async function setup(project: TestProject) {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
  removeDatabase(databaseFile);
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: "pipe", env: process.env });

  const stub = await startAdminApiStub({ port: 0 });
  const env = { ...TEST_ENV, SHOPIFY_ADMIN_API_STUB_URL: stub.url };
  const [baseUrl, demoUrl] = await Promise.all([startServer(env), startServer({ ...env, DEMO_MODE: "1" })]);
  project.provide("baseUrl", baseUrl);
  project.provide("demoUrl", demoUrl);
  project.provide("adminApiStubUrl", stub.url);

  return async () => {
    await Promise.all(servers.filter((server) => server.exitCode === null).map(async (server) => {
      server.kill("SIGTERM");
      await once(server, "exit");
    }));
    await stub.close();
    removeDatabase(databaseFile);
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
