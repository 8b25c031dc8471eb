import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { GIFT_CANCELLED, GIFTS_AT_ONCE } from "~/domain/gifts.server";
import { uniqueShop } from "../support/api";
import { visibleText } from "../support/admin";
import { postForm, postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { walletKey } from "../support/fixtures";

// Gifting through the storefront (decision 0043): the holder gives a card by e-mail or phone,
// the recipient claims it with the new code like any card, the giver can take it back until then.

const owner = (customerId: string) => `shopify|${customerId}`;
const FIRST_EMAIL = `first-${randomUUID().slice(0, 6)}@example.com`;

interface StorefrontCard {
  id: string;
  status: string;
  custody: string | null;
  giftable: boolean;
  verifyUrl: string;
}

const give = (shop: string, customerId: string, cardId: string, body: unknown) =>
  postJson(signedProxyUrl(`/proxy/cards/${cardId}/give`, { shop, customerId }), body);
const cancel = (shop: string, customerId: string, cardId: string) =>
  postJson(signedProxyUrl(`/proxy/cards/${cardId}/cancel-gift`, { shop, customerId }), {});
const claim = (shop: string, customerId: string, code: string, publicKey?: string) =>
  postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), publicKey ? { code, publicKey } : { code });
const cardsOf = async (shop: string, customerId: string) =>
  ((await (await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }))).json()) as { data: { cards: StorefrontCard[] } }).data
    .cards;

/** A card claimed, with no wallet, by a new customer of a new shop. */
async function heldCard() {
  const shop = uniqueShop();
  const giver = uniqueCustomerId();
  const created = await createCard(shop, {
    name: `Backstage pass ${randomUUID().slice(0, 6)}`,
    media: { imageUrls: ["https://cdn.example.com/pass.png"], videoUrls: [] },
    metadata: [{ key: "door", value: "B" }],
    email: FIRST_EMAIL,
  });
  expect((await claim(shop, giver, created.redemption!.code!)).status).toBe(200);
  return { shop, giver, card: created };
}

/** The code in the gift's claim message, as the recipient receives it (the dispatcher is off in tests: the row keeps it). */
async function giftCode(cardId: string): Promise<{ code: string; destination: string; giftMessage: unknown }> {
  const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId, status: "PENDING" } });
  const message = await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } });
  const payload = message.payload as { code: string; giftMessage?: unknown };
  return { code: payload.code, destination: message.destination, giftMessage: payload.giftMessage };
}

/** Every row gifting writes, for a shop: proof that a refusal wrote nothing. */
const giftRows = async (shop: string) => ({
  transfers: await db.cardTransfer.count({ where: { shop } }),
  redemptions: await db.redemption.count({ where: { shop } }),
  notifications: await db.notification.count({ where: { shop } }),
});

describe("giving a card from the storefront", () => {
  it("sends a new code to the recipient, who claims the card with no wallet; the giver no longer holds it", async () => {
    const { shop, giver, card } = await heldCard();
    const friend = uniqueCustomerId();

    const given = await give(shop, giver, card.id, { email: " Friend@Example.com ", message: "Happy birthday!" });

    expect(given.status).toBe(200);
    expect((await given.json()) as { data: StorefrontCard }).toMatchObject({
      data: { id: card.id, status: "PENDING_TRANSFER", giftable: false, sentTo: expect.stringMatching(/^f\*\*\*@example\.com$/i) },
    });
    const sent = await giftCode(card.id);
    expect(sent).toMatchObject({ destination: "friend@example.com", giftMessage: "Happy birthday!" });
    expect(sent.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Still the giver's until claimed, shown as being given.
    expect(await cardsOf(shop, giver)).toEqual([expect.objectContaining({ id: card.id, status: "PENDING_TRANSFER" })]);

    const claimed = await claim(shop, friend, sent.code);

    expect(claimed.status).toBe(200);
    expect(await cardsOf(shop, giver)).toEqual([]);
    expect(await cardsOf(shop, friend)).toEqual([
      expect.objectContaining({ id: card.id, status: "OWNED", custody: "HELD", giftable: true }),
    ]);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: owner(friend),
      publicKey: null,
    });
    expect(await db.cardTransfer.findFirstOrThrow({ where: { cardId: card.id } })).toMatchObject({
      status: "CLAIMED",
      fromOwner: owner(giver),
      toOwner: owner(friend),
    });
    const events = await db.event.findMany({ where: { shop, type: "unit_card.transferred" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ objectType: "unit_card", object: { id: card.id, owner: owner(friend), status: "OWNED" } });
    // The code is single-use.
    expect((await claim(shop, uniqueCustomerId(), sent.code)).status).toBe(409);
  });

  it("gives to a phone number, and the recipient's wallet key receives the card", async () => {
    const { shop, giver, card } = await heldCard();
    const friend = uniqueCustomerId();
    const key = walletKey();

    const given = await give(shop, giver, card.id, { phone: "+44 20 7946 0018" });
    expect(given.status).toBe(200);
    // The page says "Gift sent to" this: the country code and the last four digits.
    expect(((await given.json()) as { data: { sentTo: string } }).data.sentTo).toBe("+44******0018");
    const sent = await giftCode(card.id);
    expect(sent.destination).toBe("+442079460018");
    expect((await claim(shop, friend, sent.code, key)).status).toBe(200);

    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ owner: owner(friend), publicKey: key });
  });

  it("lets the giver take the gift back: the card is theirs again and the gift's code claims nothing", async () => {
    const { shop, giver, card } = await heldCard();
    const before = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect((await give(shop, giver, card.id, { email: "friend@example.com" })).status).toBe(200);
    const sent = await giftCode(card.id);

    const cancelled = await cancel(shop, giver, card.id);

    expect(cancelled.status).toBe(200);
    expect(await cardsOf(shop, giver)).toEqual([expect.objectContaining({ id: card.id, status: "OWNED", giftable: true })]);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: owner(giver),
      redemptionId: before.redemptionId,
    });
    // The message not sent yet is not sent at all.
    expect(await db.notification.findFirstOrThrow({ where: { destination: "friend@example.com", shop } })).toMatchObject({
      status: "WITHDRAWN",
      lastError: GIFT_CANCELLED,
    });
    const late = await claim(shop, uniqueCustomerId(), sent.code);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      error: { code: "CONFLICT", reason: "GIFT_TAKEN_BACK", message: "The giver took this gift back: the code no longer claims it" },
    });
    expect((await cancel(shop, giver, card.id)).status).toBe(409);
  });

  it("tells the friend who tries a gift taken back that the giver took it back, in their language, not that the code was used", async () => {
    const { shop, giver, card } = await heldCard();
    expect((await give(shop, giver, card.id, { email: "friend@example.com" })).status).toBe(200);
    const { code } = await giftCode(card.id);
    expect((await cancel(shop, giver, card.id)).status).toBe(200);
    const friend = uniqueCustomerId();

    for (const [language, words] of [
      ["fr", "La personne qui vous l’offrait a repris ce cadeau\u00a0: ce code ne permet plus de récupérer la carte."],
      ["en", "The giver took this gift back, so this code no longer claims the card."],
    ] as const) {
      // The claim page without JavaScript, as the friend's browser posts it.
      const refused = await postForm(signedProxyUrl(`/proxy/redeem?lang=${language}`, { shop, customerId: friend }), { code });
      expect(refused.status).toBe(409);
      const page = await renderedPage(refused, "en", { primary: true });
      // At the code's field, with French typography's no-break space before the colon.
      expect(page).toContain(`<p class="twincards-error" id="twincards-code-error">${words}`);
      const text = visibleText(page);
      expect(text).not.toContain("already been used");
      expect(text).not.toContain("déjà servi");
    }
    // The block's script and the customer account page are told why, beside the code: they say the same words.
    const fromAccount = await accountFetch("/claim", { token: accountToken(shop, friend), body: { code } });
    expect(fromAccount.status).toBe(409);
    expect(await fromAccount.json()).toMatchObject({ error: { code: "CONFLICT", reason: "GIFT_TAKEN_BACK" } });
    // Still the giver's, nothing claimed.
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED", owner: owner(giver) });
  });

  it("of a claim and a cancel racing, exactly one wins and the card ends where the winner put it", async () => {
    for (let round = 0; round < 4; round++) {
      const { shop, giver, card } = await heldCard();
      const friend = uniqueCustomerId();
      await give(shop, giver, card.id, { email: "friend@example.com" });
      const { code } = await giftCode(card.id);

      const [claimed, cancelled] = await Promise.all([claim(shop, friend, code), cancel(shop, giver, card.id)]);

      expect([claimed.status, cancelled.status].filter((status) => status === 200)).toHaveLength(1);
      const stored = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
      const transfer = await db.cardTransfer.findFirstOrThrow({ where: { cardId: card.id } });
      if (claimed.status === 200) {
        expect(stored).toMatchObject({ status: "OWNED", owner: owner(friend) });
        expect(transfer.status).toBe("CLAIMED");
      } else {
        expect(stored).toMatchObject({ status: "OWNED", owner: owner(giver) });
        expect(transfer.status).toBe("CANCELLED");
      }
    }
  });
});

describe("giving a card from the customer account page", () => {
  it("gives and takes back with the account's session token, and refuses another customer's token", async () => {
    const { shop, giver, card } = await heldCard();
    const before = await giftRows(shop);

    const stranger = await accountFetch(`/cards/${card.id}/give`, {
      token: accountToken(shop, uniqueCustomerId()),
      body: { email: "friend@example.com" },
    });
    const unsigned = await accountFetch(`/cards/${card.id}/give`, { body: { email: "friend@example.com" } });
    expect(stranger.status).toBe(404);
    expect(unsigned.status).toBe(401);
    expect(await giftRows(shop)).toEqual(before);

    const given = await accountFetch(`/cards/${card.id}/give`, { token: accountToken(shop, giver), body: { phone: "+14155550123" } });
    expect(given.status).toBe(200);
    expect(await given.json()).toMatchObject({ data: { id: card.id, status: "PENDING_TRANSFER" } });
    expect((await giftCode(card.id)).destination).toBe("+14155550123");

    const cancelled = await accountFetch(`/cards/${card.id}/cancel-gift`, { token: accountToken(shop, giver), method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED", owner: owner(giver) });
  });
});

describe("giving a card: refusals change nothing", () => {
  it("refuses a bad recipient or message with 422 naming the field", async () => {
    const { shop, giver, card } = await heldCard();
    const before = await giftRows(shop);

    const cases: [unknown, string][] = [
      [{ email: "not-an-address" }, "email"],
      [{ phone: "12345" }, "phone"],
      [{}, "email"],
      [{ email: "friend@example.com", message: "x".repeat(301) }, "message"],
      [{ email: "friend@example.com", owner: "shopify|1" }, "owner"],
    ];
    for (const [body, field] of cases) {
      const response = await give(shop, giver, card.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = (await response.json()) as { error: { details: { path: string }[] } };
      expect(error.details.map((detail) => detail.path)).toContain(field);
    }
    expect(await giftRows(shop)).toEqual(before);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED", owner: owner(giver) });
  });

  it("refuses a card the customer does not hold, one already being given, a voided one and an NFT", async () => {
    const { shop, giver, card } = await heldCard();
    const stranger = uniqueCustomerId();

    const notTheirs = await give(shop, stranger, card.id, { email: "friend@example.com" });
    expect(notTheirs.status).toBe(404);
    expect((await give(uniqueShop(), giver, card.id, { email: "friend@example.com" })).status).toBe(404);
    expect((await cancel(shop, stranger, card.id)).status).toBe(404);

    expect((await give(shop, giver, card.id, { email: "friend@example.com" })).status).toBe(200);
    const rows = await giftRows(shop);
    const twice = await give(shop, giver, card.id, { email: "other@example.com" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: { message: "This card is already being given: cancel that gift first" } });
    expect(await giftRows(shop)).toEqual(rows);

    const pending = await createCard(shop, { name: "Unclaimed", media: { imageUrls: [], videoUrls: [] }, email: FIRST_EMAIL });
    await db.unitCard.update({ where: { id: pending.id }, data: { owner: owner(giver), status: "VOID", voidedAt: new Date() } });
    expect((await give(shop, giver, pending.id, { email: "friend@example.com" })).status).toBe(410);

    const minted = await heldCard();
    await db.chainMint.create({
      data: {
        id: `nft_${randomUUID()}`,
        shop: minted.shop,
        cardId: minted.card.id,
        recipient: walletKey(),
        mintAddress: walletKey(),
        cluster: "devnet",
        status: "MINTED",
        mintedAt: new Date(),
      },
    });
    const nft = await give(minted.shop, minted.giver, minted.card.id, { email: "friend@example.com" });
    expect(nft.status).toBe(409);
    expect(await nft.json()).toMatchObject({ error: { message: expect.stringContaining("Send it from your wallet app") } });
    expect(await db.cardTransfer.count({ where: { shop: minted.shop } })).toBe(0);
  });

  it("limits how many gifts one customer sends: each is a message to an address they typed", async () => {
    const { shop, giver, card } = await heldCard();
    for (let i = 0; i < GIFTS_AT_ONCE; i++) {
      expect((await give(shop, giver, card.id, { email: `friend${i}@example.com` })).status).toBe(200);
      expect((await cancel(shop, giver, card.id)).status).toBe(200);
    }
    const rows = await giftRows(shop);

    const refused = await give(shop, giver, card.id, { email: "one-more@example.com" });

    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED", message: "Too many gifts sent; try again later" } });
    expect(await giftRows(shop)).toEqual(rows);
    // Another customer still can.
    const other = await heldCard();
    expect((await give(other.shop, other.giver, other.card.id, { email: "friend@example.com" })).status).toBe(200);
  });

  it("refuses the giver claiming their own gift, and a logged-out visitor", async () => {
    const { shop, giver, card } = await heldCard();
    await give(shop, giver, card.id, { email: "friend@example.com" });
    const { code } = await giftCode(card.id);

    const own = await claim(shop, giver, code);

    expect(own.status).toBe(409);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "PENDING_TRANSFER",
      owner: owner(giver),
    });
    const loggedOut = await postJson(signedProxyUrl(`/proxy/cards/${card.id}/give`, { shop, customerId: null }), {
      email: "a@example.com",
    });
    expect(loggedOut.status).toBe(401);
  });
});

describe("the verification page's history", () => {
  it("lists the claim and the gift with numbered holders, and nothing personal about any of them", async () => {
    const { shop, giver, card } = await heldCard();
    const friend = uniqueCustomerId();
    const friendKey = walletKey();
    await give(shop, giver, card.id, { email: "friend@example.com", message: "For you" });
    await claim(shop, friend, (await giftCode(card.id)).code, friendKey);
    const token = card.verifyUrl.split("/").at(-1)!;

    const english = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop })));
    const french = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop })), "fr");

    expect(english).toContain("History");
    expect(english).toContain("Claimed by holder 1");
    expect(english).toContain("Given by holder 1 to holder 2");
    expect(french).toContain("Historique");
    expect(french).toContain("Offerte par le détenteur 1 au détenteur 2");
    for (const page of [english, french]) {
      for (const personal of [giver, friend, FIRST_EMAIL, "friend@example.com", "f***@example.com", friendKey, "For you"]) {
        expect(page, personal).not.toContain(personal);
      }
    }
  });

  it("offers its logged-in holder the certificate, and no Apple Wallet pass while the app cannot sign one", async () => {
    const { shop, giver, card } = await heldCard();
    const token = card.verifyUrl.split("/").at(-1)!;

    const holder = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop, customerId: giver })));
    const other = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop, customerId: uniqueCustomerId() })));

    expect(holder).toContain(`href="/apps/twincards/certificate/${card.id}?size=a4&amp;lang=en"`);
    expect(holder).not.toContain("/passes/");
    expect(other).not.toContain("/certificate/");
  });

  it("shows a card being given as still its giver's, with the gift waiting", async () => {
    const { shop, giver, card } = await heldCard();
    await give(shop, giver, card.id, { email: "friend@example.com" });
    const token = card.verifyUrl.split("/").at(-1)!;

    const page = await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop })));

    expect(page).toContain(card.name);
    expect(page).toContain("Being given by holder 1, not claimed yet");
  });
});
