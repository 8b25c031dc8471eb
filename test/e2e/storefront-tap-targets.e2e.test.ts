import { randomInt, randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard, createCardBatch } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";
import { smallTargets } from "../support/tap-targets";
import { walletKey } from "../support/fixtures";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39, defect 8: on a 390 px phone, every link or button a shopper taps as an action on the
// storefront's pages (My cards, claim, link a wallet, verify) and in the theme's blocks is at least
// 44 × 44 CSS pixels, measured in Chromium with each element's bounding box.

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

/** A French shopper logged in on a storefront, holding a twin and a card (with a price), with a code waiting. */
async function frenchShopper() {
  const shop = uniqueShop();
  const customerId = String(randomInt(1, 2 ** 47));
  const owner = `shopify|${customerId}`;
  const name = await registerName(shop, { name: `camille-${randomUUID().slice(0, 8)}`, publicKey: walletKey(), owner });
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Mug Aurore",
    quantity: 1,
    images: [],
  });
  await createCardBatch(shop, {
    owner,
    publicKey: name.public_key,
    cards: [
      {
        name: "Carte Or",
        media: { imageUrls: [], videoUrls: [] },
        metadata: [{ key: "price", value: [49.5, "EUR"], metaType: "PRICE" }],
      },
    ],
  });
  const pending = await createCard(shop, { name: "Carte Argent", email: "camille@example.com", media: { imageUrls: [], videoUrls: [] } });
  const harness = await startStorefrontHarness({
    appUrl: baseUrl,
    apiSecret: "test-api-secret",
    shop,
    customerId,
    locale: "fr",
    clientAddress: uniqueClientAddress(),
  });
  harnesses.push(harness);
  return { harness, twin, code: pending.redemption!.code! };
}

describe("tap targets on the storefront (Chromium, 390 px, French)", { timeout: 120_000 }, () => {
  it("My cards, claim, link a wallet, verify and the theme's blocks: every link and button is at least 44 × 44 px", async () => {
    const { harness, twin, code } = await frenchShopper();
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);
    const pages: [string, string][] = [
      ["/apps/twincards?lang=fr", "Mes cartes"],
      [`/apps/twincards/redeem?code=${code}&lang=fr`, "Récupérer une carte"],
      ["/apps/twincards/wallet?lang=fr", ""],
      [`${new URL(twin.verifyUrl).pathname}?lang=fr`, "Mug Aurore"],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${harness.url}${path}`);
      await shown(heading ? page.getByRole("heading", { level: 1, name: heading }) : page.getByRole("heading", { level: 1 }));
      const targets = await page.locator(".twincards a, .twincards button").count();
      expect(targets, `${path} has links or buttons to measure`).toBeGreaterThan(0);
      expect(await smallTargets(page), path).toEqual([]);
    }

    // The theme's blocks, once their scripts have drawn the cards.
    await page.goto(`${harness.url}/pages/twin-cards`);
    await shown(page.getByText("Carte Or"));
    expect(await smallTargets(page), "the theme's blocks").toEqual([]);
  });
});
