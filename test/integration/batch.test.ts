import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";
import { cardInput, GENERATED_CODE, offCurveKey, uniqueOwner, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

const paths = (error: { details: { path: string }[] }) => error.details.map((detail) => detail.path);

const NOTHING = { cards: 0, redemptions: 0, notifications: 0 };

describe("POST /v1/unit-cards/_actions/batch, redemption variant", () => {
  it("creates every card under one shared code, in input order, with one redemption and its notifications", async () => {
    const { shop, client } = await shopClient();
    const names = ["Gold", "Silver", "Bronze"];

    const cards = await client.cards.createBatch({
      redemption: { phone: "+14155554567", email: "Jane@Example.com" },
      cards: names.map((name) => cardInput(name)),
    });

    expect(cards.map((card) => card.name)).toEqual(names);
    const code = cards[0]!.redemption!.code!;
    expect(code).toMatch(GENERATED_CODE);
    for (const card of cards) {
      expect(card.status).toBe("PENDING_REDEMPTION");
      expect(card.owner).toBeNull();
      expect(card.publicKey).toBeNull();
      expect(card.redemption).toEqual({
        phone: "+1******4567",
        email: "j***@example.com",
        expiresAt: cards[0]!.redemption!.expiresAt,
        code,
      });
    }
    expect(await rowsOf(shop)).toEqual({ cards: 3, redemptions: 1, notifications: 2 });
    const redemption = await db.redemption.findFirstOrThrow({ where: { shop } });
    const stored = await db.unitCard.findMany({ where: { shop } });
    expect(stored.every((row) => row.redemptionId === redemption.id)).toBe(true);
    const notifications = await db.notification.findMany({ where: { shop } });
    expect(notifications.map((row) => row.channel).sort()).toEqual(["EMAIL", "SMS"]);
    expect(notifications.every((row) => row.redemptionId === redemption.id)).toBe(true);
  });

  it("answers 201", async () => {
    const { key } = await shopClient();
    const response = await http("/v1/unit-cards/_actions/batch", {
      key,
      method: "POST",
      body: JSON.stringify({ redemption: { email: "jane@example.com" }, cards: [cardInput("A"), cardInput("B")] }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: { name: string }[] };
    expect(body.data.map((card) => card.name)).toEqual(["A", "B"]);
  });

  it("uses the merchant's own code, which redeems case-insensitively and whatever the hyphenation", async () => {
    const { client } = await shopClient();
    const cards = await client.cards.createBatch({
      redemption: { email: "jane@example.com", code: "SPRING-2027-GIFT" },
      cards: [cardInput("Gold"), cardInput("Silver")],
    });
    expect(cards.map((card) => card.redemption?.code)).toEqual(["SPRING-2027-GIFT", "SPRING-2027-GIFT"]);

    const owner = uniqueOwner();
    const publicKey = walletKey();
    const redeemed = await client.cards.redeem({ code: "spri-ng20-27gi-ft", owner, publicKey });

    expect(redeemed.map((card) => card.id).sort()).toEqual(cards.map((card) => card.id).sort());
    for (const card of redeemed) expect(card).toMatchObject({ status: "OWNED", owner, publicKey });
  });

  it("rejects the same custom code again in the same shop (409 naming redemption.code) and writes nothing", async () => {
    const { shop, client } = await shopClient();
    await client.cards.createBatch({ redemption: { email: "jane@example.com", code: "SPRING-2027-GIFT" }, cards: [cardInput()] });
    const before = await rowsOf(shop);

    for (const code of ["SPRING-2027-GIFT", "spring 2027 gift"]) {
      const error = await apiError(
        client.cards.createBatch({ redemption: { phone: "+14155554567", code }, cards: [cardInput("A"), cardInput("B")] }),
      );
      expect(error.status).toBe(409);
      expect(error.code).toBe("CONFLICT");
      expect(paths(error)).toEqual(["redemption.code"]);
    }
    expect(await rowsOf(shop)).toEqual(before);
  });

  it("lets only one of five concurrent batches take the same custom code", async () => {
    const { shop, client } = await shopClient();

    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        client.cards
          .createBatch({ redemption: { email: "jane@example.com", code: "SPRING-2027-GIFT" }, cards: [cardInput(`Card ${i}`)] })
          .then(
            () => undefined,
            (error: unknown) => apiError(Promise.reject(error)),
          ),
      ),
    );

    const failures = outcomes.filter((outcome) => outcome !== undefined);
    expect(failures).toHaveLength(4);
    for (const error of failures) {
      expect(error.status).toBe(409);
      expect(paths(error)).toEqual(["redemption.code"]);
    }
    expect(await rowsOf(shop)).toEqual({ cards: 1, redemptions: 1, notifications: 1 });
  });

  it("accepts the same custom code in another shop", async () => {
    const a = await shopClient();
    const b = await shopClient();
    await a.client.cards.createBatch({ redemption: { email: "jane@example.com", code: "SPRING-2027-GIFT" }, cards: [cardInput()] });

    const cards = await b.client.cards.createBatch({
      redemption: { email: "john@example.com", code: "SPRING-2027-GIFT" },
      cards: [cardInput()],
    });

    expect(cards[0]!.redemption?.code).toBe("SPRING-2027-GIFT");
    expect(await rowsOf(b.shop)).toEqual({ cards: 1, redemptions: 1, notifications: 1 });
  });

  it.each(["SHORT-1", "bad_code!!"])("rejects the custom code %j, naming redemption.code", async (code) => {
    const { shop, client } = await shopClient();
    const error = await apiError(client.cards.createBatch({ redemption: { email: "jane@example.com", code }, cards: [cardInput()] }));
    expect(error.status).toBe(422);
    expect(paths(error)).toEqual(["redemption.code"]);
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });
});

describe("POST /v1/unit-cards/_actions/batch, owner variant", () => {
  it("creates every card owned by the owner, in input order, with no redemption or notification", async () => {
    const { shop, client } = await shopClient();
    const owner = uniqueOwner();
    const publicKey = walletKey();
    const names = ["One", "Two", "Three", "Four"];

    const cards = await client.cards.createBatch({ owner, publicKey, cards: names.map((name) => cardInput(name)) });

    expect(cards.map((card) => card.name)).toEqual(names);
    for (const card of cards) {
      expect(card).toMatchObject({ status: "OWNED", owner, publicKey, redemption: null, redeemedAt: null });
    }
    expect(await rowsOf(shop)).toEqual({ cards: 4, redemptions: 0, notifications: 0 });
    const listed = await client.cards.list({ owner });
    expect(listed.data.map((card) => card.id)).toEqual(cards.map((card) => card.id).reverse());
  });

  it("rejects an off-curve public key, naming publicKey, and writes nothing", async () => {
    const { shop, client } = await shopClient();
    const error = await apiError(client.cards.createBatch({ owner: uniqueOwner(), publicKey: offCurveKey(), cards: [cardInput()] }));
    expect(error.status).toBe(422);
    expect(paths(error)).toEqual(["publicKey"]);
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });

  it("rejects redemption and owner together, and writes nothing", async () => {
    const { shop, client } = await shopClient();
    const error = await apiError(
      // Both on purpose: the types refuse it too.
      client.cards.createBatch({
        redemption: { email: "jane@example.com" },
        owner: uniqueOwner(),
        publicKey: walletKey(),
        cards: [cardInput()],
      } as never),
    );
    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(paths(error)).toContain("redemption");
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });
});

describe("POST /v1/unit-cards/_actions/batch, all or nothing", () => {
  it("rejects a batch whose second card is bad, naming cards[1], and writes nothing at all", async () => {
    const { shop, client } = await shopClient();
    const bad = { ...cardInput("Bad"), media: { imageUrls: ["javascript:alert(1)"], videoUrls: [] } };

    const error = await apiError(
      client.cards.createBatch({
        redemption: { phone: "+14155554567", email: "jane@example.com" },
        cards: [cardInput("A"), bad, cardInput("C")],
      }),
    );

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(paths(error)).toEqual(["cards[1].media.imageUrls[0]"]);
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });

  it("names every bad card's field, by index", async () => {
    const { shop, client } = await shopClient();
    const error = await apiError(
      client.cards.createBatch({
        owner: uniqueOwner(),
        publicKey: walletKey(),
        cards: [cardInput("A"), { ...cardInput(), name: "" }, cardInput("C"), { ...cardInput("D"), metadata: [{ key: "", value: 1 }] }],
      }),
    );
    expect(error.status).toBe(422);
    expect(paths(error)).toEqual(expect.arrayContaining(["cards[1].name", "cards[3].metadata[0].key"]));
    expect(paths(error).every((path) => path.startsWith("cards[1].") || path.startsWith("cards[3]."))).toBe(true);
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });

  it("rejects an empty batch, naming cards", async () => {
    const { shop, client } = await shopClient();
    const error = await apiError(client.cards.createBatch({ redemption: { email: "jane@example.com" }, cards: [] }));
    expect(error.status).toBe(422);
    expect(paths(error)).toEqual(["cards"]);
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });

  it("stores a batch of 500 cards", async () => {
    const { shop, client } = await shopClient();
    const names = Array.from({ length: 500 }, (_, i) => `Card ${i}`);

    const cards = await client.cards.createBatch({
      redemption: { email: "jane@example.com" },
      cards: names.map((name) => cardInput(name)),
    });

    expect(cards.map((card) => card.name)).toEqual(names);
    expect(new Set(cards.map((card) => card.redemption?.code)).size).toBe(1);
    expect(await rowsOf(shop)).toEqual({ cards: 500, redemptions: 1, notifications: 1 });
  });

  it("rejects a batch of 501 cards, naming cards, and writes nothing", async () => {
    const { shop, client } = await shopClient();

    const error = await apiError(
      client.cards.createBatch({
        owner: uniqueOwner(),
        publicKey: walletKey(),
        cards: Array.from({ length: 501 }, (_, i) => cardInput(`Card ${i}`)),
      }),
    );

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(paths(error)).toEqual(["cards"]);
    expect(await rowsOf(shop)).toEqual(NOTHING);
  });
});
