import { spawnSync } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// npm run demo with a port already taken: one line naming the port and the variable that moves
// it, exit 1, before anything is migrated or started — not a raw EADDRINUSE stack (issue 29).

let blocker: net.Server;
let port: number;

beforeAll(async () => {
  blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  port = (blocker.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

describe("npm run demo on a taken port", () => {
  it.each([
    ["PORT", "the app"],
    ["ADMIN_API_STUB_PORT", "the Admin API stub"],
    ["STOREFRONT_STUB_PORT", "the demo storefront"],
  ])("names %s, says what uses it, and stops", (variable, what) => {
    const database = path.join(os.tmpdir(), `twin-cards-demo-ports-${process.pid}.sqlite`);
    // Every other demo port on a free one far from the defaults, so only `variable` is taken.
    const env = {
      ...process.env,
      PORT: "0",
      ADMIN_API_STUB_PORT: "0",
      STOREFRONT_STUB_PORT: "0",
      [variable]: String(port),
      DATABASE_URL: `file:${database}`,
    };
    const run = spawnSync("node_modules/.bin/tsx", ["scripts/demo.ts"], { env, encoding: "utf8", timeout: 60_000 });

    expect(run.status).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([
      `Port ${port} (${what}) is already in use on 127.0.0.1: stop what uses it, or set ${variable} to a free port, e.g. ${variable}=${port + 10} npm run demo`,
    ]);
  });
});
