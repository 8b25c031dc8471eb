import type { Notification } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { OutboxError } from "~/lib/outbox-error";
import { OutboxTable, OutboxWorker } from "~/lib/outbox-worker";
import { backoffDelay } from "~/lib/polling-worker";
import { quietLog } from "../support/notify";

let shopCount = 0;
const newShop = () => `outbox-${process.pid}-${++shopCount}.myshopify.com`;

/** What the test kind's handler does with a row it claimed. */
type Behaviour = (row: Notification) => Promise<void>;

/**
 * The smallest kind of outbox job: it runs `behaviour` on each claimed row of
 * one shop's notifications and records SENT when it returns. What it shows is
 * the shared loop's: claiming, leases, classification, backoff.
 */
class TestWorker extends OutboxWorker<Notification> {
  readonly handled: string[] = [];

  constructor(shop: string, private readonly behaviour: Behaviour, options: { unknownErrorsRetryable?: boolean; random?: () => number; maxAttempts?: number } = {}) {
    super(
      "Test worker",
      new OutboxTable({
        delegate: db.notification,
        heldStatus: "SENDING",
        claimData: { attempts: { increment: 1 } },
        where: { shop },
        load: (id) => db.notification.findUnique({ where: { id } }),
      }),
      {
        maxAttempts: options.maxAttempts ?? 3,
        pollMs: 10,
        leaseMs: 60_000,
        backoff: { baseMs: 1_000, maxMs: 8_000, random: options.random ?? (() => 0.5) },
        batchSize: 10,
        unknownErrorsRetryable: options.unknownErrorsRetryable ?? true,
        log: quietLog,
      },
    );
  }

  protected async handle(row: Notification, held: { id: string; lease: Date }) {
    this.handled.push(row.id);
    const claim = { ...held, label: `Test ${row.id}` };
    try {
      await this.behaviour(row);
      return this.record(claim, "SENT", { status: "SENT", lockedUntil: null, lastError: null });
    } catch (error) {
      return this.retryOrFail(claim, row.attempts, error);
    }
  }
}

/** One PENDING notification row in a fresh shop, as the domain queues it. */
async function queuedRow() {
  const shop = newShop();
  await createCard(shop, { name: "Gold", media: {}, email: "jane@example.com" });
  const row = await db.notification.findFirstOrThrow({ where: { shop } });
  return { shop, id: row.id };
}

const rowOf = (id: string) => db.notification.findUniqueOrThrow({ where: { id } });

describe("the outbox worker", () => {
  it("lets another worker take a row over once its lease expired, and the first one's late outcome is not written", async () => {
    const { shop, id } = await queuedRow();
    let inHand: () => void = () => {};
    let release: () => void = () => {};
    const claimed = new Promise<void>((resolve) => (inHand = resolve));
    const stuck = new Promise<void>((resolve) => (release = resolve));
    // The first worker claims the row, then hangs; when it wakes up, its attempt fails for good.
    const first = new TestWorker(shop, async () => {
      inHand();
      await stuck;
      throw new OutboxError("Late failure", false);
    });
    const firstRun = first.drainOnce();
    await claimed;
    expect(await rowOf(id)).toMatchObject({ status: "SENDING", attempts: 1 });

    // While the lease holds, nobody else gets the row.
    const second = new TestWorker(shop, async () => {});
    expect(await second.drainOnce()).toBe(0);

    // The first worker's lease runs out (as if it hung past NOTIFY_LEASE_MS): the row is due again.
    await db.notification.update({ where: { id }, data: { lockedUntil: new Date(Date.now() - 1) } });
    expect(await second.drainOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 2 });

    release();
    await firstRun;
    // The first worker's FAILED is not written: its lease was gone.
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 2, lockedUntil: null, lastError: null });
  });

  it("ends a row FAILED at once on an error that cannot be retried", async () => {
    const { shop, id } = await queuedRow();
    const worker = new TestWorker(shop, async () => {
      throw new OutboxError("The provider refused the address", false);
    });
    await worker.drainOnce();
    expect(await rowOf(id)).toMatchObject({ status: "FAILED", attempts: 1, lastError: "The provider refused the address", lockedUntil: null });
    expect(await worker.drainOnce()).toBe(0);
  });

  it("puts a row back PENDING after a retryable error, due after the backoff, and FAILED once the attempts run out", async () => {
    const { shop, id } = await queuedRow();
    const worker = new TestWorker(shop, async () => {
      throw new OutboxError("Service unavailable", true);
    });
    const before = Date.now();
    await worker.drainOnce();
    const retried = await rowOf(id);
    expect(retried).toMatchObject({ status: "PENDING", attempts: 1, lastError: "Service unavailable", lockedUntil: null });
    // Attempt 1, base 1 s, random 0.5: 500 ms fixed + 250 ms of jitter.
    expect(retried.nextAttemptAt.getTime() - before).toBeGreaterThanOrEqual(750);
    expect(retried.nextAttemptAt.getTime() - Date.now()).toBeLessThanOrEqual(750);
    expect(await worker.drainOnce()).toBe(0);

    for (const attempt of [2, 3]) {
      await db.notification.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 1) } });
      await worker.drainOnce();
      expect((await rowOf(id)).attempts).toBe(attempt);
    }
    expect(await rowOf(id)).toMatchObject({ status: "FAILED", attempts: 3, lastError: "Service unavailable" });
  });

  it("classifies an unexpected error as its kind says: retried by one, failed at once by another", async () => {
    const retrying = await queuedRow();
    const failing = await queuedRow();
    const boom = async () => {
      throw new TypeError("Cannot read properties of undefined");
    };
    await new TestWorker(retrying.shop, boom, { unknownErrorsRetryable: true }).drainOnce();
    await new TestWorker(failing.shop, boom, { unknownErrorsRetryable: false }).drainOnce();
    expect(await rowOf(retrying.id)).toMatchObject({ status: "PENDING", lastError: "Cannot read properties of undefined" });
    expect(await rowOf(failing.id)).toMatchObject({ status: "FAILED", lastError: "Cannot read properties of undefined" });
  });
});

describe("backoff with jitter", () => {
  const policy = (random: () => number) => ({ baseMs: 1_000, maxMs: 60_000, random });

  it("doubles per attempt, half of each step fixed and half random", () => {
    for (const [attempts, step] of [[1, 1_000], [2, 2_000], [3, 4_000], [6, 32_000]] as const) {
      expect(backoffDelay(policy(() => 0), attempts)).toBe(step / 2);
      expect(backoffDelay(policy(() => 0.999_999), attempts)).toBe(step);
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(policy(Math.random), attempts);
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
      }
    }
  });

  it("never waits longer than the cap, nor less than the other side asked", () => {
    expect(backoffDelay(policy(() => 0.999_999), 20)).toBe(60_000);
    expect(backoffDelay(policy(() => 0), 20)).toBe(30_000);
    expect(backoffDelay(policy(() => 0), 1, 45_000)).toBe(45_000);
    expect(backoffDelay(policy(() => 0), 1, 10 * 60_000)).toBe(60_000);
  });
});
