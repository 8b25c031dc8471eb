import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_AGENT } from "../support/api";
import { cardInput, walletKey } from "../support/fixtures";
import { TEST_ENV } from "../support/test-env";
import { apiKeyIn, clientFor, integrityCheck, migratedDatabase, startServer, startWorker, type AppProcess } from "../support/processes";

// The setup the README supports — the server plus `npm run worker` — and what
// operators do anyway (a second server on the same volume): four processes
// writing one SQLite file at once, each server and worker also delivering
// claim notifications every 50 ms.

const SHOP = "multi-writer.myshopify.com";
const SINGLE_CARDS = 240;
const BATCHES = 12;
const BATCH_SIZE = 40;
const REDEEMS = 40;
const IN_FLIGHT = 16;

interface Outcome {
  method: string;
  path: string;
  status: number;
  body: string;
}

let database: ReturnType<typeof migratedDatabase>;
let client: PrismaClient;
let messagesDir: string;
const processes: AppProcess[] = [];
let servers: string[] = [];
const keys: string[] = [];

beforeAll(async () => {
  database = migratedDatabase("multi-writer");
  client = clientFor(database.url);
  messagesDir = mkdtempSync(path.join(os.tmpdir(), "twin-cards-messages-"));
  for (let i = 0; i < 8; i++) keys.push(await apiKeyIn(database.url, SHOP));
  const env = { ...TEST_ENV, DATABASE_URL: database.url, MESSAGES_DIR: messagesDir, NOTIFY_DISPATCHER: "on", NOTIFY_POLL_MS: "50" };
  const started = await Promise.allSettled([startServer(env), startServer(env), startWorker(env), startWorker(env)]);
  for (const result of started) if (result.status === "fulfilled") processes.push(result.value);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  servers = processes.map((process) => process.url).filter(Boolean);
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await client?.$disconnect();
  database?.remove();
  if (messagesDir) rmSync(messagesDir, { recursive: true, force: true });
});

/** Requests spread over both servers and every key, `IN_FLIGHT` at a time. */
async function sendAll(requests: { method: string; path: string; body: unknown }[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  const lane = async () => {
    while (next < requests.length) {
      const index = next++;
      const { method, path, body } = requests[index]!;
      const response = await fetch(servers[index % servers.length] + path, {
        method,
        body: JSON.stringify(body),
        headers: {
          Authorization: `Bearer ${keys[index % keys.length]}`,
          "Content-Type": "application/json",
          "User-Agent": USER_AGENT,
          "X-Forwarded-For": `2001:db8::7:${index.toString(16)}`,
        },
      });
      outcomes.push({ method, path, status: response.status, body: await response.text() });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return outcomes;
}

const serverErrors = (outcomes: Outcome[]) =>
  outcomes
    .filter((outcome) => outcome.status >= 500)
    .map((outcome) => `${outcome.method} ${outcome.path} → ${outcome.status} ${outcome.body.slice(0, 200)}`);

describe("two servers and two workers writing one SQLite file", () => {
  it("answer every card creation, batch and redeem without a 5xx, and lose nothing", async () => {
    const singles = Array.from({ length: SINGLE_CARDS }, (_, i) => ({
      method: "POST",
      path: "/v1/unit-cards",
      body: { ...cardInput(`Single ${i}`), email: `buyer${i}@example.com` },
    }));
    const batches = Array.from({ length: BATCHES }, (_, i) => ({
      method: "POST",
      path: "/v1/unit-cards/_actions/batch",
      body: {
        redemption: { email: `batch${i}@example.com` },
        cards: Array.from({ length: BATCH_SIZE }, (_, j) => cardInput(`Batch ${i}.${j}`)),
      },
    }));
    const created = await sendAll([...singles, ...batches]);

    const codes = created
      .filter((outcome) => outcome.status === 201 && outcome.path === "/v1/unit-cards")
      .slice(0, REDEEMS)
      .map((outcome) => (JSON.parse(outcome.body) as { data: { redemption: { code: string } } }).data.redemption.code);
    const redeemed = await sendAll(
      codes.map((code, i) => ({
        method: "POST",
        path: "/v1/unit-cards/_actions/redeem",
        body: { code, owner: `shopify|${9000 + i}`, publicKey: walletKey() },
      })),
    );

    expect(serverErrors([...created, ...redeemed])).toEqual([]);
    expect(created.map((outcome) => outcome.status)).toEqual(Array(SINGLE_CARDS + BATCHES).fill(201));
    expect(redeemed.map((outcome) => outcome.status)).toEqual(Array(REDEEMS).fill(200));
    expect(await client.unitCard.count({ where: { shop: SHOP } })).toBe(SINGLE_CARDS + BATCHES * BATCH_SIZE);
    expect(await client.unitCard.count({ where: { shop: SHOP, status: "OWNED" } })).toBe(REDEEMS);
    expect(await client.notification.count({ where: { shop: SHOP } })).toBe(SINGLE_CARDS + BATCHES);
  });

  it("deliver every claim notification exactly once between them, and leave the file intact", async () => {
    const expected = SINGLE_CARDS + BATCHES;
    // The dispatchers poll every 50 ms; give them a bounded while to drain the outbox.
    const deadline = Date.now() + 60_000;
    let sent = 0;
    while (Date.now() < deadline) {
      sent = await client.notification.count({ where: { shop: SHOP, status: "SENT" } });
      if (sent === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    expect(sent).toBe(expected);
    expect(readdirSync(messagesDir).filter((file) => file.endsWith(".eml"))).toHaveLength(expected);
    expect(await client.notification.count({ where: { shop: SHOP, attempts: { gt: 1 } } })).toBe(0);
    expect(await integrityCheck(client)).toBe("ok");
  }, 90_000);
});
