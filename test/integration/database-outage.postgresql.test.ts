import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db/prisma-client.server";
import { uniqueShop } from "../support/api";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { migratePostgresDatabase } from "../support/global-setup-postgres";
import { startPostgres, type TestPostgres } from "../support/postgres";
import { apiKeyIn, type AppProcess } from "../support/processes";
import { Fleet, type Answer } from "../support/replicas";

// The database going away mid-run (issue 13's faults): a PostgreSQL server of this
// file's own, stopped with `pg_ctl stop -m fast` under a running server and worker,
// then started again on the same port.

let postgres: TestPostgres;
let client: PrismaClient;
let fleet: Fleet;
let messagesDir: string;
let server: AppProcess;
let worker: AppProcess;
let key: string;
const shop = uniqueShop();

beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase("outage");
  await migratePostgresDatabase(url);
  client = createPrismaClient(url);
  key = await apiKeyIn(url, shop);
  messagesDir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-outage-"));
  fleet = new Fleet({ DATABASE_URL: url, MESSAGES_DIR: messagesDir });
  server = (await fleet.startServers(1))[0]!;
  worker = (await fleet.startWorkers(1, { NOTIFY_POLL_MS: "100" }))[0]!;
}, 120_000);

afterAll(async () => {
  await fleet?.stopAll();
  await client?.$disconnect();
  await postgres?.stop();
  if (messagesDir) rmSync(messagesDir, { recursive: true, force: true });
});

const createCard = (name: string) =>
  fleet.send(0, "POST", "/v1/unit-cards", { key, body: { ...cardInput(name), email: "jane@example.com" } });
const notificationStatus = async (cardId: string) =>
  (await client.notification.findFirstOrThrow({ where: { redemption: { cards: { some: { id: cardId } } } } })).status;
const cardId = (answer: Answer) => answer.json<{ data: { id: string } }>().data.id;

/**
 * The notification dispatcher's "polling failed" lines so far: how many failures in a row, and the wait it
 * announced (the worker runs other loops too, each with its own count and poll interval).
 */
const failedPolls = () =>
  [...worker.stderr().matchAll(/Notification dispatcher: polling failed \((\d+) in a row\), next try in (\d+) ms/g)].map((match) => ({
    inARow: Number(match[1]),
    waitMs: Number(match[2]),
  }));

describe("PostgreSQL going away under a running server and worker", () => {
  it("answers 503 UNAVAILABLE with Retry-After meanwhile, backs the worker off, writes no half batch, and resumes when it is back", async () => {
    const before = await createCard("Before the outage");
    expect(before.status).toBe(201);
    await expect.poll(() => notificationStatus(cardId(before)), { timeout: 20_000, interval: 100 }).toBe("SENT");
    let serverExited = false;
    let workerExited = false;
    void server.exited.then(() => (serverExited = true));
    void worker.exited.then(() => (workerExited = true));

    // Batches in flight when the server goes away: each must end whole (201) or absent (503). By owner, so
    // no claim message is in the worker's hands then: one would be recorded through the outage before the
    // worker polls again (database-restart.postgresql.test.ts), and this test watches the polls back off.
    const tag = randomUUID().slice(0, 8);
    const batches = Array.from({ length: 6 }, (_, i) =>
      fleet.send(0, "POST", "/v1/unit-cards/_actions/batch", {
        key,
        body: { owner: uniqueOwner(), publicKey: walletKey(), cards: Array.from({ length: 200 }, (_, j) => cardInput(`${tag} ${i} ${j}`)) },
      }),
    );
    await Promise.race(batches);
    postgres.halt();

    const health = await fleet.send(0, "GET", "/healthz");
    expect(health.status).toBe(503);
    expect(health.json()).toEqual({ status: "unavailable", checks: { database: "unavailable" } });
    expect(Number(health.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    for (const answer of [await createCard("During the outage"), await fleet.send(0, "GET", "/v1/unit-cards", { key })]) {
      expect(answer.status).toBe(503);
      expect(answer.json()).toEqual({ error: { code: "UNAVAILABLE", message: expect.any(String), details: [] } });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    // The dispatcher notices, and waits twice as long after each failed poll: no tight loop, no crash.
    await expect.poll(() => failedPolls().length, { timeout: 20_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    const failures = failedPolls();
    expect(failures.slice(0, 3)).toEqual([
      { inARow: 1, waitMs: 200 },
      { inARow: 2, waitMs: 400 },
      { inARow: 3, waitMs: 800 },
    ]);

    postgres.resume();

    await expect.poll(async () => (await fleet.send(0, "GET", "/healthz")).status, { timeout: 20_000, interval: 200 }).toBe(200);
    const after = await createCard("After the outage");
    expect(after.status).toBe(201);
    await expect.poll(() => notificationStatus(cardId(after)), { timeout: 40_000, interval: 200 }).toBe("SENT");
    expect([serverExited, workerExited]).toEqual([false, false]);

    const answers = await Promise.all(batches);
    for (const [i, answer] of answers.entries()) {
      expect([201, 503], answer.body.slice(0, 200)).toContain(answer.status);
      const written = await client.unitCard.count({ where: { name: { startsWith: `${tag} ${i} ` } } });
      expect(written, `batch ${i} answered ${answer.status}`).toBe(answer.status === 201 ? 200 : 0);
    }
  }, 120_000);
});
