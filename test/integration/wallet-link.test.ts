import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { customerDataReport, redactCustomer } from "~/domain/privacy.server";
import { uniqueShop } from "../support/api";
import { postForm, postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { cardInput, uniqueName } from "../support/fixtures";
import { visibleText } from "../support/admin";

// Issue 25: a customer who claimed with no wallet links one later, by signing a one-time
// challenge (or, warned, by pasting an address); what the shop held for them moves there.

/** A wallet as a browser extension holds it: a real ed25519 key pair. */
function wallet() {
  const secret = ed25519.utils.randomPrivateKey();
  const address = bs58.encode(ed25519.getPublicKey(secret));
  return { address, sign: (message: string) => Buffer.from(ed25519.sign(new TextEncoder().encode(message), secret)).toString("base64") };
}

interface Challenge {
  challengeId: string;
  message: string;
  expiresAt: string;
}

/** A customer holding a card they claimed with the code alone (custody HELD). */
async function customerWithHeldCard(shop = uniqueShop()) {
  const customerId = uniqueCustomerId();
  const created = await createCard(shop, { ...cardInput("Harbor VIP pass"), email: "guest@example.com" });
  const claimed = await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: created.redemption!.code! });
  expect(claimed.status).toBe(200);
  expect(await cardRow(created.id)).toMatchObject({ publicKey: null });
  return { shop, customerId, cardId: created.id };
}

const cardRow = (id: string) => db.unitCard.findUniqueOrThrow({ where: { id } });

async function challengeFor(shop: string, customerId: string, address: string, domain?: string) {
  const response = await postJson(signedProxyUrl("/proxy/wallet/challenge", { shop, customerId }), {
    publicKey: address,
    ...(domain ? { domain } : {}),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Challenge }).data;
}

const link = (shop: string, customerId: string, body: unknown) => postJson(signedProxyUrl("/proxy/wallet", { shop, customerId }), body);

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; details: { path: string }[] } }).error;
}

/** Nothing moved: the card still held, no wallet on record, no event. */
async function expectNothingLinked(shop: string, customerId: string, cardId: string) {
  expect(await cardRow(cardId)).toMatchObject({ publicKey: null });
  expect(await db.customerWallet.count({ where: { shop, owner: `shopify|${customerId}` } })).toBe(0);
  expect(await db.event.count({ where: { shop, type: "unit_card.wallet_linked" } })).toBe(0);
}

describe("linking a wallet by signing a challenge", () => {
  it("moves the held card to the wallet that signed, records an event, and sends later claims there", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const mine = wallet();

    const challenge = await challengeFor(shop, customerId, mine.address, "harbor-and-pine.com");
    expect(challenge.message.split("\n").slice(0, 2)).toEqual([
      "harbor-and-pine.com wants you to sign in with your Solana account:",
      mine.address,
    ]);
    // A sentence in the shop's name (decision 0072): no customer id, no myshopify domain.
    expect(challenge.message.split("\n")[3]).toBe(
      "Link this wallet to your cards at this store. Signing is free and sends no transaction.",
    );
    expect(challenge.message).not.toContain(customerId);
    expect(challenge.message).not.toContain(shop);
    expect(challenge.message).toMatch(/^Nonce: [0-9a-f]{32}$/m);
    const lifetime = Date.parse(challenge.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);

    const response = await link(shop, customerId, { challengeId: challenge.challengeId, signature: mine.sign(challenge.message) });

    expect(response.status).toBe(200);
    const { data } = (await response.json()) as {
      data: { wallet: { address: string; verified: boolean }; cards: { id: string; custody: string }[]; name: string | null };
    };
    // Shortened to show; whole, for the customer's own Copy button (decision 0072).
    expect(data.wallet).toEqual({
      address: `${mine.address.slice(0, 4)}…${mine.address.slice(-4)}`,
      publicKey: mine.address,
      verified: true,
    });
    expect(data.cards).toEqual([expect.objectContaining({ id: cardId, custody: "WALLET" })]);
    expect(await cardRow(cardId)).toMatchObject({ status: "OWNED", owner: `shopify|${customerId}`, publicKey: mine.address });
    const events = await db.event.findMany({ where: { shop, type: "unit_card.wallet_linked" } });
    expect(events.map((event) => (event.data as { object: { id: string; publicKey: string; custody: string } }).object)).toEqual([
      expect.objectContaining({ id: cardId, publicKey: mine.address, custody: "WALLET" }),
    ]);

    // The next claim, with the code alone, goes straight to the linked wallet.
    const next = await createCard(shop, { ...cardInput("Second pass"), email: "guest@example.com" });
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: next.redemption!.code! })).status).toBe(200);
    expect(await cardRow(next.id)).toMatchObject({ publicKey: mine.address });
    const holdings = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }));
    expect(((await holdings.json()) as { data: { wallet: unknown } }).data.wallet).toEqual(data.wallet);
  });

  it("registers a universal name for the wallet in the same step; a taken name undoes it all", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const mine = wallet();
    const taken = await registerName(shop, { name: uniqueName("taken"), publicKey: wallet().address });
    const challenge = await challengeFor(shop, customerId, mine.address);
    const signature = mine.sign(challenge.message);

    const refused = await link(shop, customerId, { challengeId: challenge.challengeId, signature, name: taken.uns_name });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).details.map((detail) => detail.path)).toEqual(["name"]);
    await expectNothingLinked(shop, customerId, cardId);

    // The challenge was not spent by the refusal: the same signature works with a free name.
    const name = uniqueName("alex");
    const response = await link(shop, customerId, { challengeId: challenge.challengeId, signature, name: name.toUpperCase() });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { name: string } }).data.name).toBe(name);
    expect(await db.universalName.findFirst({ where: { name } })).toMatchObject({
      owner: `shopify|${customerId}`,
      publicKey: mine.address,
    });
  });

  it("refuses a tampered signature, a signature over another challenge, and another wallet's signature at `signature`, writing nothing", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const mine = wallet();
    const first = await challengeFor(shop, customerId, mine.address);
    const second = await challengeFor(shop, customerId, mine.address);
    const tampered = Buffer.from(mine.sign(first.message), "base64");
    tampered[0]! ^= 1;

    for (const signature of [tampered.toString("base64"), mine.sign(second.message), wallet().sign(first.message), "AAAA"]) {
      const response = await link(shop, customerId, { challengeId: first.challengeId, signature });
      expect(response.status).toBe(422);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.details.map((detail) => detail.path)).toEqual(["signature"]);
    }
    const notBase64 = await link(shop, customerId, { challengeId: first.challengeId, signature: "not base64!" });
    expect(notBase64.status).toBe(422);
    expect((await errorOf(notBase64)).details.map((detail) => detail.path)).toEqual(["signature"]);
    await expectNothingLinked(shop, customerId, cardId);
  });

  it("answers 409 to a replayed challenge and 410 to an expired one", async () => {
    const { shop, customerId } = await customerWithHeldCard();
    const mine = wallet();
    const used = await challengeFor(shop, customerId, mine.address);
    const body = { challengeId: used.challengeId, signature: mine.sign(used.message) };
    expect((await link(shop, customerId, body)).status).toBe(200);

    const replay = await link(shop, customerId, body);
    expect(replay.status).toBe(409);
    expect((await errorOf(replay)).code).toBe("CONFLICT");

    const late = await challengeFor(shop, customerId, mine.address);
    await db.walletChallenge.update({ where: { id: late.challengeId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await link(shop, customerId, { challengeId: late.challengeId, signature: mine.sign(late.message) });
    expect(expired.status).toBe(410);
    expect((await errorOf(expired)).code).toBe("EXPIRED");
    expect((await db.walletChallenge.findUniqueOrThrow({ where: { id: late.challengeId } })).usedAt).toBeNull();
  });

  it("answers 404 to another customer's challenge and to another shop's, and 422 to a malformed key, linking nothing", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const mine = wallet();
    const theirs = await challengeFor(shop, uniqueCustomerId(), mine.address);
    const otherShop = await challengeFor(uniqueShop(), customerId, mine.address);

    for (const challenge of [theirs, otherShop]) {
      const response = await link(shop, customerId, { challengeId: challenge.challengeId, signature: mine.sign(challenge.message) });
      expect(response.status).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
    const malformed = await postJson(signedProxyUrl("/proxy/wallet/challenge", { shop, customerId }), { publicKey: "0xNotASolanaKey" });
    expect(malformed.status).toBe(422);
    expect((await errorOf(malformed)).details.map((detail) => detail.path)).toEqual(["publicKey"]);
    await expectNothingLinked(shop, customerId, cardId);
  });

  it("answers a logged-out visitor 401 and never a challenge", async () => {
    const shop = uniqueShop();
    const response = await postJson(signedProxyUrl("/proxy/wallet/challenge", { shop, customerId: null }), { publicKey: wallet().address });
    expect(response.status).toBe(401);
    expect(await db.walletChallenge.count({ where: { shop } })).toBe(0);
  });
});

describe("linking a pasted address", () => {
  it("needs the risk acknowledged, then links it unverified", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const address = wallet().address;

    const unacknowledged = await link(shop, customerId, { publicKey: address });
    expect(unacknowledged.status).toBe(422);
    expect((await errorOf(unacknowledged)).details.map((detail) => detail.path)).toEqual(["acknowledgeRisk"]);
    await expectNothingLinked(shop, customerId, cardId);

    const response = await link(shop, customerId, { publicKey: address, acknowledgeRisk: true });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { wallet: { verified: boolean } } }).data.wallet.verified).toBe(false);
    expect(await cardRow(cardId)).toMatchObject({ publicKey: address });
    expect(await db.customerWallet.findFirstOrThrow({ where: { shop, owner: `shopify|${customerId}` } })).toMatchObject({
      publicKey: address,
      verified: false,
    });
  });

  it("works without JavaScript: the form names what is missing in the storefront's language, then shows what moved", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const address = wallet().address;

    const refused = await postForm(signedProxyUrl("/proxy/wallet", { shop, customerId }), { publicKey: address, name: "" });
    expect(refused.status).toBe(422);
    const page = await renderedPage(refused, "fr");
    expect(page).toMatch(/<input id="twincards-wallet-acknowledge"[^>]*aria-invalid="true"/);
    expect(visibleText(page)).toContain("Cochez la case pour confirmer que vous avez vérifié l’adresse.");
    expect(page).toContain(`value="${address}"`);
    await expectNothingLinked(shop, customerId, cardId);

    const linked = await postForm(signedProxyUrl("/proxy/wallet", { shop, customerId }), {
      publicKey: address,
      name: "",
      acknowledgeRisk: "true",
    });
    expect(linked.status).toBe(200);
    expect(visibleText(await renderedPage(linked))).toContain(
      `Wallet ${address.slice(0, 4)}…${address.slice(-4)} linked. 1 card is moving to it.`,
    );
    expect(await cardRow(cardId)).toMatchObject({ publicKey: address });
  });

  it("shows the wallet page with what the store holds, the signing section and the warned paste form", async () => {
    const { shop, customerId } = await customerWithHeldCard();

    const response = await proxyFetch(signedProxyUrl("/proxy/wallet", { shop, customerId }));

    expect(response.status).toBe(200);
    const page = await renderedPage(response);
    const text = visibleText(page);
    expect(text).toContain("The store holds 1 of your cards for you.");
    expect(text).toContain("the store can't check a pasted address, and an item sent to a mistyped address is lost for good.");
    expect(page).toContain("data-twin-cards-wallet");
    expect(page).toContain("wallet-standard:app-ready");
    expect(page).toContain(`data-connect="Link with &#123;wallet&#125;"`);
  });

  it("links from the customer account with the session token's customer, warned the same way", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const token = accountToken(shop, customerId);
    const address = wallet().address;

    const unacknowledged = await accountFetch("/wallet", { token, body: { publicKey: address } });
    expect(unacknowledged.status).toBe(422);
    await expectNothingLinked(shop, customerId, cardId);

    const response = await accountFetch("/wallet", { token, body: { publicKey: address, acknowledgeRisk: true } });
    expect(response.status).toBe(200);
    expect(await cardRow(cardId)).toMatchObject({ publicKey: address });
    const holdings = await accountFetch("/holdings", { token });
    expect(((await holdings.json()) as { data: { wallet: { verified: boolean } } }).data.wallet).toMatchObject({ verified: false });
  });
});

describe("a linked wallet and the customer's privacy", () => {
  it("is in the customer's data report, and redacting the customer deletes it and their link requests", async () => {
    const { shop, customerId } = await customerWithHeldCard();
    const mine = wallet();
    const challenge = await challengeFor(shop, customerId, mine.address);
    expect((await link(shop, customerId, { challengeId: challenge.challengeId, signature: mine.sign(challenge.message) })).status).toBe(
      200,
    );
    await challengeFor(shop, customerId, mine.address);

    const { report } = await customerDataReport(shop, { customerId }, { externalId: `req-${customerId}` });
    expect(report.linkedWallet).toEqual({ publicKey: mine.address, verified: true, linkedAt: expect.any(String) });

    const summary = await redactCustomer(shop, { customerId });
    expect(summary.linkedWallets).toBe(1);
    expect(await db.customerWallet.count({ where: { shop } })).toBe(0);
    expect(await db.walletChallenge.count({ where: { shop } })).toBe(0);
  });
});
