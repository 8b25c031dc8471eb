import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RedeemInput, TwinCardsClient } from "@twin-cards/client";
import { TwinCardsError } from "@twin-cards/client";
import { db } from "~/db/client.server";
import { apiError, http, shopClient } from "../support/api";
import { cardInput, offCurveKey, uniqueOwner, walletKey } from "../support/fixtures";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A well-formed code that was never issued (random, so its prefix differs from any other's). */
const unknownCode = () => [0, 1, 2].map(() => Array.from({ length: 4 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join("")).join("-");

/** Two pending cards under one fresh code. */
async function pendingCards(client: TwinCardsClient) {
  const cards = await client.cards.createBatch({
    redemption: { email: "jane@example.com", phone: "+14155554567" },
    cards: [cardInput("Gold"), cardInput("Silver")],
  });
  return { cards, ids: cards.map((card) => card.id).sort(), code: cards[0]!.redemption!.code! };
}

const paths = (error: { details: { path: string }[] }) => error.details.map((detail) => detail.path);

describe("POST /v1/unit-cards/_actions/redeem", () => {
  it("answers 200 and claims every card of the code for the owner and key", async () => {
    const { key, client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const owner = uniqueOwner();
    const publicKey = walletKey();
    const before = Date.now();

    const response = await http("/v1/unit-cards/_actions/redeem", {
      key,
      method: "POST",
      body: JSON.stringify({ code, owner, publicKey }),
    });

    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { id: string; status: string; owner: string; publicKey: string; redeemedAt: string }[];
    };
    expect(data.map((card) => card.id).sort()).toEqual(ids);
    for (const card of data) {
      expect(card).toMatchObject({ status: "OWNED", owner, publicKey });
      expect(Date.parse(card.redeemedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(card.redeemedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    for (const id of ids) {
      const card = await client.cards.get(id);
      expect(card).toMatchObject({ status: "OWNED", owner, publicKey, redeemedAt: data[0]!.redeemedAt });
      expect(card.redemption).not.toHaveProperty("code");
    }
    expect((await client.cards.list({ owner })).data.map((card) => card.id).sort()).toEqual(ids);
    expect((await client.cards.list({ status: "PENDING_REDEMPTION" })).data).toEqual([]);
  });

  it("claims with no publicKey: the shop holds the cards for the owner (custody HELD, publicKey null)", async () => {
    const { key, client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const owner = uniqueOwner();

    const response = await http("/v1/unit-cards/_actions/redeem", { key, method: "POST", body: JSON.stringify({ code, owner }) });

    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { id: string; status: string; owner: string; publicKey: string | null; custody: string; chain: unknown }[];
    };
    expect(data.map((card) => card.id).sort()).toEqual(ids);
    for (const card of data) expect(card).toMatchObject({ status: "OWNED", owner, publicKey: null, custody: "HELD", chain: null });
    for (const id of ids) expect(await client.cards.get(id)).toMatchObject({ status: "OWNED", owner, publicKey: null, custody: "HELD" });
    expect((await client.cards.list({ owner })).data.map((card) => card.custody)).toEqual(["HELD", "HELD"]);
    const events = await http("/v1/events?type=unit_card.redeemed", { key });
    const redeemed = ((await events.json()) as { data: { data: { object: { id: string; custody: string } } }[] }).data;
    expect(
      redeemed
        .map((event) => event.data.object)
        .filter((card) => ids.includes(card.id))
        .map((card) => card.custody),
    ).toEqual(["HELD", "HELD"]);
  });

  it("accepts the code in lower case and without hyphens", async () => {
    const { client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const owner = uniqueOwner();

    const cards = await client.cards.redeem({ code: code.toLowerCase().replaceAll("-", ""), owner, publicKey: walletKey() });

    expect(cards.map((card) => card.id).sort()).toEqual(ids);
    expect(cards.every((card) => card.status === "OWNED" && card.owner === owner)).toBe(true);
  });

  it("is single-use: a second redeem gets 409 CONFLICT and the cards keep their first owner", async () => {
    const { client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const first = { owner: uniqueOwner(), publicKey: walletKey() };
    await client.cards.redeem({ code, ...first });

    const error = await apiError(client.cards.redeem({ code, owner: uniqueOwner(), publicKey: walletKey() }));

    expect(error.status).toBe(409);
    expect(error.code).toBe("CONFLICT");
    for (const id of ids) expect(await client.cards.get(id)).toMatchObject({ status: "OWNED", ...first });
  });

  it("answers 404 NOT_FOUND for a code that was never issued, and changes nothing", async () => {
    const { client } = await shopClient();
    const { ids } = await pendingCards(client);

    const error = await apiError(client.cards.redeem({ code: unknownCode(), owner: uniqueOwner(), publicKey: walletKey() }));

    expect(error.status).toBe(404);
    expect(error.code).toBe("NOT_FOUND");
    for (const id of ids) expect((await client.cards.get(id)).status).toBe("PENDING_REDEMPTION");
  });

  it("answers 410 EXPIRED for an expired code and leaves the cards pending", async () => {
    const { shop, client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    await db.redemption.updateMany({ where: { shop }, data: { expiresAt: new Date(Date.now() - 60_000) } });

    const error = await apiError(client.cards.redeem({ code, owner: uniqueOwner(), publicKey: walletKey() }));

    expect(error.status).toBe(410);
    expect(error.code).toBe("EXPIRED");
    for (const id of ids) {
      expect(await client.cards.get(id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null, publicKey: null, redeemedAt: null });
    }
    const redemption = await db.redemption.findFirstOrThrow({ where: { shop } });
    expect(redemption.redeemedAt).toBeNull();
  });

  it("lets exactly one of 10 concurrent redeems of one code win; the other nine get 409", async () => {
    const { shop, client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const contenders = await Promise.all(
      Array.from({ length: 10 }, async () => ({ ...(await shopClient(shop)), owner: uniqueOwner(), publicKey: walletKey() })),
    );
    expect(new Set(contenders.map((contender) => contender.clientAddress)).size).toBe(10);

    const outcomes = await Promise.all(
      contenders.map(({ client: contenderClient, owner, publicKey }) =>
        contenderClient.cards.redeem({ code, owner, publicKey }).then(
          (cards) => ({ owner, publicKey, cards, error: undefined }),
          (error: unknown) => ({ owner, publicKey, cards: undefined, error }),
        ),
      ),
    );

    const winners = outcomes.filter((outcome) => outcome.cards);
    const losers = outcomes.filter((outcome) => outcome.error);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(9);
    for (const { error } of losers) {
      expect(error).toBeInstanceOf(TwinCardsError);
      expect(error).toMatchObject({ status: 409, code: "CONFLICT" });
    }
    const winner = winners[0]!;
    expect(winner.cards!.map((card) => card.id).sort()).toEqual(ids);
    for (const id of ids) {
      expect(await client.cards.get(id)).toMatchObject({ status: "OWNED", owner: winner.owner, publicKey: winner.publicKey });
    }
    const redemption = await db.redemption.findFirstOrThrow({ where: { shop } });
    expect(redemption).toMatchObject({ redeemedBy: winner.owner, redeemedPublicKey: winner.publicKey });
  });

  it.each<[string, (code: string) => Partial<RedeemInput>, string[]]>([
    ["a missing owner", (code) => ({ code, publicKey: walletKey() }), ["owner"]],
    ["an off-curve public key", (code) => ({ code, owner: uniqueOwner(), publicKey: offCurveKey() }), ["publicKey"]],
    ["a malformed owner", (code) => ({ code, owner: "no provider", publicKey: walletKey() }), ["owner"]],
    ["a missing code", () => ({ owner: uniqueOwner(), publicKey: walletKey() }), ["code"]],
    ["an empty body", () => ({}), ["code", "owner"]],
  ])("rejects %s with 422 naming the field, and changes nothing", async (_, body, expectedPaths) => {
    const { client } = await shopClient();
    const { ids, code } = await pendingCards(client);

    const error = await apiError(client.cards.redeem(body(code) as RedeemInput));

    expect(error.status).toBe(422);
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(paths(error).sort()).toEqual(expectedPaths);
    for (const id of ids) expect((await client.cards.get(id)).status).toBe("PENDING_REDEMPTION");
  });
});

describe("shop isolation", () => {
  it("hides shop A's cards and code from shop B and leaves them untouched", async () => {
    const a = await shopClient();
    const b = await shopClient();
    const { ids, code } = await pendingCards(a.client);
    const aOwner = uniqueOwner();
    const owned = await a.client.cards.create({ ...cardInput("A owned"), owner: aOwner, publicKey: walletKey() });
    const bCard = await b.client.cards.create({ ...cardInput("B's own"), email: "john@example.com" });

    for (const id of [...ids, owned.id]) {
      const error = await apiError(b.client.cards.get(id));
      expect(error.status).toBe(404);
      expect(error.code).toBe("NOT_FOUND");
    }
    const redeemError = await apiError(b.client.cards.redeem({ code, owner: uniqueOwner(), publicKey: walletKey() }));
    expect(redeemError.status).toBe(404);
    expect(redeemError.code).toBe("NOT_FOUND");

    const bIds = [];
    for await (const card of b.client.cards.list()) bIds.push(card.id);
    expect(bIds).toEqual([bCard.id]);
    expect((await b.client.cards.list({ owner: aOwner })).data).toEqual([]);
    expect((await b.client.cards.list({ status: "PENDING_REDEMPTION" })).data.map((card) => card.id)).toEqual([bCard.id]);

    for (const id of ids) {
      expect(await a.client.cards.get(id)).toMatchObject({ status: "PENDING_REDEMPTION", owner: null, redeemedAt: null });
    }
    expect(await db.redemption.findFirstOrThrow({ where: { shop: a.shop } })).toMatchObject({ redeemedAt: null });
    // Shop A's code still works in shop A after shop B tried it.
    const redeemed = await a.client.cards.redeem({ code, owner: uniqueOwner(), publicKey: walletKey() });
    expect(redeemed.map((card) => card.id).sort()).toEqual(ids);
  });
});

describe("redeem rate limit", () => {
  it("answers the 11th attempt within a minute from one address with 429 RATE_LIMITED and Retry-After", async () => {
    const { client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const attempt = (tryCode: string) => client.cards.redeem({ code: tryCode, owner: uniqueOwner(), publicKey: walletKey() });

    for (let i = 0; i < 10; i++) {
      const error = await apiError(attempt(unknownCode()));
      expect(error.status).toBe(404);
      expect(error.code).toBe("NOT_FOUND");
    }
    const limited = await apiError(attempt(unknownCode()));

    expect(limited.status).toBe(429);
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.retryAfter).toBeGreaterThanOrEqual(1);

    // Even the right code is refused from that address until the limit lifts.
    const rightCode = await apiError(attempt(code));
    expect(rightCode.status).toBe(429);
    for (const id of ids) expect((await client.cards.get(id)).status).toBe("PENDING_REDEMPTION");
  });

  it("limits guesses at one code prefix across addresses", async () => {
    const { shop, client } = await shopClient();
    const { ids, code } = await pendingCards(client);
    const prefix = code.slice(0, 4);
    const guess = () => `${prefix}-${unknownCode().slice(5)}`;

    for (let i = 0; i < 10; i++) {
      const { client: guesser } = await shopClient(shop);
      const error = await apiError(guesser.cards.redeem({ code: guess(), owner: uniqueOwner(), publicKey: walletKey() }));
      expect(error.status).toBe(404);
    }
    const { client: eleventh } = await shopClient(shop);
    const limited = await apiError(eleventh.cards.redeem({ code: guess(), owner: uniqueOwner(), publicKey: walletKey() }));

    expect(limited.status).toBe(429);
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.retryAfter).toBeGreaterThanOrEqual(1);
    for (const id of ids) expect((await client.cards.get(id)).status).toBe("PENDING_REDEMPTION");
  });
});
