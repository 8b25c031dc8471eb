import { randomInt } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";
import { cardInput, walletKey } from "../support/fixtures";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39, item 5: the claim page's "My cards" link leads to a page with everything the theme
// block and the customer account offer — verify and see its history, give it, its certificate.
// A French shopper on a phone claims a card, then verifies it and gives it from that page.

const baseUrl = inject("baseUrl");
const PHONE = { width: 390, height: 844 };

let browser: Browser;
const harnesses: StorefrontHarness[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});
afterAll(async () => {
  await browser?.close();
});

describe("My cards from the claim page (Chromium, 390 px, French)", { timeout: 120_000 }, () => {
  it("claim → My cards → verify and see its history → give it, in French at each step", async () => {
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const card = await createCard(shop, { ...cardInput("Carte Or"), email: "camille@example.com", locale: "fr-FR" });
    const storefront = await startStorefrontHarness({
      appUrl: baseUrl,
      apiSecret: "test-api-secret",
      shop,
      customerId,
      customers: [{ id: customerId, name: "Camille Martin", email: "camille@example.com" }],
      clientAddress: uniqueClientAddress(),
    });
    harnesses.push(storefront);
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);

    // The claim page in French, then "Mes cartes" from its answer.
    await page.goto(`${storefront.url}/apps/twincards/redeem?code=${card.redemption!.code}&lang=fr`);
    await page.getByRole("button", { name: "Récupérer la carte" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Vous avez récupéré une carte" }));
    await page.getByRole("link", { name: "Mes cartes" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));

    // Every action of the theme block and the account page, each a tap target of 44 px at least.
    const verify = page.getByRole("link", { name: "Vérifier et voir son historique: Carte Or" });
    const give = page.getByRole("link", { name: "Offrir: Carte Or" });
    await shown(verify);
    await shown(give);
    await shown(page.getByRole("link", { name: "Télécharger le certificat (PDF): Carte Or" }));
    for (const action of [verify, give]) expect((await action.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    // Its verification page and history, still in French.
    await verify.click();
    await shown(page.getByRole("heading", { level: 2, name: "Historique" }));
    await shown(page.getByText("Récupérée par le détenteur 1"));
    await page.goBack();

    // Give it: the form, a recipient refused at its field, then sent, and it can be taken back.
    await page.getByRole("link", { name: "Offrir: Carte Or" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Offrir" }));
    const recipient = page.getByLabel("E-mail ou téléphone du destinataire (+ indicatif)");
    await recipient.fill("pas une adresse");
    await page.getByRole("button", { name: "Envoyer le cadeau" }).click();
    await shown(page.getByText("Saisissez l’adresse e-mail du destinataire"));
    expect(await db.cardTransfer.count({ where: { shop } })).toBe(0);
    await page.getByLabel("E-mail ou téléphone du destinataire (+ indicatif)").fill("ami@example.com");
    await page.getByLabel("Votre nom, tel que cette personne le verra").fill("Camille");
    await page.getByRole("button", { name: "Envoyer le cadeau" }).click();
    await shown(page.getByText("Cadeau envoyé à ami@example.com."));
    await shown(page.getByRole("button", { name: "Reprendre le cadeau: Carte Or" }));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "PENDING_TRANSFER" });
    expect(await page.getByText("Give this").count()).toBe(0);
  });

  it("links a wallet from My cards: My cards then names it, and the wallet page says another one would apply to new cards only", async () => {
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const card = await createCard(shop, { ...cardInput("Carte Argent"), email: "camille@example.com", locale: "fr-FR" });
    const storefront = await startStorefrontHarness({
      appUrl: baseUrl,
      apiSecret: "test-api-secret",
      shop,
      customerId,
      customers: [{ id: customerId, name: "Camille Martin", email: "camille@example.com" }],
      clientAddress: uniqueClientAddress(),
    });
    harnesses.push(storefront);
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);
    const address = walletKey();
    const short = `${address.slice(0, 4)}…${address.slice(-4)}`;

    await page.goto(`${storefront.url}/apps/twincards/redeem?code=${card.redemption!.code}&lang=fr`);
    await page.getByRole("button", { name: "Récupérer la carte" }).click();
    await page.getByRole("link", { name: "Mes cartes" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));
    expect(await page.getByText("Votre portefeuille").count()).toBe(0);

    // The wallet page, pasting an address (no wallet app in this browser).
    await page.getByRole("link", { name: "Associer un portefeuille" }).first().click();
    await shown(page.getByRole("heading", { level: 1, name: "Associer un portefeuille" }));
    await page.getByLabel("Adresse du portefeuille").fill(address);
    await page.getByLabel("J’ai vérifié l’adresse.", { exact: false }).check();
    await page.getByRole("button", { name: "Associer cette adresse" }).click();
    await shown(page.getByText(`Portefeuille ${short} associé. 1 carte y est transférée.`));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ publicKey: address });

    await page.getByRole("link", { name: "Retour à Mes cartes" }).click();
    await shown(page.getByText(`Votre portefeuille\u202f: ${short}`));
    await page.goto(`${storefront.url}/apps/twincards/wallet?lang=fr`);
    await shown(page.getByText(`les cartes déjà dans ${short} y restent.`, { exact: false }));
  });
});
