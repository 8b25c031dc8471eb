import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// How `npm start` stops: a platform sends SIGTERM (often twice: to the process
// group, and relayed by tsx to node) and the server finishes what it serves.
const started: AppProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
});

// A new connection every time (agent: false): a pooled keep-alive one, accepted just before the
// signal, would keep being reused and never show that the server stopped accepting.
const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    http.get(url, { agent: false }, (res) => res.resume().on("end", () => resolve(false))).on("error", () => resolve(true));
  });

describe("stopping the server", () => {
  it("finishes its shutdown with exit code 0 when SIGTERM arrives again while it is stopping", async () => {
    const server = await startServer({ ...TEST_ENV, NOTIFY_DISPATCHER: "off" });
    started.push(server);
    // An idle keep-alive connection holds the shutdown open (server.close waits for it).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) =>
      http.get(`${server.url}/healthz`, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
    );

    server.signal("SIGTERM");
    // Stopping: new connections are refused while the idle one is still open.
    await expect.poll(() => refused(`${server.url}/healthz`), { timeout: 10_000 }).toBe(true);
    server.signal("SIGTERM");
    agent.destroy();

    expect(await server.exited).toBe(0);
  });
});
