import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { localEmailTransport } from "~/adapters/notifications/transports/local.server";
import type { Transport } from "~/adapters/notifications/transports/transport";
import { uniqueShop } from "../support/api";
import { insertNotifications, quietLog, startSmtpServer, unusedTransport } from "../support/notify";
import { privateDatabase as newDatabase } from "../support/databases";
import { startServer, startWorker, type AppProcess } from "../support/processes";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-notify-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A database of its own (migrated, of the project's kind), for worker processes that must not see other tests' rows. */
async function privateDatabase() {
  const database = await newDatabase("outbox");
  cleanups.push(database.remove);
  return database;
}

/** `npm run worker` in a process group of its own, stopped with the whole group after the test (tsx runs the worker in a child). */
async function worker(env: Record<string, string>): Promise<AppProcess> {
  const started = await startWorker(env);
  cleanups.push(async () => void (await started.kill()));
  return started;
}

describe("notification dispatcher", () => {
  it("delivers each of 200 rows exactly once with two dispatchers racing", async () => {
    const shop = uniqueShop();
    const ids = await insertNotifications({ shop, count: 200 });
    const dir = tempDir();
    const files = localEmailTransport({ dir, mailFrom: "cards@twin-cards.test" });
    const sends = new Map<string, number>();
    const counting: Transport = {
      name: "counting",
      send: (notification) => {
        sends.set(notification.id, (sends.get(notification.id) ?? 0) + 1);
        return files.send(notification);
      },
    };
    const dispatchers = [1, 2].map(() =>
      new Dispatcher({
        transports: { EMAIL: counting, SMS: unusedTransport },
        where: { shop },
        pollMs: 10,
        batchSize: 25,
        log: quietLog,
      }).start(),
    );
    cleanups.push(() => Promise.all(dispatchers.map((dispatcher) => dispatcher.stop())).then(() => {}));

    await expect.poll(() => db.notification.count({ where: { shop, status: "SENT" } }), { timeout: 45_000 }).toBe(200);
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));

    expect([...sends.keys()].sort()).toEqual([...ids].sort());
    expect([...sends.values()].every((count) => count === 1)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(ids.map((id) => `${id}.eml`).sort());
    const rows = await db.notification.findMany({ where: { shop } });
    for (const row of rows) expect(row).toMatchObject({ status: "SENT", attempts: 1, providerMessageId: `local:${row.id}.eml` });
  }, 60_000);

  it("sends NOTIFY_CONCURRENCY messages at once, never more", async () => {
    const shop = uniqueShop();
    await insertNotifications({ shop, count: 12 });
    let inFlight = 0;
    let most = 0;
    // The first sends wait until four are in flight together: one lane at a time would never get there.
    let allFour: () => void = () => {};
    const fourInFlight = new Promise<void>((resolve) => (allFour = resolve));
    const holding: Transport = {
      name: "holding",
      async send(notification) {
        inFlight++;
        most = Math.max(most, inFlight);
        if (inFlight === 4) allFour();
        await fourInFlight;
        inFlight--;
        return { providerMessageId: `held:${notification.id}` };
      },
    };
    const dispatcher = new Dispatcher({
      transports: { EMAIL: holding, SMS: unusedTransport },
      where: { shop },
      pollMs: 10,
      concurrency: 4,
      log: quietLog,
    }).start();
    cleanups.push(() => dispatcher.stop());
    await expect.poll(() => db.notification.count({ where: { shop, status: "SENT" } }), { timeout: 30_000 }).toBe(12);
    expect(most).toBe(4);
  });

  it("keeps a provider's per-second limit across its lanes", async () => {
    const shop = uniqueShop();
    await insertNotifications({ shop, count: 6, channel: "SMS" });
    const sentAt: number[] = [];
    const timing: Transport = {
      name: "timing",
      send: async (notification) => {
        sentAt.push(Date.now());
        return { providerMessageId: `timed:${notification.id}` };
      },
    };
    const startedAt = Date.now();
    const dispatcher = new Dispatcher({
      transports: { EMAIL: unusedTransport, SMS: timing },
      perSecond: { SMS: 20 },
      where: { shop },
      pollMs: 10,
      concurrency: 6,
      log: quietLog,
    }).start();
    cleanups.push(() => dispatcher.stop());
    await expect.poll(() => db.notification.count({ where: { shop, status: "SENT" } }), { timeout: 30_000 }).toBe(6);
    // 20 a second: the n-th send takes the n-th slot, 50 ms after the one before, though six lanes were
    // ready at once. A send may leave after its slot (a busy event loop), never before it: the k-th is
    // at least k × 50 ms after the dispatcher started (a timer may fire a millisecond early).
    sentAt.sort((a, b) => a - b);
    expect(sentAt).toHaveLength(6);
    sentAt.forEach((at, k) => expect(at - startedAt, `send ${k}`).toBeGreaterThanOrEqual(k * 50 - 2));
  });

  it("loses no row when a worker is killed mid-batch: another worker delivers the rest after the lease expires", async () => {
    const { url, client } = await privateDatabase();
    const shop = uniqueShop();
    const ids = await insertNotifications({ shop, count: 30, client });
    const smtp = await startSmtpServer({ delayMs: 50 });
    cleanups.push(smtp.close);
    const env = {
      DATABASE_URL: url,
      SMTP_URL: smtp.url,
      MAIL_FROM: "cards@twin-cards.test",
      NOTIFY_POLL_MS: "50",
      NOTIFY_LEASE_MS: "1000",
      NOTIFY_BACKOFF_BASE_MS: "50",
      NOTIFY_CONCURRENCY: "4",
    };

    const first = await worker(env);
    await expect.poll(() => smtp.received.length, { timeout: 45_000 }).toBeGreaterThanOrEqual(5);
    await first.kill();
    const deliveredBeforeKill = smtp.received.length;
    expect(deliveredBeforeKill).toBeLessThan(30);

    const second = await worker(env);
    await expect.poll(() => client.notification.count({ where: { status: "SENT" } }), { timeout: 45_000 }).toBe(30);
    expect(await second.stop()).toBe(0);

    const receivedIds = smtp.received.map((mail) => /^<([^@]+)@/.exec(mail.parsed.messageId ?? "")?.[1]);
    expect(new Set(receivedIds)).toEqual(new Set(ids));
    // At least once: only the rows in flight when the first worker died (one per lane) may arrive twice.
    expect(receivedIds.length - new Set(receivedIds).size).toBeLessThanOrEqual(4);
    expect(await client.notification.count({ where: { status: { not: "SENT" } } })).toBe(0);
  }, 90_000);

  it("runs inside `npm start` unless NOTIFY_DISPATCHER=off, writing local files, and stops on SIGTERM", async () => {
    const { url, client } = await privateDatabase();
    const shop = uniqueShop();
    const [emailId] = await insertNotifications({ shop, count: 1, client });
    const [smsId] = await insertNotifications({ shop, count: 1, channel: "SMS", client });
    const messagesDir = tempDir();
    const server = await startServer({
      DATABASE_URL: url,
      SHOPIFY_API_KEY: "k",
      SHOPIFY_API_SECRET: "s",
      SHOPIFY_APP_URL: "http://127.0.0.1",
      SCOPES: "read_products",
      NOTIFY_DISPATCHER: "on",
      NOTIFY_POLL_MS: "50",
      MESSAGES_DIR: messagesDir,
    });
    cleanups.push(async () => void (await server.kill()));

    await expect.poll(() => client.notification.count({ where: { status: "SENT" } }), { timeout: 45_000 }).toBe(2);
    expect(readdirSync(messagesDir).sort()).toEqual([`${emailId}.eml`, `${smsId}.sms.txt`].sort());
    const rows = await client.notification.findMany({ orderBy: { channel: "asc" } });
    expect(rows.map((row) => row.providerMessageId)).toEqual([`local:${emailId}.eml`, `local:${smsId}.sms.txt`]);
    expect(await server.stop()).toBe(0);
  }, 60_000);
});
