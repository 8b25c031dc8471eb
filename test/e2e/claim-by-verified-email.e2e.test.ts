import { randomInt, randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { getPage } from "../support/admin";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";
import { cardInput } from "../support/fixtures";
import { setStubShop } from "../support/stub-shop";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39, item 7 (decision 0070): a French shopper on a phone, logged in with the address a card
// was sent to (Shopify says it is verified), finds it "waiting for you" on My cards and claims it
// with one tap, no code typed.

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

describe("claim by verified e-mail (Chromium, 390 px, French)", { timeout: 120_000 }, () => {
  it("My cards shows the card waiting for them; one tap and it is theirs", async () => {
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const email = `camille.${randomUUID().slice(0, 6)}@example.com`;
    await setStubShop(shop, {
      name: "Maison Lumière",
      customers: [{ id: customerId, email, verifiedEmail: true, firstName: "Camille", locale: "fr" }],
    });
    expect((await getPage("/app", shop)).status).toBe(200);
    const card = await createCard(shop, { ...cardInput("Carte Or"), email, locale: "fr-FR" });
    const storefront = await startStorefrontHarness({
      appUrl: baseUrl,
      apiSecret: "test-api-secret",
      shop,
      customerId,
      customers: [{ id: customerId, name: "Camille Martin", email }],
      clientAddress: uniqueClientAddress(),
    });
    harnesses.push(storefront);
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);

    await page.goto(`${storefront.url}/apps/twincards?lang=fr`);
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));
    await shown(page.getByRole("heading", { level: 2, name: "En attente pour vous" }));
    await shown(page.getByText("Envoyées à l’adresse e-mail de votre compte"));
    const claim = page.getByRole("button", { name: "Récupérer: Carte Or" });
    await shown(claim);
    expect((await claim.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await claim.click();
    await shown(page.getByText("C’est fait\u00a0: la carte est à vous."));
    await shown(page.getByRole("link", { name: "Vérifier et voir son historique: Carte Or" }));
    await expect.poll(() => page.getByRole("heading", { name: "En attente pour vous" }).count()).toBe(0);
    const row = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row.status).toBe("OWNED");
    expect(row.owner).toBe(`shopify|${customerId}`);
  });
});
