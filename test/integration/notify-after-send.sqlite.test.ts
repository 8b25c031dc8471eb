import { createRequire } from "node:module";
import type { PrismaClient } from "@prisma/client";
import { afterAll, describe, expect, it } from "vitest";
import { BUSY_RETRY_MS } from "~/db/sqlite-connection.server";
import { uniqueShop } from "../support/api";
import { insertNotifications } from "../support/notify";
import { clientFor, migratedDatabase, startWorker, type AppProcess } from "../support/processes";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { TEST_ENV } from "../support/test-env";

// Issue 24 on the embedded database: the worker has sent a message and, before it can write
// SENT, another process holds SQLite's write lock for longer than the worker's busy retries.

interface Connection {
  exec(sql: string): unknown;
  close(): void;
}
const Database = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => Connection;

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("a worker whose message went out just as the SQLite file was locked past its retries", () => {
  it("records SENT once the lock is gone and sends nothing twice, though the row's lease ran out meanwhile", async () => {
    const database = migratedDatabase("after-send");
    const client: PrismaClient = clientFor(database.url);
    cleanups.push(database.remove, () => client.$disconnect());
    let locker: Connection | undefined;
    let lockedAt = 0;
    const smtp: SmtpSink = await startSmtpSink({
      // The first message arrives: another process takes the write lock before the worker hears it was accepted.
      beforeAck: () => {
        if (locker) return;
        locker = new Database(database.url.slice("file:".length));
        locker.exec("BEGIN IMMEDIATE");
        lockedAt = Date.now();
      },
    });
    cleanups.push(smtp.close, () => locker?.close());
    const shop = uniqueShop();
    await insertNotifications({ shop, count: 8, client });
    const worker: AppProcess = await startWorker({
      ...TEST_ENV,
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: "cards@twin-cards.test",
      NOTIFY_DISPATCHER: "on",
      NOTIFY_POLL_MS: "100",
      NOTIFY_LEASE_MS: "1500",
      NOTIFY_CONCURRENCY: "4",
    });
    cleanups.push(() => worker.stop());

    // Held past the worker's 10 s of busy retries, and past the rows' lease.
    await expect.poll(() => lockedAt, { timeout: 30_000, interval: 50 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS + 1_500));
    locker!.exec("COMMIT");

    await expect
      .poll(() => client.notification.count({ where: { shop, status: { not: "SENT" } } }), { timeout: 60_000, interval: 200 })
      .toBe(0);
    expect(smtp.duplicates()).toEqual([]);
    expect(smtp.delivered()).toBe(8);
    expect(await client.notification.count({ where: { shop, attempts: 1 } })).toBe(8);
    expect(worker.stderr()).toMatch(/SENT, but the database is unavailable; recording it again/);
    expect(await Promise.race([worker.exited.then(() => "exited"), Promise.resolve("running")])).toBe("running");
  }, 90_000);
});
