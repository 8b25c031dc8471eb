import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { privateDatabase, type PrivateDatabase } from "../support/databases";
import { cardInput, walletKey } from "../support/fixtures";
import { apiKeyIn } from "../support/processes";
import { Fleet, statusCounts, type Answer } from "../support/replicas";

// Several replicas behave as one (issue 13): two built servers, and workers, as
// separate processes on one database of the suite's kind (a real PostgreSQL
// server, or one SQLite file), each request sent to one of them in turn.

let database: PrivateDatabase;
let fleet: Fleet;
let messagesDir: string;

beforeAll(async () => {
  database = await privateDatabase("replicas");
  messagesDir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-replicas-"));
  fleet = new Fleet({ DATABASE_URL: database.url, MESSAGES_DIR: messagesDir });
  await fleet.startServers(2);
}, 120_000);

afterAll(async () => {
  await fleet?.stopAll();
  await database?.remove();
  if (messagesDir) rmSync(messagesDir, { recursive: true, force: true });
});

/** `count` requests at once, alternating between the two servers; with the seconds from the first sent to the last answered. */
async function burst(count: number, request: (server: number, i: number) => Promise<Answer>) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => request(i % 2, i)));
  return { answers, seconds: (performance.now() - started) / 1000 };
}

function expectRateLimited(answers: Answer[]) {
  for (const answer of answers) {
    expect(answer.json()).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String), details: [] } });
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  }
}

/** A syntactically valid code no card has, starting with `prefix` when given. */
const unknownCode = (
  prefix = randomUUID()
    .replace(/[^0-9A-F]/gi, "")
    .slice(0, 4)
    .toUpperCase(),
) =>
  `${prefix}-${randomUUID()
    .slice(0, 4)
    .toUpperCase()
    .replace(/[^0-9A-F]/g, "0")}-${randomUUID()
    .slice(0, 4)
    .toUpperCase()
    .replace(/[^0-9A-F]/g, "0")}`;

describe("two servers on one database", () => {
  it("hold one API key to its limit together: a burst of 300 split over both gets 100 at once plus 20/s, the rest 429 with Retry-After", async () => {
    const key = await apiKeyIn(database.url, uniqueShop());

    const { answers, seconds } = await burst(300, (server) => fleet.send(server, "GET", "/v1/unit-cards", { key }));

    const ok = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(ok.length + limited.length, JSON.stringify(statusCounts(answers))).toBe(300);
    // Each server alone would allow 100 (plus the refill): together they allow 100 plus the refill, once.
    expect(ok.length).toBeGreaterThanOrEqual(100);
    expect(ok.length).toBeLessThanOrEqual(100 + Math.ceil(20 * seconds));
    expect(new Set(limited.map((answer) => answer.server))).toEqual(new Set([0, 1]));
    expectRateLimited(limited);
  });

  it("count redeem attempts from one address on both: 10 a minute in all, the rest 429", async () => {
    const key = await apiKeyIn(database.url, uniqueShop());
    const address = uniqueClientAddress();

    const { answers, seconds } = await burst(20, (server) =>
      fleet.send(server, "POST", "/v1/unit-cards/_actions/redeem", {
        key,
        address,
        body: { code: unknownCode(), owner: "shopify|1", publicKey: walletKey() },
      }),
    );

    const counts = statusCounts(answers);
    expect((counts[404] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(20);
    // 10 at once, then one every 6 s.
    expect(counts[404]).toBeGreaterThanOrEqual(10);
    expect(counts[404]).toBeLessThanOrEqual(10 + Math.ceil(seconds / 6));
    expectRateLimited(answers.filter((answer) => answer.status === 429));
  });

  it("count guesses at one code prefix from many addresses on both: 10 a minute in all", async () => {
    const key = await apiKeyIn(database.url, uniqueShop());

    const { answers, seconds } = await burst(20, (server) =>
      fleet.send(server, "POST", "/v1/unit-cards/_actions/redeem", {
        key,
        address: uniqueClientAddress(),
        body: { code: unknownCode("7KQ2"), owner: "shopify|1", publicKey: walletKey() },
      }),
    );

    const counts = statusCounts(answers);
    expect((counts[404] ?? 0) + (counts[429] ?? 0), JSON.stringify(counts)).toBe(20);
    expect(counts[404]).toBeGreaterThanOrEqual(10);
    expect(counts[404]).toBeLessThanOrEqual(10 + Math.ceil(seconds / 6));
  });

  it("let exactly one of 8 redeems of one code sent to both at once win; the others get 409 and the card keeps the winner", async () => {
    const key = await apiKeyIn(database.url, uniqueShop());
    const created = await fleet.send(0, "POST", "/v1/unit-cards", { key, body: { ...cardInput("Contested"), email: "jane@example.com" } });
    expect(created.status).toBe(201);
    const { id, redemption } = created.json<{ data: { id: string; redemption: { code: string } } }>().data;

    const { answers } = await burst(8, (server, i) =>
      fleet.send(server, "POST", "/v1/unit-cards/_actions/redeem", {
        key,
        address: uniqueClientAddress(),
        body: { code: redemption.code, owner: `shopify|${100 + i}`, publicKey: walletKey() },
      }),
    );

    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 7 });
    const winner = answers.findIndex((answer) => answer.status === 200);
    const card = await fleet.send(1, "GET", `/v1/unit-cards/${id}`, { key });
    expect(card.json<{ data: unknown }>().data).toMatchObject({ status: "OWNED", owner: `shopify|${100 + winner}` });
  });

  it("run a request sent with one Idempotency-Key to both at once once: one card, every answer the same", async () => {
    const key = await apiKeyIn(database.url, uniqueShop());
    const name = `Idempotent ${randomUUID().slice(0, 8)}`;
    const idempotencyKey = randomUUID();
    const body = { ...cardInput(name), owner: "shopify|7", publicKey: walletKey() };

    const { answers } = await burst(6, (server) =>
      fleet.send(server, "POST", "/v1/unit-cards", { key, body, headers: { "Idempotency-Key": idempotencyKey } }),
    );

    expect(answers.map((answer) => `${answer.status} ${answer.status === 201 ? "" : answer.body}`)).toEqual(Array(6).fill("201 "));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    expect(await database.client.unitCard.count({ where: { name } })).toBe(1);
  });

  it("write each batch sent to either server whole or not at all, also with other batches at once", async () => {
    const key = await apiKeyIn(database.url, uniqueShop());
    const tag = randomUUID().slice(0, 8);
    const batch = (i: number, valid: boolean) => ({
      redemption: { email: `batch${i}@example.com` },
      cards: Array.from({ length: 100 }, (_, j) =>
        valid || j < 99 ? cardInput(`${tag} batch ${i} card ${j}`) : { ...cardInput(), name: "" },
      ),
    });

    const { answers } = await burst(6, (server, i) =>
      fleet.send(server, "POST", "/v1/unit-cards/_actions/batch", { key, body: batch(i, i < 4) }),
    );

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 422, 422]);
    expect(answers[4]!.json<{ error: { details: unknown[] } }>().error.details).toEqual([
      expect.objectContaining({ path: "cards[99].name" }),
    ]);
    for (let i = 0; i < 6; i++) {
      const rows = await database.client.unitCard.findMany({
        where: { name: { startsWith: `${tag} batch ${i} ` } },
        select: { redemptionId: true },
      });
      expect(rows, `batch ${i}`).toHaveLength(i < 4 ? 100 : 0);
      if (i < 4) expect(new Set(rows.map((row) => row.redemptionId)).size).toBe(1);
    }
  });
});

describe("two workers on one database", () => {
  it("deliver each of 40 claim notifications once between them", async () => {
    const workers = await fleet.startWorkers(2, { NOTIFY_POLL_MS: "50" });
    const shop = uniqueShop();
    const key = await apiKeyIn(database.url, shop);
    try {
      const { answers } = await burst(40, (server, i) =>
        fleet.send(server, "POST", "/v1/unit-cards", { key, body: { ...cardInput(`Mailed ${i}`), email: `buyer${i}@example.com` } }),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(201));

      await expect
        .poll(() => database.client.notification.count({ where: { shop, status: "SENT" } }), {
          timeout: 30_000,
          interval: 100,
          message: "claim e-mails sent",
        })
        .toBe(40);
      const retried = await database.client.notification.findMany({
        where: { shop, attempts: { gt: 1 } },
        select: { attempts: true, lastError: true },
      });
      expect(
        retried,
        workers
          .map((worker) => worker.stderr())
          .join("\n")
          .slice(0, 2000),
      ).toEqual([]);
      // Earlier tests' claim e-mails go out too; this shop's went to buyer0…buyer39, one file each.
      const recipients = readdirSync(messagesDir)
        .filter((file) => file.endsWith(".eml"))
        .flatMap((file) => /^To: (buyer\d+@example\.com)/m.exec(readFileSync(path.join(messagesDir, file), "utf8"))?.[1] ?? []);
      expect(recipients.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `buyer${i}@example.com`).sort());
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  }, 60_000);

  it("take over the row of a worker killed in the middle of sending, once its lease is over, and send it once more", async () => {
    const twilio = await startHoldingTwilio();
    const env = {
      NOTIFY_POLL_MS: "50",
      NOTIFY_LEASE_MS: "2000",
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM: "+15005550006",
      TWILIO_BASE_URL: twilio.url,
    };
    const shop = uniqueShop();
    const key = await apiKeyIn(database.url, shop);
    try {
      const [first] = await fleet.startWorkers(1, env);
      const created = await fleet.send(0, "POST", "/v1/unit-cards", { key, body: { ...cardInput("Texted"), phone: "+1 415-555-4567" } });
      expect(created.status).toBe(201);
      // The first worker claimed the SMS and is waiting for Twilio, which never answers it: kill it there.
      await twilio.firstRequest;
      await first!.kill();
      const held = await database.client.notification.findFirstOrThrow({ where: { shop } });
      expect(held).toMatchObject({ status: "SENDING", attempts: 1 });

      await fleet.startWorkers(1, env);

      await expect
        .poll(async () => (await database.client.notification.findFirstOrThrow({ where: { shop } })).status, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe("SENT");
      const sent = await database.client.notification.findFirstOrThrow({ where: { shop } });
      expect(sent.attempts).toBe(2);
      // Two requests to Twilio for the one message: the dead worker's, never answered, and the other worker's.
      expect(twilio.requests()).toBe(2);
    } finally {
      await twilio.close();
    }
  }, 60_000);
});

/** A Twilio stand-in that never answers the first request (its sender dies waiting) and accepts every later one. */
async function startHoldingTwilio() {
  let requests = 0;
  const held: ServerResponse[] = [];
  let firstArrived!: () => void;
  const firstRequest = new Promise<void>((resolve) => (firstArrived = resolve));
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      if (requests === 1) {
        held.push(res);
        firstArrived();
        return;
      }
      res.writeHead(201, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ sid: `SM${randomUUID().replace(/-/g, "")}`, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    firstRequest,
    requests: () => requests,
    close: () => {
      held.forEach((res) => res.destroy());
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
