import { randomUUID } from "node:crypto";
import type { Browser, Locator } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { launchBrowser, screenshot } from "../support/browser";
import { FRENCH_SHOP, setStubShop } from "../support/stub-shop";
import { openStorefrontPage } from "../support/storefront-page";
import type { StorefrontHarness } from "../../stubs/storefront/server";

// "Didn't get it? Send it again" on the claim page (issue 39, item 8; decision 0071), as a French
// shopper on a phone taps it: the link under the claim form, the form asking for the address, and
// the neutral confirmation, which says the same whether or not a code went there.

const baseUrl = inject("baseUrl");
const PHONE = { width: 390, height: 844 };
const NNBSP = "\u202f";

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

const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

describe("sending a claim code again, on a phone, in French (Chromium)", { timeout: 120_000 }, () => {
  it("taps the link under the claim form, types the address and reads the neutral confirmation; the message is queued again", async () => {
    const shop = uniqueShop();
    await setStubShop(shop, FRENCH_SHOP);
    expect((await getPage("/app", shop)).status).toBe(200);
    const address = `camille.${randomUUID().slice(0, 6)}@example.com`;
    await createCard(shop, { name: "Pass VIP", media: { imageUrls: [], videoUrls: [] }, metadata: [], email: address });
    // The first message went out: a resend queues it again.
    await db.notification.updateMany({ where: { shop }, data: { status: "SENT", sentAt: new Date() } });

    const { page } = await openStorefrontPage({ browser, harnesses, appUrl: baseUrl, shop, customerId: null, locale: "fr" });
    await page.setViewportSize(PHONE);
    const storefront = new URL(page.url()).origin;
    await page.goto(`${storefront}/apps/twincards/redeem`);

    const link = page.getByRole("link", { name: `Vous ne l’avez pas reçu${NNBSP}? Le renvoyer` });
    await shown(link);
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await link.click();

    await shown(page.getByRole("heading", { level: 1, name: "Renvoyer le code" }));
    await page.getByLabel("E-mail ou numéro de téléphone").fill(` ${address.toUpperCase()} `);
    await page.getByRole("button", { name: "Le renvoyer" }).click();

    await shown(
      page
        .getByRole("status")
        .filter({ hasText: "Si un code encore en attente a été envoyé à cette adresse, nous venons de le renvoyer." }),
    );
    await screenshot(page, "claim-resend-fr-390");
    await expect.poll(() => db.notification.count({ where: { shop } })).toBe(2);

    // An address with nothing waiting: the very same words, and nothing queued.
    await page.getByLabel("E-mail ou numéro de téléphone").fill(`personne.${randomUUID().slice(0, 6)}@example.com`);
    await page.getByRole("button", { name: "Le renvoyer" }).click();
    await page.waitForLoadState("load");
    await shown(
      page
        .getByRole("status")
        .filter({ hasText: "Si un code encore en attente a été envoyé à cette adresse, nous venons de le renvoyer." }),
    );
    expect(await db.notification.count({ where: { shop } })).toBe(2);
  });
});
