import { describe, expect, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { visibleText } from "../support/admin";
import { uniqueShop } from "../support/api";
import { postForm, proxyFetch, renderedPage, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput } from "../support/fixtures";

/*
 * Issue 39, item 8: the words of a French shopper's pages are French. The metadata keys the app
 * writes itself (brand, price, quantity, link: a card standing for an ordered product) are labelled
 * in the page's language; a key the merchant made up stays as they wrote it.
 */

const METADATA = [
  { key: "brand", value: "Maison Lune" },
  { key: "price", value: [189.9, "EUR"], metaType: "PRICE" },
  { key: "quantity", value: 2 },
  { key: "link", value: "https://shop.example.com/products/lune" },
  { key: "tier", value: "gold" },
];

/** A card with the app's own metadata keys and a merchant's, claimed by a fresh customer. */
async function claimedCard() {
  const shop = uniqueShop();
  const card = await createCard(shop, { ...cardInput("Carte Lune"), metadata: METADATA, email: "camille@example.com" });
  const customerId = uniqueCustomerId();
  const claimed = await postForm(signedProxyUrl(`/proxy/redeem`, { shop, customerId }), { code: card.redemption!.code! });
  expect(claimed.status).toBe(200);
  return { shop, customerId, token: card.verifyUrl.split("/").at(-1)! };
}

/** The label/value pairs of a page's definition lists. */
const facts = (page: string) =>
  [...page.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((match) => `${match[1]}: ${visibleText(match[2]!)}`);

describe("metadata labels on the shopper's pages", () => {
  it("the French verification page labels the app's keys in French and keeps the merchant's own key", async () => {
    const { shop, token } = await claimedCard();
    const french = facts(await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop })), "fr", { root: "/fr" }));
    expect(french).toEqual(
      expect.arrayContaining([
        "Marque: Maison Lune",
        "Prix: 189,90 €",
        "Quantité: 2",
        "Lien: https://shop.example.com/products/lune",
        "Tier: gold",
      ]),
    );
    expect(french.join("\n")).not.toMatch(/^(Brand|Price|Quantity|Link):/m);

    const english = facts(await renderedPage(await proxyFetch(signedProxyUrl(`/proxy/v/${token}`, { shop })), "en"));
    expect(english).toEqual(expect.arrayContaining(["Brand: Maison Lune", "Price: €189.90", "Quantity: 2", "Tier: gold"]));
  });

  it("French My cards (no JavaScript) labels them in French too", async () => {
    const { shop, customerId } = await claimedCard();
    const page = facts(
      await renderedPage(await proxyFetch(signedProxyUrl(`/proxy?lang=fr`, { shop, customerId })), "en", { primary: true }),
    );
    expect(page).toEqual(expect.arrayContaining(["Marque: Maison Lune", "Prix: 189,90 €", "Quantité: 2", "Tier: gold"]));
    expect(page.join("\n")).not.toMatch(/^(Brand|Price|Quantity|Link):/m);
  });
});
