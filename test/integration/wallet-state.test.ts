import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postJson, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput, walletKey } from "../support/fixtures";

// Issue 39, item 10, in part: after linking a wallet, My cards says which wallet holds the
// customer's cards, and the wallet page says that linking another one applies to new items only.

const NNBSP = "\u202f";
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;

/** A customer who claimed a card with no wallet: the shop holds it for them. */
async function customerWithHeldCard() {
  const shop = uniqueShop();
  const customerId = uniqueCustomerId();
  const card = await createCard(shop, { ...cardInput("Gold card"), email: "held@example.com" });
  expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: card.redemption!.code! })).status).toBe(200);
  return { shop, customerId, cardId: card.id };
}

const linkPasted = async (shop: string, customerId: string, publicKey: string) =>
  expect((await postJson(signedProxyUrl("/proxy/wallet", { shop, customerId }), { publicKey, acknowledgeRisk: true })).status).toBe(200);

const page = async (path: string, shop: string, customerId: string, locale: "en" | "fr") =>
  renderedPage(await proxyFetch(signedProxyUrl(path, { shop, customerId })), locale, { primary: false });

describe("the wallet's state after linking one", () => {
  it("My cards names the linked wallet, in English and in French", async () => {
    const { shop, customerId } = await customerWithHeldCard();
    const address = walletKey();
    expect(visibleText(await page("/proxy", shop, customerId, "en"))).not.toContain("Your wallet");

    await linkPasted(shop, customerId, address);

    expect(visibleText(await page("/proxy", shop, customerId, "en"))).toContain(`Your wallet: ${short(address)}`);
    expect(await page("/proxy", shop, customerId, "fr")).toContain(`Votre portefeuille${NNBSP}: ${short(address)}`);
  });

  it("linking another wallet applies to new items, and the wallet page says so before it is done", async () => {
    const { shop, customerId, cardId } = await customerWithHeldCard();
    const first = walletKey();
    const second = walletKey();
    await linkPasted(shop, customerId, first);

    const walletPage = visibleText(await page("/proxy/wallet", shop, customerId, "en"));
    expect(walletPage).toContain(
      `Linking another wallet applies to the cards the store holds for you and to those you claim from now on: cards already in ${short(first)} stay there.`,
    );

    await linkPasted(shop, customerId, second);
    const next = await createCard(shop, { ...cardInput("Silver card"), email: "held@example.com" });
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId }), { code: next.redemption!.code! })).status).toBe(200);

    // The card already in the first wallet stays there; the one claimed since goes to the second.
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: cardId } })).toMatchObject({ publicKey: first });
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: next.id } })).toMatchObject({ publicKey: second });
    expect(visibleText(await page("/proxy", shop, customerId, "en"))).toContain(`Your wallet: ${short(second)}`);
  });

  it("each item that moved says it is in the wallet, and the wallet line offers to copy the whole address", async () => {
    const { shop, customerId } = await customerWithHeldCard();
    const address = walletKey();
    expect(visibleText(await page("/proxy", shop, customerId, "en"))).not.toContain("In your wallet");

    await linkPasted(shop, customerId, address);

    const english = await page("/proxy", shop, customerId, "en");
    const french = await page("/proxy", shop, customerId, "fr");
    expect(visibleText(english)).toContain("In your wallet");
    expect(visibleText(french)).toContain("Dans votre portefeuille");
    // The button (shown by its script where the browser can copy) carries the whole address and its words.
    expect(english).toMatch(
      new RegExp(`<button type="button" hidden data-twincards-copy data-value="${address}" data-copied="Copied"[^>]*>Copy</button>`),
    );
    expect(french).toMatch(
      new RegExp(`<button type="button" hidden data-twincards-copy data-value="${address}" data-copied="Copié"[^>]*>Copier</button>`),
    );
    // The block's JSON: the wallet, whole for copying, and each item's custody.
    const holdings = (await (await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }))).json()) as {
      data: { wallet: { address: string; publicKey: string }; cards: { custody: string }[] };
    };
    expect(holdings.data.wallet).toMatchObject({ address: short(address), publicKey: address });
    expect(holdings.data.cards.map((card) => card.custody)).toEqual(["WALLET"]);
  });
});
