import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";
import { cardInput, walletKey } from "../support/fixtures";

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** POST with an Idempotency-Key, returning exactly what came back (the body as text, to compare byte for byte). */
async function postWithKey(path: string, apiKey: string, idempotencyKey: string, body: string): Promise<RawResponse> {
  const response = await http(path, { method: "POST", key: apiKey, body, headers: { "Idempotency-Key": idempotencyKey } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const errorCode = (response: RawResponse) => (JSON.parse(response.text) as { error: { code: string } }).error.code;
const errorPaths = (response: RawResponse) =>
  (JSON.parse(response.text) as { error: { details: { path: string }[] } }).error.details.map((detail) => detail.path);

const cardBody = (name = "Gold membership") => JSON.stringify({ ...cardInput(name), email: "jane@example.com" });

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, with Idempotent-Replayed, and creates one card", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();
    const body = cardBody();

    const first = await postWithKey("/v1/unit-cards", key, idempotencyKey, body);
    const second = await postWithKey("/v1/unit-cards", key, idempotencyKey, body);

    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
    expect(second.headers.get("x-request-id")).toBeTruthy();
    const card = (JSON.parse(first.text) as { data: { id: string; redemption: { code: string } } }).data;
    expect(card.redemption.code).toBeTruthy();
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
    expect(await db.redemption.count({ where: { shop } })).toBe(1);
    expect(await db.notification.count({ where: { shop } })).toBe(1);
  });

  it("replays a batch creation without creating the batch again", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ owner: "shopify|1001", publicKey: walletKey(), cards: [cardInput("One"), cardInput("Two")] });

    const first = await postWithKey("/v1/unit-cards/_actions/batch", key, idempotencyKey, body);
    const second = await postWithKey("/v1/unit-cards/_actions/batch", key, idempotencyKey, body);

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
    expect(await db.unitCard.count({ where: { shop } })).toBe(2);
  });

  it("answers 409 CONFLICT for the same key with a different body, and does no work", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();

    const first = await postWithKey("/v1/unit-cards", key, idempotencyKey, cardBody("First"));
    const reused = await postWithKey("/v1/unit-cards", key, idempotencyKey, cardBody("Second"));

    expect(first.status).toBe(201);
    expect(reused.status).toBe(409);
    expect(errorCode(reused)).toBe("CONFLICT");
    expect(errorPaths(reused)).toEqual(["Idempotency-Key"]);
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
    expect((await db.unitCard.findFirstOrThrow({ where: { shop } })).name).toBe("First");
  });

  it("answers 409 for the same key and body sent to another endpoint", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ redemption: { email: "jane@example.com" }, cards: [cardInput()] });

    const first = await postWithKey("/v1/unit-cards/_actions/batch", key, idempotencyKey, body);
    const elsewhere = await postWithKey("/v1/unit-cards", key, idempotencyKey, body);

    expect(first.status).toBe(201);
    expect(elsewhere.status).toBe(409);
    expect(errorCode(elsewhere)).toBe("CONFLICT");
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
  });

  it("scopes keys to the shop: shop B reusing shop A's key string gets its own result", async () => {
    const shopA = await shopClient();
    const shopB = await shopClient();
    const idempotencyKey = `order-${randomUUID()}`;

    const fromA = await postWithKey("/v1/unit-cards", shopA.key, idempotencyKey, cardBody("A's card"));
    const fromB = await postWithKey("/v1/unit-cards", shopB.key, idempotencyKey, cardBody("B's card"));
    const sameBodyFromB = await postWithKey("/v1/unit-cards", shopB.key, `${idempotencyKey}-2`, cardBody("A's card"));
    const replayA = await postWithKey("/v1/unit-cards", shopA.key, idempotencyKey, cardBody("A's card"));

    expect(fromA.status).toBe(201);
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get("idempotent-replayed")).toBeNull();
    expect(fromB.text).not.toBe(fromA.text);
    expect(sameBodyFromB.status).toBe(201);
    expect(replayA.headers.get("idempotent-replayed")).toBe("true");
    expect(replayA.text).toBe(fromA.text);
    expect(await db.unitCard.count({ where: { shop: shopA.shop } })).toBe(1);
    expect(await db.unitCard.count({ where: { shop: shopB.shop } })).toBe(2);
    const cardOfB = (JSON.parse(fromB.text) as { data: { id: string; name: string } }).data;
    expect(cardOfB.name).toBe("B's card");
    expect((await apiError(shopA.client.cards.get(cardOfB.id))).status).toBe(404);
  });

  it("replays a 422 for a request that failed validation", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();
    const invalid = JSON.stringify({ ...cardInput(), email: "not-an-email" });

    const first = await postWithKey("/v1/unit-cards", key, idempotencyKey, invalid);
    const second = await postWithKey("/v1/unit-cards", key, idempotencyKey, invalid);

    expect(first.status).toBe(422);
    expect(errorPaths(first)).toEqual(["email"]);
    expect(second.status).toBe(422);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("rejects a key longer than 255 characters with 422 naming Idempotency-Key, and does no work", async () => {
    const { shop, key } = await shopClient();

    const tooLong = await postWithKey("/v1/unit-cards", key, "k".repeat(256), cardBody());

    expect(tooLong.status).toBe(422);
    expect(errorCode(tooLong)).toBe("VALIDATION_FAILED");
    expect(errorPaths(tooLong)).toEqual(["Idempotency-Key"]);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });

  it("accepts a key of exactly 255 characters", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = `${randomUUID()}${"k".repeat(255)}`.slice(0, 255);

    const first = await postWithKey("/v1/unit-cards", key, idempotencyKey, cardBody());
    const second = await postWithKey("/v1/unit-cards", key, idempotencyKey, cardBody());

    expect(first.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
  });

  it("creates exactly one card for two concurrent requests with the same key and body", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();
    const body = cardBody();

    const responses = await Promise.all([
      postWithKey("/v1/unit-cards", key, idempotencyKey, body),
      postWithKey("/v1/unit-cards", key, idempotencyKey, body),
    ]);

    expectOneWinner(responses);
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
  });

  it("creates exactly one batch for many concurrent requests with the same key and body", async () => {
    const { shop, key } = await shopClient();
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ redemption: { email: "jane@example.com" }, cards: [cardInput("One"), cardInput("Two")] });

    const responses = await Promise.all(
      Array.from({ length: 8 }, () => postWithKey("/v1/unit-cards/_actions/batch", key, idempotencyKey, body)),
    );

    expectOneWinner(responses);
    expect(await db.unitCard.count({ where: { shop } })).toBe(2);
    expect(await db.redemption.count({ where: { shop } })).toBe(1);
  });

  it("replays a redeem's 200 for a retry with the same key instead of answering 409", async () => {
    const { shop, key, client } = await shopClient();
    const card = await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ code: card.redemption!.code, owner: "shopify|2002", publicKey: walletKey() });

    const first = await postWithKey("/v1/unit-cards/_actions/redeem", key, idempotencyKey, body);
    const retry = await postWithKey("/v1/unit-cards/_actions/redeem", key, idempotencyKey, body);
    const withoutKey = await http("/v1/unit-cards/_actions/redeem", { method: "POST", key, body });

    expect(first.status).toBe(200);
    const redeemed = (JSON.parse(first.text) as { data: { id: string; status: string }[] }).data;
    expect(redeemed.map((c) => [c.id, c.status])).toEqual([[card.id, "OWNED"]]);
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
    expect(withoutKey.status).toBe(409);
    const row = await db.unitCard.findFirstOrThrow({ where: { shop, id: card.id } });
    expect(row.owner).toBe("shopify|2002");
  });
});

/** One response did the work; each other one is its replay or a 409 "in progress". */
function expectOneWinner(responses: RawResponse[]) {
  const fresh = responses.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
  expect(fresh).toHaveLength(1);
  for (const response of responses) {
    if (response === fresh[0]) continue;
    if (response.status === 201) {
      expect(response.headers.get("idempotent-replayed")).toBe("true");
      expect(response.text).toBe(fresh[0]!.text);
    } else {
      expect(response.status, response.text).toBe(409);
      expect(errorCode(response)).toBe("CONFLICT");
    }
  }
}
