import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/db/prisma-client.server";
import { newApiKeySecret } from "~/domain/api-keys.server";
import { newId } from "~/domain/ids";
import { uniqueShop } from "../support/api";
import { migratePostgresDatabase } from "../support/global-setup-postgres";
import { insertNotifications } from "../support/notify";
import { startPostgres, type TestPostgres } from "../support/postgres";
import type { AppProcess } from "../support/processes";
import { Fleet } from "../support/replicas";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { writerLoad, type LoadAnswer } from "../support/writer-load";

// Issue 24: what a managed PostgreSQL's failover or maintenance does to a fleet. A server of this
// file's own (test/support/postgres.ts) restarted with `pg_ctl restart -m fast` under load, and
// stopped at the exact moment a worker has sent a message but not yet recorded it.

let postgres: TestPostgres;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await postgres?.stop();
});

/** A new migrated database on this file's server, its client, and a fleet of processes on it. */
async function freshDatabase(name: string, env: Record<string, string>) {
  const url = await postgres.createDatabase(name);
  await migratePostgresDatabase(url);
  const client = createPrismaClient(url);
  const fleet = new Fleet({ DATABASE_URL: url, MAIL_FROM: "cards@twin-cards.test", ...env });
  cleanups.push(
    () => client.$disconnect(),
    () => fleet.stopAll(),
  );
  return { url, client, fleet };
}

async function sink(options: Parameters<typeof startSmtpSink>[0] = {}): Promise<SmtpSink> {
  const started = await startSmtpSink(options);
  cleanups.push(started.close);
  return started;
}

/** Whether a process has exited so far. */
function watch(processes: AppProcess[]) {
  const exited = new Set<number>();
  processes.forEach((process, i) => void process.exited.then(() => exited.add(i)));
  return () => [...exited];
}

const unsent = (client: PrismaClient, shop: string) => client.notification.count({ where: { shop, status: { not: "SENT" } } });

describe("a worker whose message went out just as PostgreSQL went away", () => {
  it("records SENT once the server is back and sends nothing twice, though the row's lease ran out meanwhile", async () => {
    let halted = false;
    const smtp = await sink({
      // The first message arrives: the database goes away before the worker hears it was accepted.
      beforeAck: () => {
        if (halted) return;
        halted = true;
        postgres.halt();
      },
    });
    const { client, fleet } = await freshDatabase("after_send", { SMTP_URL: smtp.url });
    const shop = uniqueShop();
    const ids = await insertNotifications({ shop, count: 20, client });
    // A lease shorter than the outage: without the worker remembering what it sent, it would claim and send again.
    const [worker] = await fleet.startWorkers(1, { NOTIFY_POLL_MS: "100", NOTIFY_LEASE_MS: "1500", NOTIFY_CONCURRENCY: "4" });
    const exited = watch([worker!]);

    // Out for longer than the lease: without the worker keeping what it sent, it would claim the rows again and resend.
    await expect.poll(() => halted, { timeout: 30_000, interval: 50 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    postgres.resume();

    await expect.poll(() => unsent(client, shop), { timeout: 60_000, interval: 200 }).toBe(0);
    expect(smtp.duplicates()).toEqual([]);
    expect(smtp.delivered()).toBe(20);
    expect([...smtp.deliveries.keys()].map((id) => /^<([^@]+)@/.exec(id)?.[1]).sort()).toEqual([...ids].sort());
    expect(await client.notification.count({ where: { shop, attempts: { not: 1 } } })).toBe(0);
    expect(worker!.stderr()).toMatch(/SENT, but the database is unavailable; recording it again/);
    expect(exited()).toEqual([]);
  }, 120_000);
});

// Cards acknowledged before the restart (the fleet is writing when the database goes away), and by each replica to
// requests sent after it (every replica writes again on its own): counts, never a time window, so a busy machine,
// where the same load is just slower, proves the same.
const WRITES_BEFORE = 40;
const WRITES_AFTER_EACH = 30;

describe("three replicas and a worker under 40 writers while PostgreSQL restarts", () => {
  it("keeps every process up, answers only 503s with Retry-After for the outage, writes every acknowledged card once, and sends every message once", async () => {
    const smtp = await sink();
    const { client, fleet } = await freshDatabase("restart", { SMTP_URL: smtp.url });
    const shop = uniqueShop();
    // A key per writer: the per-key rate limit is not what this test is about.
    const keys: string[] = [];
    for (let i = 0; i < 40; i++) {
      const { key, prefix, keyHash } = newApiKeySecret();
      await client.apiKey.create({ data: { id: newId("key"), shop, label: `writer ${i}`, prefix, keyHash } });
      keys.push(key);
    }
    const processes = [...(await fleet.startServers(3)), ...(await fleet.startWorkers(1, { NOTIFY_POLL_MS: "100" }))];
    const exited = watch(processes);

    // Counted as they arrive: cards acknowledged before the restart, and by requests sent once it was over.
    let createdBefore = 0;
    const createdAfter = [0, 0, 0];
    let restartedAt = Infinity;
    const stop = new AbortController();
    const began = performance.now();
    const load = writerLoad({
      servers: fleet.servers,
      keys,
      writers: 40,
      signal: stop.signal,
      onAnswer: (answer) => {
        if (answer.status !== 201) return;
        // `at` counts from the load's own start, a moment after `began`: a request counted "after" was sent after the restart.
        if (began + answer.at >= restartedAt) createdAfter[answer.server] = (createdAfter[answer.server] ?? 0) + 1;
        else createdBefore++;
      },
    });
    await expect.poll(() => createdBefore, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(WRITES_BEFORE);
    await postgres.restart();
    restartedAt = performance.now();
    await expect
      .poll(() => Math.min(...createdAfter), {
        timeout: 120_000,
        interval: 100,
        message: "cards each replica acknowledged after the restart",
      })
      .toBeGreaterThanOrEqual(WRITES_AFTER_EACH);
    stop.abort();
    const answers = await load;

    expect(exited()).toEqual([]);
    for (const process of processes) expect(process.stderr()).not.toMatch(/Unhandled 'error' event|uncaughtException/);

    // The outage shows as 503 UNAVAILABLE with Retry-After; nothing else fails.
    const counts = countBy(answers, (answer) => `${answer.kind} ${answer.status}`);
    const unexpected = answers.filter((answer) => !expectedStatus(answer));
    expect(
      unexpected.map((answer) => `${answer.kind} ${answer.status} ${answer.errorCode ?? ""}`),
      JSON.stringify(counts),
    ).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length, JSON.stringify(counts)).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.errorCode).toBe("UNAVAILABLE");
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
    }

    // Every acknowledged card is in the database, once; every code had one winner at most.
    const acknowledged = answers.flatMap((answer) => answer.cardIds);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(await client.unitCard.count({ where: { id: { in: acknowledged } } })).toBe(acknowledged.length);
    const winners = countBy(
      answers.filter((answer) => answer.kind === "redeem" && answer.status === 200),
      (answer) => answer.code!,
    );
    expect(Object.values(winners).filter((wins) => wins > 1)).toEqual([]);

    // The backlog drains, each message once.
    const loadEnded = performance.now();
    await expect.poll(() => unsent(client, shop), { timeout: 90_000, interval: 250 }).toBe(0);
    console.log(
      `database-restart: ${JSON.stringify(counts)}; backlog drained ${((performance.now() - loadEnded) / 1000).toFixed(1)} s after the load`,
    );
    expect(smtp.duplicates()).toEqual([]);
    expect(smtp.delivered()).toBe(await client.notification.count({ where: { shop } }));
    expect(exited()).toEqual([]);
  }, 300_000);
});

/** The answers a restart may give: success, a redeem that lost its race, or 503 while the database is away. */
function expectedStatus(answer: LoadAnswer): boolean {
  if (answer.status === 503) return true;
  if (answer.kind === "list") return answer.status === 200;
  if (answer.kind === "redeem") return answer.status === 200 || answer.status === 409;
  return answer.status === 201;
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
