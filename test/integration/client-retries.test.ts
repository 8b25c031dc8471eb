import { RateLimitError } from "@twin-cards/client";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError } from "../support/api";
import { packageClient } from "../support/client-package";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";

/**
 * The key's rate-limit bucket as if it had spent its burst and then some: the
 * server refuses it (429) until about 2 s from now, by the database's own rule
 * (docs/decisions/0025-shared-limits.md), and serves it again after.
 */
async function spendBucket(keyId: string, debtTokens = 40) {
  const row = { tokens: -debtTokens, refilledAtMs: Date.now(), granted: false };
  await db.rateLimitBucket.upsert({
    where: { limit_key: { limit: "api-key", key: keyId } },
    create: { limit: "api-key", key: keyId, ...row },
    update: row,
  });
}

const card = () => ({ ...cardInput("Retried"), owner: uniqueOwner(), publicKey: walletKey() });

describe("the client package's retries", () => {
  it("waits out a 429 for its Retry-After and sends the POST again with the same Idempotency-Key: one card", async () => {
    const { shop, keyId, client, sent } = await packageClient();
    await spendBucket(keyId);

    const created = await client.cards.create(card());

    expect(sent.map((request) => request.status)).toEqual([429, 201]);
    const [limited, served] = sent as [(typeof sent)[0], (typeof sent)[0]];
    expect(limited.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(served.idempotencyKey).toBe(limited.idempotencyKey);
    expect(served.at - limited.at).toBeGreaterThanOrEqual(Number(limited.retryAfter) * 1000);
    expect(await db.unitCard.findMany({ where: { shop }, select: { id: true } })).toEqual([{ id: created.id }]);
  });

  it("sends an attempt whose answer was lost again with the same key, and the server replays the one write", async () => {
    const { shop, client, sent } = await packageClient({
      // The first attempt reaches the server and is done; its answer never arrives.
      around: async (attempt, send) => {
        const answer = await send();
        if (attempt > 0) return answer;
        await answer.body?.cancel();
        throw new TypeError("fetch failed", { cause: new Error("socket hang up") });
      },
    });

    const created = await client.cards.create(card());

    expect(sent.map((request) => [request.status, request.replayed])).toEqual([
      [201, false],
      [201, true],
    ]);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(await db.unitCard.findMany({ where: { shop }, select: { id: true } })).toEqual([{ id: created.id }]);
  });

  it("sends the caller's own Idempotency-Key, so a repeat in another call replays the first", async () => {
    const { shop, client, sent } = await packageClient();
    const input = card();

    const first = await client.cards.create(input, { idempotencyKey: "order-1001-line-1" });
    const again = await client.cards.create(input, { idempotencyKey: "order-1001-line-1" });

    expect(again).toEqual(first);
    expect(sent.map((request) => [request.idempotencyKey, request.replayed])).toEqual([
      ["order-1001-line-1", false],
      ["order-1001-line-1", true],
    ]);
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
  });

  it("sends no Idempotency-Key on reads, and a fresh one per POST call", async () => {
    const { client, sent } = await packageClient();

    await client.cards.create(card());
    await client.cards.list();
    await client.cards.create(card());

    expect(sent.map((request) => request.method)).toEqual(["POST", "GET", "POST"]);
    expect(sent[1]!.idempotencyKey).toBeNull();
    expect(sent[0]!.idempotencyKey).not.toBe(sent[2]!.idempotencyKey);
  });

  it("throws RateLimitError with retryAfter at once when Retry-After is longer than it may wait", async () => {
    const { shop, keyId, client, sent } = await packageClient({ maxRetryDelayMs: 1000 });
    await spendBucket(keyId);

    const error = await apiError(client.cards.create(card()));

    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", requestId: expect.any(String) });
    expect(error.retryAfter).toBeGreaterThanOrEqual(2);
    expect(sent).toHaveLength(1);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });
});
