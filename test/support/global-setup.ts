import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";

export const TEST_ENV = {
  SHOPIFY_API_KEY: "test-api-key",
  SHOPIFY_API_SECRET: "test-api-secret",
  SHOPIFY_APP_URL: "http://127.0.0.1",
  SCOPES: "read_customers,read_orders,read_products,write_app_proxy",
  // Tests name their own client address in X-Forwarded-For, so per-address
  // redeem limits apply per test rather than to the whole suite.
  TRUST_PROXY: "loopback",
};

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ChildProcess | undefined;

/** Migrates a fresh SQLite file and starts the built server (`npm start`) on a free port. */
export async function setup(project: TestProject) {
  const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
  removeDatabase(databaseFile);
  execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: "pipe", env: process.env });

  server = spawn("node_modules/.bin/tsx", ["server.ts"], {
    env: { ...process.env, ...TEST_ENV, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  server.stderr!.on("data", (chunk) => (stderr += chunk));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    server!.stdout!.on("data", (chunk: Buffer) => {
      const match = /listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    server!.once("exit", (code) => reject(new Error(`The server exited (${code}) before listening:\n${stderr}`)));
  });
  project.provide("baseUrl", baseUrl);

  return async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    removeDatabase(databaseFile);
  };
}

function removeDatabase(file: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
}
