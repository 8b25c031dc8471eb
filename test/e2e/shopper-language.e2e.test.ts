import { randomInt } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { composeClaimMessage } from "~/domain/claim-messages.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";
import { cardInput } from "../support/fixtures";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39, item 1: a French shopper of an English shop, on a phone, follows the claim link of
// a French message, logs in and claims, and reads French at every step — with JavaScript, and
// without it on Shopify's French subfolder (/fr/...), through the theme block's plain form.

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

/** An English shop's storefront where the visitor logs in as Camille. */
async function storefrontOf(shop: string, customerId: string) {
  const harness = await startStorefrontHarness({
    appUrl: baseUrl,
    apiSecret: "test-api-secret",
    shop,
    customerId: null,
    customers: [{ id: customerId, name: "Camille Martin", email: "camille@example.com" }],
    clientAddress: uniqueClientAddress(),
  });
  harnesses.push(harness);
  return harness;
}

/** A card waiting for its code, sent in a French message; the message's claim link. */
async function frenchMessage(shop: string) {
  const card = await createCard(shop, { ...cardInput("Carte Or"), email: "camille@example.com", locale: "fr-FR", firstName: "Camille" });
  const row = await db.notification.findFirstOrThrow({ where: { shop } });
  const message = await composeClaimMessage(shop, row.payload as unknown as ClaimNotificationPayload);
  expect(message.subject).toContain("votre carte vous attend");
  return { card, link: new URL(message.claimUrl) };
}

describe("the shopper's language carried along the claim path (Chromium, 390 px)", { timeout: 120_000 }, () => {
  it("message link → log in → claim: French at every step on an English shop, because the message was French", async () => {
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const { card, link } = await frenchMessage(shop);
    const storefront = await storefrontOf(shop, customerId);
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);

    // The message's link, on the storefront, logged out: French, with a French way to log in.
    await page.goto(`${storefront.url}${link.pathname}${link.search}`);
    await shown(page.getByRole("heading", { level: 1, name: "Récupérer une carte" }));
    await shown(page.getByText("Connectez-vous pour récupérer les cartes reçues avec un code."));
    await page.getByRole("link", { name: "Se connecter" }).click();

    // Shopify's log-in page, then back to the claim page: still French, the code filled in.
    await page.getByRole("link", { name: "Log in as Camille Martin" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Récupérer une carte" }));
    expect(await page.getByLabel("Code", { exact: true }).inputValue()).toBe(card.redemption!.code);
    expect(new URL(page.url()).searchParams.get("lang")).toBe("fr");

    // A mistyped code is refused in French, at its field; then the right one claims the card.
    await page.getByLabel("Code", { exact: true }).fill("ZZZZ-ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Récupérer la carte" }).click();
    await shown(page.getByText("Ce code est inconnu. Comparez-le à votre message et réessayez."));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "PENDING_REDEMPTION" });
    await page.getByLabel("Code", { exact: true }).fill(card.redemption!.code!);
    await page.getByRole("button", { name: "Récupérer la carte" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Vous avez récupéré une carte" }));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED" });

    // "Mes cartes" keeps the language too.
    await page.getByRole("link", { name: "Mes cartes" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));
    await shown(page.getByRole("heading", { name: "Carte Or" }));
    expect(await page.getByText("Claim a card").count()).toBe(0);
  });

  it("without JavaScript on the French subfolder (/fr/): the theme block's plain form claims and answers in French under /fr", async () => {
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const { card } = await frenchMessage(shop);
    const storefront = await storefrontOf(shop, customerId);
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.setViewportSize(PHONE);

    await page.goto(
      `${storefront.url}/fr/account/login/${customerId}?return_url=${encodeURIComponent(`/fr/pages/twin-cards?code=${card.redemption!.code}`)}`,
    );
    const claimBlock = page.locator("section.twin-cards--claim");
    await shown(claimBlock.getByLabel("Code", { exact: true }));
    await claimBlock.getByLabel("Code", { exact: true }).fill(card.redemption!.code!);
    await claimBlock.getByRole("button", { name: "Récupérer la carte" }).click();

    await shown(page.getByRole("heading", { level: 1, name: "Vous avez récupéré une carte" }));
    expect(new URL(page.url()).pathname).toBe("/fr/apps/twincards/redeem");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "OWNED" });
    const myCards = page.getByRole("link", { name: "Mes cartes" });
    expect(await myCards.getAttribute("href")).toBe("/fr/apps/twincards?lang=fr");
    await myCards.click();
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));
  });
});
