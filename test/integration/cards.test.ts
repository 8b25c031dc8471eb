import { describe, expect, it } from "vitest";
import type { CreateUnitCardInput, TwinCardsClient } from "@twin-cards/client";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";
import { cardInput, GENERATED_CODE, offCurveKey, uniqueOwner, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

const DAY_MS = 86_400_000;
// Crockford base32 (no I, L, O, U) in three groups of four.

/** The raw JSON body of a GET, to see exactly which fields the server sent. */
async function rawGet(path: string, key: string) {
  const response = await http(path, { key });
  return { status: response.status, text: await response.text() };
}

const paths = (error: { details: { path: string }[] }) => error.details.map((detail) => detail.path);

describe("POST /v1/unit-cards by redemption", () => {
  it("creates a pending card for an e-mail address, masks it and returns the code once", async () => {
    const { client } = await shopClient();
    const before = Date.now();

    const card = await client.cards.create({ ...cardInput(), email: "Jane@Example.COM" });

    expect(card.status).toBe("PENDING_REDEMPTION");
    expect(card.owner).toBeNull();
    expect(card.publicKey).toBeNull();
    expect(card.redeemedAt).toBeNull();
    expect(card.id).toMatch(/^card_/);
    expect(card.redemption).toMatchObject({ email: "j***@example.com", phone: null });
    expect(card.redemption?.code).toMatch(GENERATED_CODE);
    const expiresAt = Date.parse(card.redemption!.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * DAY_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * DAY_MS + 1000);
  });

  it("answers 201 with the card in the data envelope", async () => {
    const { key } = await shopClient();
    const response = await http("/v1/unit-cards", {
      key,
      method: "POST",
      body: JSON.stringify({ ...cardInput(), email: "jane@example.com" }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { status: string; redemption: { code: string } } };
    expect(body.data.status).toBe("PENDING_REDEMPTION");
    expect(body.data.redemption.code).toMatch(GENERATED_CODE);
  });

  it("creates a pending card for a phone number, normalised to E.164 and masked", async () => {
    const { shop, client } = await shopClient();

    const card = await client.cards.create({ ...cardInput(), phone: "+1 415-555-4567" });

    expect(card.status).toBe("PENDING_REDEMPTION");
    expect(card.owner).toBeNull();
    expect(card.publicKey).toBeNull();
    expect(card.redemption).toMatchObject({ phone: "+1******4567", email: null });
    expect(card.redemption?.code).toMatch(GENERATED_CODE);
    const notification = await db.notification.findFirstOrThrow({ where: { shop } });
    expect(notification.destination).toBe("+14155554567");
  });

  it("creates a pending card for both a phone number and an e-mail address", async () => {
    const { client } = await shopClient();

    const card = await client.cards.create({ ...cardInput(), phone: "+14155554567", email: "jane@example.com" });

    expect(card.status).toBe("PENDING_REDEMPTION");
    expect(card.redemption).toMatchObject({ phone: "+1******4567", email: "j***@example.com" });
    expect(card.redemption?.code).toMatch(GENERATED_CODE);
  });

  it("keeps a chosen expiresAt and rejects one in the past, naming expiresAt", async () => {
    const { shop, client } = await shopClient();
    const expiresAt = new Date(Date.now() + 7 * DAY_MS);
    expiresAt.setMilliseconds(0);

    const card = await client.cards.create({ ...cardInput(), email: "jane@example.com", expiresAt: expiresAt.toISOString() });
    expect(card.redemption?.expiresAt).toBe(expiresAt.toISOString());

    const before = await rowsOf(shop);
    const error = await apiError(client.cards.create({ ...cardInput(), email: "jane@example.com", expiresAt: "2020-01-01T00:00:00Z" }));
    expect(error.status).toBe(422);
    expect(paths(error)).toEqual(["expiresAt"]);
    expect(await rowsOf(shop)).toEqual(before);
  });

  it("gives every creation its own code", async () => {
    const { client } = await shopClient();
    const first = await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    const second = await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    expect(first.redemption?.code).not.toBe(second.redemption?.code);
  });

  it("never returns the code again: not from GET by id, not from the list, and it is not stored in clear", async () => {
    const { shop, key, client } = await shopClient();
    const created = await client.cards.create({ ...cardInput(), phone: "+14155554567", email: "jane@example.com" });
    const code = created.redemption!.code!;

    const fetched = await client.cards.get(created.id);
    expect(fetched.redemption).toEqual({
      phone: "+1******4567",
      email: "j***@example.com",
      expiresAt: created.redemption!.expiresAt,
    });
    expect(fetched.redemption).not.toHaveProperty("code");
    const listed = await client.cards.list();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]!.redemption).not.toHaveProperty("code");

    const bareCode = code.replaceAll("-", "");
    for (const path of [`/v1/unit-cards/${created.id}`, "/v1/unit-cards"]) {
      const { status, text } = await rawGet(path, key);
      expect(status).toBe(200);
      expect(text).not.toContain(code);
      expect(text).not.toContain(bareCode);
      expect(text).not.toContain('"code"');
    }

    const redemption = await db.redemption.findFirstOrThrow({ where: { shop } });
    expect(JSON.stringify(redemption)).not.toContain(bareCode);
    expect(JSON.stringify(redemption)).not.toContain(code);
  });
});

describe("POST /v1/unit-cards by owner", () => {
  it("creates an owned card with no redemption and writes no redemption or notification", async () => {
    const { shop, client } = await shopClient();
    const owner = uniqueOwner();
    const publicKey = walletKey();

    const card = await client.cards.create({ ...cardInput(), owner, publicKey });

    expect(card.status).toBe("OWNED");
    expect(card.owner).toBe(owner);
    expect(card.publicKey).toBe(publicKey);
    expect(card.redemption).toBeNull();
    expect(card.redeemedAt).toBeNull();
    expect(await rowsOf(shop)).toEqual({ cards: 1, redemptions: 0, notifications: 0 });
  });

  it("answers 201", async () => {
    const { key } = await shopClient();
    const response = await http("/v1/unit-cards", {
      key,
      method: "POST",
      body: JSON.stringify({ ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() }),
    });
    expect(response.status).toBe(201);
  });

  it("normalises metadata and media: visibility PUBLIC and metaType NO_TYPE by default, videoUrls [], PRICE currency upper-cased", async () => {
    const { client } = await shopClient();

    const card = await client.cards.create({
      name: "Silver membership",
      media: { imageUrls: ["https://cdn.example.com/silver.png"] },
      metadata: [
        { key: "sku", value: "SILVER-1", metaType: "RETAIL_IDENTIFIER" },
        { key: "price", value: [19.99, "eur"], metaType: "PRICE" },
        { key: "note", value: { colour: "silver" } },
        { key: "supplier-cost", value: 7, visibility: "PRIVATE" },
      ],
      owner: uniqueOwner(),
      publicKey: walletKey(),
    });

    const expected = {
      name: "Silver membership",
      media: { imageUrls: ["https://cdn.example.com/silver.png"], videoUrls: [] },
      metadata: [
        { key: "sku", value: "SILVER-1", metaType: "RETAIL_IDENTIFIER", visibility: "PUBLIC" },
        { key: "price", value: [19.99, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
        { key: "note", value: { colour: "silver" }, metaType: "NO_TYPE", visibility: "PUBLIC" },
        { key: "supplier-cost", value: 7, metaType: "NO_TYPE", visibility: "PRIVATE" },
      ],
    };
    expect(card).toMatchObject(expected);
    expect(await client.cards.get(card.id)).toMatchObject(expected);
  });
});

describe("POST /v1/unit-cards with invalid input", () => {
  /** Sends a creation that must fail with 422 and checks that nothing was written for the shop. */
  async function rejected(input: CreateUnitCardInput) {
    const { shop, client } = await shopClient();
    const before = await rowsOf(shop);
    const error = await apiError(client.cards.create(input));
    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(await rowsOf(shop)).toEqual(before);
    return error;
  }

  it("rejects both kinds at once, naming each field, and writes nothing", async () => {
    const error = await rejected({ ...cardInput(), email: "jane@example.com", owner: uniqueOwner(), publicKey: walletKey() });
    expect(paths(error)).toEqual(expect.arrayContaining(["email", "owner", "publicKey"]));
  });

  it("rejects phone plus owner, naming both", async () => {
    const error = await rejected({ ...cardInput(), phone: "+14155554567", owner: uniqueOwner(), publicKey: walletKey() });
    expect(paths(error)).toEqual(expect.arrayContaining(["phone", "owner"]));
  });

  it("rejects an off-curve public key for an owner, naming publicKey", async () => {
    const error = await rejected({ ...cardInput(), owner: uniqueOwner(), publicKey: offCurveKey() });
    expect(paths(error)).toEqual(["publicKey"]);
  });

  it("rejects an owner without a public key, naming publicKey", async () => {
    const error = await rejected({ ...cardInput(), owner: uniqueOwner() });
    expect(paths(error)).toEqual(["publicKey"]);
  });

  it("rejects a malformed owner, naming owner", async () => {
    const error = await rejected({ ...cardInput(), owner: "Shopify|has space", publicKey: walletKey() });
    expect(paths(error)).toEqual(["owner"]);
  });

  it.each(["4155554567", "+1 555", "not a phone", "+999123456789"])("rejects the phone %j, naming phone", async (phone) => {
    const error = await rejected({ ...cardInput(), phone });
    expect(paths(error)).toEqual(["phone"]);
  });

  it("rejects a bad e-mail address, naming email", async () => {
    const error = await rejected({ ...cardInput(), email: "jane@" });
    expect(paths(error)).toEqual(["email"]);
  });

  it("rejects a card with neither a recipient nor an owner", async () => {
    const error = await rejected({ ...cardInput() });
    expect(paths(error)).toEqual(["phone"]);
  });

  it("names every offending field at once", async () => {
    const error = await rejected({
      name: "   ",
      media: { imageUrls: ["ftp://cdn.example.com/x.png"], videoUrls: [] },
      metadata: [
        { key: "price", value: [-1, "EUR"], metaType: "PRICE" },
        { key: "price", value: "again" },
      ],
      phone: "12",
    });
    expect(paths(error)).toEqual(expect.arrayContaining(["name", "media.imageUrls[0]", "metadata[0].value", "metadata[1].key", "phone"]));
  });
});

describe("GET /v1/unit-cards/{id}", () => {
  it("returns the card as created", async () => {
    const { client } = await shopClient();
    const created = await client.cards.create({ ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() });

    expect(await client.cards.get(created.id)).toEqual(created);
  });

  it("answers 404 NOT_FOUND for an unknown id", async () => {
    const { client } = await shopClient();
    const error = await apiError(client.cards.get("card_01J0000000000000000000000Z"));
    expect(error.status).toBe(404);
    expect(error.code).toBe("NOT_FOUND");
  });
});

describe("GET /v1/unit-cards", () => {
  async function createOwned(client: TwinCardsClient, name: string, owner = uniqueOwner()) {
    return client.cards.create({ ...cardInput(name), owner, publicKey: walletKey() });
  }

  it("lists the shop's cards newest first", async () => {
    const { client } = await shopClient();
    const first = await createOwned(client, "First");
    const second = await client.cards.create({ ...cardInput("Second"), email: "jane@example.com" });
    const third = await createOwned(client, "Third");

    const page = await client.cards.list();

    expect(page.data.map((card) => card.id)).toEqual([third.id, second.id, first.id]);
    expect(page.nextCursor).toBeNull();
  });

  it("filters by owner", async () => {
    const { client } = await shopClient();
    const alice = uniqueOwner();
    const a1 = await createOwned(client, "A1", alice);
    await createOwned(client, "B1");
    const a2 = await createOwned(client, "A2", alice);
    await client.cards.create({ ...cardInput("Pending"), email: "jane@example.com" });

    const page = await client.cards.list({ owner: alice });

    expect(page.data.map((card) => card.id)).toEqual([a2.id, a1.id]);
    expect(page.data.every((card) => card.owner === alice)).toBe(true);
  });

  it("filters by status", async () => {
    const { client } = await shopClient();
    const owned = await createOwned(client, "Owned");
    const pending1 = await client.cards.create({ ...cardInput("P1"), email: "jane@example.com" });
    const pending2 = await client.cards.create({ ...cardInput("P2"), phone: "+14155554567" });

    const pending = await client.cards.list({ status: "PENDING_REDEMPTION" });
    const ownedPage = await client.cards.list({ status: "OWNED" });

    expect(pending.data.map((card) => card.id)).toEqual([pending2.id, pending1.id]);
    expect(ownedPage.data.map((card) => card.id)).toEqual([owned.id]);
  });

  it("pages with a cursor: 6 cards, limit 2, three pages, each card exactly once", async () => {
    const { client } = await shopClient();
    const created = [];
    for (let i = 0; i < 6; i++) created.push(await createOwned(client, `Card ${i}`));
    const newestFirst = created.map((card) => card.id).reverse();

    const page1 = await client.cards.list({ limit: 2 });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await client.cards.list({ limit: 2, cursor: page1.nextCursor! });
    expect(page2.nextCursor).toEqual(expect.any(String));
    const page3 = await client.cards.list({ limit: 2, cursor: page2.nextCursor! });
    expect(page3.nextCursor).toBeNull();

    expect([page1, page2, page3].map((page) => page.data.length)).toEqual([2, 2, 2]);
    expect([...page1.data, ...page2.data, ...page3.data].map((card) => card.id)).toEqual(newestFirst);

    const all = [];
    for await (const card of client.cards.list({ limit: 2 })) all.push(card.id);
    expect(all).toEqual(newestFirst);
  });

  it("pages a filtered list without mixing in other cards", async () => {
    const { client } = await shopClient();
    const alice = uniqueOwner();
    const hers = [];
    for (let i = 0; i < 5; i++) {
      hers.push(await createOwned(client, `Hers ${i}`, alice));
      await createOwned(client, `Other ${i}`);
    }

    const all = [];
    for await (const card of client.cards.list({ owner: alice, limit: 2 })) all.push(card.id);

    expect(all).toEqual(hers.map((card) => card.id).reverse());
  });

  it.each([
    "not-a-cursor",
    Buffer.from("card_' OR 1=1 --").toString("base64url"),
    Buffer.from("red_01J0000000000000000000000Z").toString("base64url"),
  ])("rejects the tampered cursor %j with 422 naming cursor", async (cursor) => {
    const { client } = await shopClient();
    await createOwned(client, "One");
    const error = await apiError(client.cards.list({ cursor }));
    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(paths(error)).toEqual(["cursor"]);
  });

  it.each([0, 101, 2.5])("rejects limit=%s with 422 naming limit", async (limit) => {
    const { client } = await shopClient();
    const error = await apiError(client.cards.list({ limit }));
    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(paths(error)).toEqual(["limit"]);
  });

  it("accepts limit=100 and limit=1", async () => {
    const { client } = await shopClient();
    const a = await createOwned(client, "A");
    const b = await createOwned(client, "B");
    expect((await client.cards.list({ limit: 100 })).data.map((card) => card.id)).toEqual([b.id, a.id]);
    const one = await client.cards.list({ limit: 1 });
    expect(one.data.map((card) => card.id)).toEqual([b.id]);
    expect(one.nextCursor).toEqual(expect.any(String));
  });

  it("rejects an unknown status, naming status", async () => {
    const { client } = await shopClient();
    const error = await apiError(client.cards.list({ status: "REDEEMED" as "OWNED" }));
    expect(error.status).toBe(422);
    expect(paths(error)).toEqual(["status"]);
  });
});
