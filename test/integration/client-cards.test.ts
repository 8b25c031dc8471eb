import { AuthenticationError, NotFoundError, TwinCardsClient, TwinCardsError, ValidationError, type UnitCard } from "@twin-cards/client";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { apiError, baseUrl } from "../support/api";
import { packageClient } from "../support/client-package";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";

/*
 * The client package (client/src, as `@twin-cards/client`) against the built
 * server: what an integrator's calls return, and how they fail.
 */

const names = (cards: UnitCard[]) => cards.map((card) => card.name);

describe("the client package's cards", () => {
  it("creates cards and iterates the list across pages, following nextCursor to the last", async () => {
    const { client, sent } = await packageClient();
    const owner = uniqueOwner();
    for (const n of [1, 2, 3, 4, 5, 6, 7]) await client.cards.create({ ...cardInput(`Card ${n}`), owner, publicKey: walletKey() });
    const newestFirst = ["Card 7", "Card 6", "Card 5", "Card 4", "Card 3", "Card 2", "Card 1"];
    sent.length = 0;

    const firstPage = await client.cards.list({ limit: 3 });
    expect(names(firstPage.data)).toEqual(newestFirst.slice(0, 3));
    expect(firstPage.nextCursor).toEqual(expect.any(String));

    const iterated: string[] = [];
    for await (const card of client.cards.list({ limit: 3 })) iterated.push(card.name);
    expect(iterated).toEqual(newestFirst);
    // One request for the awaited page, then three pages of 3, 3 and 1 for the iteration.
    expect(sent.map((request) => new URL(request.url).searchParams.get("cursor"))).toEqual([
      null,
      null,
      firstPage.nextCursor,
      expect.any(String),
    ]);

    const pages: number[] = [];
    for await (const page of client.cards.list({ owner, limit: 5 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([5, 2]);
    // Iteration may start from a page's cursor; the filters apply to every page.
    const ownersFirst = await client.cards.list({ owner, limit: 3 });
    const rest: string[] = [];
    for await (const card of client.cards.list({ owner, limit: 2, cursor: ownersFirst.nextCursor! })) rest.push(card.name);
    expect(rest).toEqual(newestFirst.slice(3));
  });

  it("gives a 422 as a ValidationError naming the offending field, and writes nothing", async () => {
    const { shop, client, sent } = await packageClient();

    const error = await apiError(
      client.cards.createBatch({
        redemption: { email: "jane@example.com" },
        cards: [cardInput("First"), cardInput("Second"), { ...cardInput("Third"), media: { imageUrls: ["not a url"] } }],
      }),
    );

    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(TwinCardsError);
    expect(error).toMatchObject({ name: "ValidationError", status: 422, code: "VALIDATION_FAILED", requestId: expect.any(String) });
    expect(error.details).toEqual([{ path: "cards[2].media.imageUrls[0]", message: expect.any(String) }]);
    expect(error.message).toEqual(expect.any(String));
    // Not retried: the same request would fail the same way.
    expect(sent).toHaveLength(1);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
    expect((await client.cards.list()).data).toEqual([]);
  });

  it("answers another shop's card as NotFoundError, on reads and writes, and leaves it as it was", async () => {
    const mine = await packageClient();
    const theirs = await packageClient();
    const card = await theirs.client.cards.create({ ...cardInput("Theirs"), email: "jane@example.com" });

    for (const call of [() => mine.client.cards.get(card.id), () => mine.client.cards.void(card.id, { reason: "not mine" })]) {
      const error = await apiError(call());
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: "NOT_FOUND" });
    }
    expect(await theirs.client.cards.get(card.id)).toMatchObject({ status: "PENDING_REDEMPTION", voidedAt: null });
    expect((await mine.client.cards.list()).data).toEqual([]);
  });

  it("answers a wrong API key with AuthenticationError at once, reading and writing nothing", async () => {
    const { shop, key } = await packageClient();
    const requests: string[] = [];
    const wrong = new TwinCardsClient({
      baseUrl,
      apiKey: `${key.slice(0, -4)}XXXX`,
      fetch: (input, init) => {
        requests.push(`${init?.method} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });

    for (const call of [() => wrong.cards.list(), () => wrong.cards.create({ ...cardInput(), email: "jane@example.com" })]) {
      const error = await apiError(call());
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: "UNAUTHENTICATED", details: [] });
    }
    expect(requests).toEqual(["GET /v1/unit-cards", "POST /v1/unit-cards"]);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);
  });
});
