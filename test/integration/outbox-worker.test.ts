import type { Notification } from "@prisma/client";
import { describe, expect, it } from "vitest";
import { db, isDatabaseBusy, transaction } from "~/db/client.server";
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

  constructor(
    shop: string,
    private readonly behaviour: Behaviour,
    options: {
      unknownErrorsRetryable?: boolean;
      random?: () => number;
      maxAttempts?: number;
      leaseMs?: number;
      transaction?: <T>(work: () => Promise<T>) => Promise<T>;
      log?: typeof quietLog;
    } = {},
  ) {
    super(
      "Test worker",
      new OutboxTable({
        delegate: { findMany: (args) => db.notification.findMany(args), updateMany: (args) => db.notification.updateMany(args) },
        heldStatus: "SENDING",
        claimData: { attempts: { increment: 1 } },
        where: { shop },
        load: (id) => db.notification.findUnique({ where: { id } }),
        transaction: options.transaction ?? transaction,
        isTransient: isDatabaseBusy,
      }),
      {
        maxAttempts: options.maxAttempts ?? 3,
        pollMs: 10,
        leaseMs: options.leaseMs ?? 60_000,
        backoff: { baseMs: 1_000, maxMs: 8_000, random: options.random ?? (() => 0.5) },
        batchSize: 10,
        concurrency: 1,
        unknownErrorsRetryable: options.unknownErrorsRetryable ?? true,
        log: options.log ?? quietLog,
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

/** What node-postgres throws for a server that is not there: a failure the worker may try again. */
const unreachable = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/**
 * The database as the worker's outcome writes see it: `down` refuses every transaction, `loseNextAnswer`
 * lets the next one commit and then loses its answer (the connection dropping before the reply).
 */
function flakyDatabase() {
  const state = { down: false, loseNextAnswer: false, refused: 0 };
  const flaky = async <T>(work: () => Promise<T>): Promise<T> => {
    if (state.down) {
      state.refused++;
      throw unreachable();
    }
    const result = await transaction(work);
    if (state.loseNextAnswer) {
      state.loseNextAnswer = false;
      throw unreachable();
    }
    return result;
  };
  return { state, transaction: flaky };
}

/** A log that keeps what was said. */
function keptLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  return { lines, log: { info: keep, warn: keep, error: keep } };
}

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
    expect(await rowOf(id)).toMatchObject({
      status: "FAILED",
      attempts: 1,
      lastError: "The provider refused the address",
      lockedUntil: null,
    });
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

describe("recording an outcome through a database outage (issue 24)", () => {
  it("tries again until it lands, and meanwhile never takes that row again, even once its lease ran out", async () => {
    const { shop, id } = await queuedRow();
    const database = flakyDatabase();
    const { lines, log } = keptLog();
    // Sent; then the database goes away before SENT is written. The lease is short enough to run out meanwhile.
    const worker = new TestWorker(shop, async () => void (database.state.down = true), {
      transaction: database.transaction,
      leaseMs: 50,
      log,
    });
    const run = worker.drainOnce();
    await expect.poll(() => database.state.refused, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(3);
    const held = await rowOf(id);
    expect(held.status).toBe("SENDING");
    expect(held.lockedUntil!.getTime()).toBeLessThan(Date.now());

    // Due again by its lease, but its outcome is in this worker's hands: it is not claimed, nor sent, twice.
    expect(await worker.drainOnce()).toBe(0);
    expect(worker.handled).toEqual([id]);

    database.state.down = false;
    expect(await run).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1, lockedUntil: null });
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^Test ${id}: SENT, but the database is unavailable; recording it again`)),
    );
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Test ${id}: SENT recorded at try \\d+`)));
  });

  it("counts a write whose answer was lost as recorded when the row already shows it", async () => {
    const { shop, id } = await queuedRow();
    const database = flakyDatabase();
    const { lines, log } = keptLog();
    const worker = new TestWorker(shop, async () => void (database.state.loseNextAnswer = true), {
      transaction: database.transaction,
      log,
    });
    expect(await worker.drainOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: "SENT", attempts: 1 });
    expect(lines.filter((line) => /lease lost/.test(line))).toEqual([]);
  });

  it("does not retry a write that fails for another reason than the database being away", async () => {
    const { shop, id } = await queuedRow();
    const broken = async () => {
      throw new TypeError("a bug in the outcome's write");
    };
    const worker = new TestWorker(shop, async () => {}, { transaction: broken });
    await expect(worker.drainOnce()).rejects.toThrow("a bug in the outcome's write");
    expect(await rowOf(id)).toMatchObject({ status: "SENDING", attempts: 1 });
  });
});

describe("backoff with jitter", () => {
  const policy = (random: () => number) => ({ baseMs: 1_000, maxMs: 60_000, random });

  it("doubles per attempt, half of each step fixed and half random", () => {
    for (const [attempts, step] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
      [6, 32_000],
    ] as const) {
      expect(
        backoffDelay(
          policy(() => 0),
          attempts,
        ),
      ).toBe(step / 2);
      expect(
        backoffDelay(
          policy(() => 0.999_999),
          attempts,
        ),
      ).toBe(step);
      for (let i = 0; i < 50; i++) {
        const delay = backoffDelay(policy(Math.random), attempts);
        expect(delay).toBeGreaterThanOrEqual(step / 2);
        expect(delay).toBeLessThanOrEqual(step);
      }
    }
  });

  it("never waits longer than the cap, nor less than the other side asked", () => {
    expect(
      backoffDelay(
        policy(() => 0.999_999),
        20,
      ),
    ).toBe(60_000);
    expect(
      backoffDelay(
        policy(() => 0),
        20,
      ),
    ).toBe(30_000);
    expect(
      backoffDelay(
        policy(() => 0),
        1,
        45_000,
      ),
    ).toBe(45_000);
    expect(
      backoffDelay(
        policy(() => 0),
        1,
        10 * 60_000,
      ),
    ).toBe(60_000);
  });
});
