import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { saveShopFacts } from "~/domain/shop-profile.server";
import { signInMessage, type SignInFields } from "~/domain/sign-in-with-solana";
import { visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { cardInput } from "../support/fixtures";

// Issue 39, items 6 and 10 (decision 0072): the wallet is asked to sign a Sign In With Solana
// request in the shopper's language and the shop's name; a `solana:signIn` wallet writes it from
// the fields and says what it signed, which must be exactly what was issued. After the link, the
// item's history says when it moved to its holder's wallet, even with chain issuing off.

const FRENCH_STATEMENT = "Associer ce portefeuille à vos cartes chez Maison Lumière. Signer est gratuit et n’envoie aucune transaction.";

function wallet() {
  const secret = ed25519.utils.randomPrivateKey();
  const address = bs58.encode(ed25519.getPublicKey(secret));
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  return {
    address,
    /** What a `solana:signIn` wallet answers: the message it wrote from the fields, and its signature. */
    signIn: (fields: SignInFields) => {
      const message = new TextEncoder().encode(signInMessage(fields));
      return { signedMessage: base64(message), signature: base64(ed25519.sign(message, secret)) };
    },
  };
}

interface Challenge {
  challengeId: string;
  message: string;
  signIn: SignInFields;
  expiresAt: string;
}

/** A French shop's customer holding a card the shop keeps for them. */
async function frenchCustomerWithHeldCard() {
  const shop = uniqueShop();
  await saveShopFacts(shop, {
    name: "Maison Lumière",
    primaryLocale: "fr",
    timeZone: "Europe/Paris",
    contactEmail: null,
    primaryDomain: "maison-lumiere.fr",
    shopId: null,
  });
  const customerId = uniqueCustomerId();
  const card = await createCard(shop, { ...cardInput("Bougie n° 7"), email: "client@example.com" });
  expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: card.redemption!.code! })).status).toBe(200);
  return { shop, customerId, cardId: card.id, token: card.verifyUrl.split("/").at(-1)! };
}

async function challengeFor(shop: string, customerId: string, body: Record<string, unknown>) {
  const response = await postJson(signedProxyUrl("/proxy/wallet/challenge", { shop, customerId }), body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: Challenge }).data;
}

const link = (shop: string, customerId: string, body: unknown) => postJson(signedProxyUrl("/proxy/wallet", { shop, customerId }), body);

async function errorOf(response: Response) {
  return (await response.json()) as { error: { code: string; details: { path: string; message: string }[] } };
}

async function expectNothingLinked(shop: string, customerId: string, cardId: string) {
  expect(await db.unitCard.findUniqueOrThrow({ where: { id: cardId } })).toMatchObject({ publicKey: null, walletLinkedAt: null });
  expect(await db.customerWallet.count({ where: { shop, owner: `shopify|${customerId}` } })).toBe(0);
}

describe("the request a wallet signs to link itself", () => {
  it("is in the page's language and the shop's name, and a signIn wallet's answer links the wallet", async () => {
    const { shop, customerId, cardId } = await frenchCustomerWithHeldCard();
    const mine = wallet();

    const challenge = await challengeFor(shop, customerId, { publicKey: mine.address, domain: "maison-lumiere.fr", language: "fr" });

    expect(challenge.signIn).toEqual({
      domain: "maison-lumiere.fr",
      address: mine.address,
      statement: FRENCH_STATEMENT,
      uri: "https://maison-lumiere.fr/apps/twincards/wallet",
      version: "1",
      chainId: "mainnet",
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      issuedAt: expect.any(String),
      expirationTime: challenge.expiresAt,
    });
    expect(challenge.message).toBe(signInMessage(challenge.signIn));
    expect(challenge.message).not.toContain(customerId);
    expect(challenge.message).not.toContain(shop);

    const response = await link(shop, customerId, { challengeId: challenge.challengeId, ...mine.signIn(challenge.signIn) });
    expect(response.status).toBe(200);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: cardId } })).toMatchObject({
      publicKey: mine.address,
      walletLinkedAt: expect.any(Date),
    });
  });

  it("is in the shop's primary language when the page says none, and in English when the page is English", async () => {
    const { shop, customerId } = await frenchCustomerWithHeldCard();
    const address = wallet().address;
    expect((await challengeFor(shop, customerId, { publicKey: address })).signIn.statement).toBe(FRENCH_STATEMENT);
    expect((await challengeFor(shop, customerId, { publicKey: address, language: "en-GB" })).signIn.statement).toBe(
      "Link this wallet to your cards at Maison Lumière. Signing is free and sends no transaction.",
    );
  });

  it("is in the customer account page's language too", async () => {
    const { shop, customerId } = await frenchCustomerWithHeldCard();
    const response = await accountFetch("/wallet/challenge", {
      token: accountToken(shop, customerId),
      body: { publicKey: wallet().address, language: "fr" },
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: Challenge }).data.signIn.statement).toBe(FRENCH_STATEMENT);
  });

  it("refuses a signIn answer stating another domain, statement, nonce or address at `signedMessage`, linking nothing", async () => {
    const { shop, customerId, cardId } = await frenchCustomerWithHeldCard();
    const mine = wallet();
    const challenge = await challengeFor(shop, customerId, { publicKey: mine.address, domain: "maison-lumiere.fr", language: "fr" });
    const altered: SignInFields[] = [
      { ...challenge.signIn, domain: "maison-lumiere.example" },
      { ...challenge.signIn, statement: "Associer ce portefeuille à vos cartes chez Maison Lumière." },
      { ...challenge.signIn, nonce: "0".repeat(32) },
      { ...challenge.signIn, expirationTime: new Date(Date.now() + 86_400_000).toISOString() },
    ];
    for (const fields of altered) {
      const response = await link(shop, customerId, { challengeId: challenge.challengeId, ...mine.signIn(fields) });
      expect(response.status).toBe(422);
      const { error } = await errorOf(response);
      expect(error.details.map((detail) => detail.path)).toEqual(["signedMessage"]);
    }
    // Another wallet answering with its own address signed the right fields but for another key.
    const other = wallet();
    const theirs = await link(shop, customerId, {
      challengeId: challenge.challengeId,
      ...other.signIn({ ...challenge.signIn, address: other.address }),
    });
    expect(theirs.status).toBe(422);
    expect((await errorOf(theirs)).error.details.map((detail) => detail.path)).toEqual(["signedMessage"]);
    // The issued fields signed by another key: not this wallet's signature.
    const forged = { ...other.signIn(challenge.signIn) };
    const badSignature = await link(shop, customerId, { challengeId: challenge.challengeId, ...forged });
    expect(badSignature.status).toBe(422);
    expect((await errorOf(badSignature)).error.details.map((detail) => detail.path)).toEqual(["signature"]);
    await expectNothingLinked(shop, customerId, cardId);

    // None of these spent the request: the wallet's real answer still links, once.
    const answer = { challengeId: challenge.challengeId, ...mine.signIn(challenge.signIn) };
    expect((await link(shop, customerId, answer)).status).toBe(200);
    expect((await link(shop, customerId, answer)).status).toBe(409);
  });

  it("refuses bad input with 422 naming the field, and writes no request", async () => {
    const { shop, customerId, cardId } = await frenchCustomerWithHeldCard();
    const before = await db.walletChallenge.count({ where: { shop } });
    const refusedChallenge = await postJson(signedProxyUrl("/proxy/wallet/challenge", { shop, customerId }), {
      publicKey: wallet().address,
      language: "fr<script>",
    });
    expect(refusedChallenge.status).toBe(422);
    expect((await errorOf(refusedChallenge)).error.details).toEqual([
      { path: "language", message: expect.stringContaining("language tag") },
    ]);
    expect(await db.walletChallenge.count({ where: { shop } })).toBe(before);

    const challenge = await challengeFor(shop, customerId, { publicKey: wallet().address });
    const notBase64 = await link(shop, customerId, { challengeId: challenge.challengeId, signature: "AAAA", signedMessage: "not base64!" });
    expect(notBase64.status).toBe(422);
    expect((await errorOf(notBase64)).error.details.map((detail) => detail.path)).toEqual(["signedMessage"]);
    await expectNothingLinked(shop, customerId, cardId);
  });
});

describe("the history after a link", () => {
  it("says when the item moved to its holder's wallet, with chain issuing off, in French and in English", async () => {
    const { shop, customerId, token } = await frenchCustomerWithHeldCard();
    const mine = wallet();
    const challenge = await challengeFor(shop, customerId, { publicKey: mine.address, language: "fr" });
    expect((await link(shop, customerId, { challengeId: challenge.challengeId, ...mine.signIn(challenge.signIn) })).status).toBe(200);

    const page = async (language: "en" | "fr") =>
      visibleText(
        await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop })), language, { primary: language === "fr" }),
      );
    const day = (language: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(challenge.signIn.issuedAt));
    expect(await page("fr")).toContain(`${day("fr")} – Déplacée dans le portefeuille du détenteur 1`);
    expect(await page("en")).toContain(`${day("en")} – Moved to holder 1's own wallet`);
    for (const text of [await page("fr"), await page("en")]) expect(text).not.toContain(mine.address);
  });
});
