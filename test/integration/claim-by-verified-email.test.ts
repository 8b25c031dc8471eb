import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { voidCard } from "~/domain/card-void.server";
import { createCard, createCardFor } from "~/domain/cards.server";
import { createCardInput, parseInput } from "~/domain/schemas";
import { getPage, visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postForm, postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { cardInput } from "../support/fixtures";
import { setStubShop } from "../support/stub-shop";

// Issue 39, item 7 (decision 0070): a logged-in customer whose e-mail Shopify says is verified sees
// the cards sent to exactly that address as "waiting for you" on every My cards and claims them with
// one tap, no code. The address is Shopify's (the Admin API stub's `verifiedEmail` and
// `defaultEmailAddress`), never the request's; compared trimmed, lower-cased, NFC, without dot or plus folding.

const NBSP = "\u00a0";

interface Waiting {
  id: string;
  cards: { id: string; name: string }[];
  expiresAt: string;
  claimPath: string;
}

/** An installed shop (it reads its customers from Shopify) whose customer `id` has `email`, verified or not, in Shopify. */
async function shopWithCustomer(email: string, verifiedEmail = true) {
  const shop = uniqueShop();
  const customerId = uniqueCustomerId();
  await setStubShop(shop, {
    name: "Harbor & Pine",
    customers: [{ id: customerId, email, verifiedEmail, firstName: "Marie", locale: "fr" }],
  });
  expect((await getPage("/app", shop)).status).toBe(200);
  return { shop, customerId };
}

/** A card by redemption sent to `email`: PENDING_REDEMPTION, its code e-mailed there. */
async function cardSentTo(shop: string, email: string) {
  const created = await createCard(shop, { ...cardInput(`Carte Or ${randomUUID().slice(0, 4)}`), email });
  return {
    card: created,
    code: created.redemption!.code!,
    codeId: (await db.unitCard.findUniqueOrThrow({ where: { id: created.id } })).redemptionId!,
  };
}

const waitingInBlock = async (shop: string, customerId: string | null): Promise<Waiting[]> => {
  const response = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { waiting: Waiting[] } }).data.waiting;
};

const waitingInAccount = async (shop: string, customerId: string): Promise<Waiting[]> => {
  const response = await accountFetch("/holdings", { token: accountToken(shop, customerId) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { waiting: Waiting[] } }).data.waiting;
};

/** Nothing of the card or its code was written: still waiting for its code, nobody's. */
async function expectUntouched(cardId: string) {
  const row = await db.unitCard.findUniqueOrThrow({ where: { id: cardId }, include: { redemption: true } });
  expect(row.status).toBe("PENDING_REDEMPTION");
  expect(row.owner).toBeNull();
  expect(row.redemption!.redeemedAt).toBeNull();
  expect(row.redemption!.redeemedBy).toBeNull();
}

describe("claim by verified e-mail, no code", () => {
  it("lists the card for the exact address on the proxy page, the block's JSON and the account; one tap claims it as the code would", async () => {
    const email = `marie.${randomUUID().slice(0, 6)}@example.com`;
    const { shop, customerId } = await shopWithCustomer(email);
    const { card, code, codeId } = await cardSentTo(shop, email);

    const expected = [
      { id: codeId, cards: [{ id: card.id, name: card.name }], expiresAt: expect.any(String), claimPath: `/waiting/${codeId}/claim` },
    ];
    expect(await waitingInBlock(shop, customerId)).toEqual(expected);
    expect(await waitingInAccount(shop, customerId)).toEqual(expected);

    // The proxy's page, in French: "waiting for you" with a Claim button, a plain form.
    const page = await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "fr", { primary: false });
    const text = visibleText(page);
    expect(text).toContain("En attente pour vous");
    expect(page).toContain(`Envoyées à l’adresse e-mail de votre compte${NBSP}: récupérez-les d’un geste, sans code à saisir.`);
    expect(text).toMatch(/À récupérer avant le \d{1,2} \S+ \d{4}/);
    expect(text).toContain(card.name);
    expect(page).toContain(`<form method="post" action="/apps/twincards/waiting/${codeId}/claim?lang=fr">`);
    expect(page).toContain(">Récupérer</button>");
    expect(page).not.toContain(code);

    // One tap, no JavaScript: My cards again, saying so, the card theirs.
    const claimed = await postForm(signedProxyUrl(`/proxy/waiting/${codeId}/claim?lang=fr`, { shop, customerId }), {});
    expect(claimed.status).toBe(200);
    const claimedPage = await renderedPage(claimed, "fr", { primary: false });
    const after = visibleText(claimedPage);
    expect(claimedPage).toContain(`C’est fait${NBSP}: la carte est à vous.`);
    expect(after).toContain("Dans votre collection");
    expect(after).not.toContain("En attente pour vous");
    const row = await db.unitCard.findUniqueOrThrow({ where: { id: card.id }, include: { redemption: true } });
    expect(row.status).toBe("OWNED");
    expect(row.owner).toBe(`shopify|${customerId}`);
    expect(row.redemption!.redeemedBy).toBe(`shopify|${customerId}`);
    // As if they had typed the code: the same event, and the code is spent.
    expect(await db.event.count({ where: { shop, type: "unit_card.redeemed" } })).toBe(1);
    expect(await waitingInBlock(shop, customerId)).toEqual([]);
    const again = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), { code });
    expect(again.status).toBe(409);
  });

  it("matches an address differing in case only (and Unicode form), through the JSON route and the account", async () => {
    const { shop, customerId } = await shopWithCustomer("  Zoé.Martin@Example.COM ");
    // "é" written decomposed (e + U+0301) in the card's destination: the same address once NFC.
    const { card, codeId } = await cardSentTo(shop, "zoe\u0301.martin@example.com");
    expect((await waitingInBlock(shop, customerId)).map((code) => code.id)).toEqual([codeId]);

    const response = await accountFetch(`/waiting/${codeId}/claim`, { token: accountToken(shop, customerId), method: "POST" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { cards: { id: string; status: string }[] } }).data.cards).toMatchObject([
      { id: card.id, status: "OWNED" },
    ]);
    expect(await waitingInAccount(shop, customerId)).toEqual([]);
  });

  it("does not match an address differing by a dot or a +tag; the claim is refused and nothing is written", async () => {
    const tag = randomUUID().slice(0, 6);
    const { shop, customerId } = await shopWithCustomer(`marie.dupont${tag}@example.com`);
    const dotless = await cardSentTo(shop, `mariedupont${tag}@example.com`);
    const plussed = await cardSentTo(shop, `marie.dupont${tag}+shop@example.com`);
    expect(await waitingInBlock(shop, customerId)).toEqual([]);
    expect(await waitingInAccount(shop, customerId)).toEqual([]);

    for (const { card, codeId } of [dotless, plussed]) {
      const refused = await postJson(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop, customerId }), {});
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
      await expectUntouched(card.id);
    }
    // The code keeps working for everyone else.
    const byCode = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), { code: plussed.code });
    expect(byCode.status).toBe(200);
  });

  it("does not match a customer whose e-mail Shopify does not mark verified", async () => {
    const email = `unverified.${randomUUID().slice(0, 6)}@example.com`;
    const { shop, customerId } = await shopWithCustomer(email, false);
    const { card, codeId } = await cardSentTo(shop, email);
    expect(await waitingInBlock(shop, customerId)).toEqual([]);
    const page = visibleText(await renderedPage(await proxyFetch(signedProxyUrl("/proxy", { shop, customerId })), "en"));
    expect(page).not.toContain("Waiting for you");

    const refused = await postForm(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop, customerId }), {});
    expect(refused.status).toBe(404);
    expect(visibleText(await renderedPage(refused, "en"))).toContain("This card is no longer waiting for you");
    await expectUntouched(card.id);
  });

  it("refuses a forged request (400) and a logged-out one (401), and refuses someone else's code through this route", async () => {
    const email = `owner.${randomUUID().slice(0, 6)}@example.com`;
    const { shop, customerId } = await shopWithCustomer(email);
    const { card, codeId } = await cardSentTo(shop, email);

    // Signed with another secret, or the customer id changed after signing: not Shopify's proxy (400, as every proxy route).
    const forged = await postJson(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop, customerId, secret: "not-the-app-secret" }), {});
    expect(forged.status).toBe(400);
    const tampered = new URL(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop, customerId: uniqueCustomerId() }));
    tampered.searchParams.set("logged_in_customer_id", customerId);
    expect((await postJson(tampered.toString(), {})).status).toBe(400);
    const forgedList = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId, secret: "not-the-app-secret" }));
    expect(forgedList.status).toBe(400);
    // Logged out: nothing listed, nothing claimed.
    expect((await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId: null }))).status).toBe(401);
    expect((await postJson(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop, customerId: null }), {})).status).toBe(401);
    // The customer account without a session token.
    expect((await accountFetch(`/waiting/${codeId}/claim`, { method: "POST" })).status).toBe(401);

    // Another customer (Shopify knows no e-mail of theirs here) sees nothing and cannot claim it by its id.
    const other = uniqueCustomerId();
    expect(await waitingInBlock(shop, other)).toEqual([]);
    const refused = await postJson(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop, customerId: other }), {});
    expect(refused.status).toBe(404);
    const refusedInAccount = await accountFetch(`/waiting/${codeId}/claim`, { token: accountToken(shop, other), method: "POST" });
    expect(refusedInAccount.status).toBe(404);
    // Nor can a customer of another shop.
    const elsewhere = await postJson(signedProxyUrl(`/proxy/waiting/${codeId}/claim`, { shop: uniqueShop(), customerId }), {});
    expect(elsewhere.status).toBe(404);
    await expectUntouched(card.id);
    expect(await waitingInBlock(shop, customerId)).toHaveLength(1);
  });

  it("does not list a code claimed by someone else, voided, expired, a test code, or a gift (given, then taken back)", async () => {
    const email = `many.${randomUUID().slice(0, 6)}@example.com`;
    const { shop, customerId } = await shopWithCustomer(email);
    const claimed = await cardSentTo(shop, email);
    const voided = await cardSentTo(shop, email);
    const expired = await cardSentTo(shop, email);
    const kept = await cardSentTo(shop, email);
    expect((await waitingInBlock(shop, customerId)).map((code) => code.id).sort()).toEqual(
      [claimed, voided, expired, kept].map((sent) => sent.codeId).sort(),
    );

    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: uniqueCustomerId() }), { code: claimed.code })).status).toBe(
      200,
    );
    await voidCard(shop, voided.card.id);
    await db.redemption.update({ where: { id: expired.codeId }, data: { expiresAt: new Date(Date.now() - 60_000) } });

    // A friend gives them a card: its code is a gift's, to claim with the code; taken back, it is the giver's again.
    const giver = uniqueCustomerId();
    const giversCard = await cardSentTo(shop, `giver.${randomUUID().slice(0, 6)}@example.com`);
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: giver }), { code: giversCard.code })).status).toBe(200);
    const given = await postJson(signedProxyUrl(`/proxy/cards/${giversCard.card.id}/give`, { shop, customerId: giver }), {
      email,
      locale: "fr",
    });
    expect(given.status).toBe(200);
    expect((await waitingInBlock(shop, customerId)).map((code) => code.id)).toEqual([kept.codeId]);
    const takenBack = await postJson(signedProxyUrl(`/proxy/cards/${giversCard.card.id}/cancel-gift`, { shop, customerId: giver }), {});
    expect(takenBack.status).toBe(200);

    // A test card (a test key's, decision 0036) to the same address: its message is never sent, and it is not listed.
    await createCardFor(shop, parseInput(createCardInput, { ...cardInput("Test card"), email }), false);

    expect((await waitingInBlock(shop, customerId)).map((code) => code.id)).toEqual([kept.codeId]);
    const late = await postJson(signedProxyUrl(`/proxy/waiting/${expired.codeId}/claim`, { shop, customerId }), {});
    expect(late.status).toBe(404);
    await expectUntouched(expired.card.id);
  });
});
