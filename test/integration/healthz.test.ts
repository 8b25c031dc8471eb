import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// What a load balancer asks each replica before sending it traffic.
const baseUrl = inject("baseUrl");
const started: AppProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  folders.forEach((folder) => rmSync(folder, { recursive: true, force: true }));
});

describe("GET /healthz", () => {
  it("answers 200 ok when the database answers, without authentication and never cached", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", checks: { database: "ok" } });
  });

  it("answers HEAD as GET, and 405 naming GET and HEAD to a POST", async () => {
    expect((await fetch(`${baseUrl}/healthz`, { method: "HEAD" })).status).toBe(200);
    const post = await fetch(`${baseUrl}/healthz`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("answers 503 with Retry-After when the replica cannot reach its database, naming nothing of it", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "twin-cards-healthz-"));
    folders.push(folder);
    // A database file in a folder that does not exist: every query fails to open it.
    const server = await startServer({
      ...TEST_ENV,
      DATABASE_URL: `file:${path.join(folder, "missing", "db.sqlite")}`,
      CHAIN_WORKER: "off",
    });
    started.push(server);

    const response = await fetch(`${server.url}/healthz`);

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ status: "unavailable", checks: { database: "unavailable" } });
    expect(body).not.toContain(folder);
  });
});
