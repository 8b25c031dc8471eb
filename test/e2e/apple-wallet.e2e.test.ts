import { randomInt, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { uniqueShop } from "../support/api";
import { launchBrowser, screenshot } from "../support/browser";
import { startServer, type AppProcess } from "../support/processes";
import { openStorefrontPage } from "../support/storefront-page";
import { TEST_ENV } from "../support/test-env";
import { DEVICES } from "../support/user-agent";
import { makeSigningMaterial, removePassFiles, smimeVerify, unzipPass, type TestSigningMaterial } from "../support/wallet-pass";
import type { StorefrontHarness } from "../../stubs/storefront/server";
import { startCustomerAccountHarness } from "../../stubs/customer-account/server";
import { API_KEY, API_SECRET } from "../support/admin";
import { newPage } from "../support/browser";

// "Add to Apple Wallet" on the storefront (decision 0045), as a shopper on a phone sees it:
// on My cards and after a claim when the app has Apple's signing material, not at all without it.

let browser: Browser;
let material: TestSigningMaterial;
let signing: AppProcess;
const harnesses: StorefrontHarness[] = [];

beforeAll(async () => {
  material = makeSigningMaterial();
  [browser, signing] = await Promise.all([launchBrowser(), startServer({ ...TEST_ENV, ...material.env })]);
});
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});
afterAll(async () => {
  await browser?.close();
  await signing?.stop();
  removePassFiles();
});

/** A customer with a card in their wallet and a twin under their universal name, and a code for another card. */
async function customer(shop: string) {
  const customerId = String(randomInt(1, 2 ** 47));
  const owner = `shopify|${customerId}`;
  const key = Keypair.generate().publicKey.toBase58();
  const card = await createCard(shop, { name: "Gold membership", media: { imageUrls: [], videoUrls: [] }, owner, publicKey: key });
  const name = await registerName(shop, { name: `alex-${randomUUID().slice(0, 8)}`, publicKey: key, owner });
  const twin = await issueTwin(shop, { public_key: key, name_id: name.uns_name_id, title: "Aurora Ceramic Mug", quantity: 1 });
  const gift = await createCard(shop, { name: "Backstage pass", media: { imageUrls: [], videoUrls: [] }, email: "alex@example.com" });
  return { customerId, card, twin, code: gift.redemption!.code!, giftId: gift.id };
}

const openMyCards = async (appUrl: string, shop: string, customerId: string, locale?: string) => {
  // On an iPhone, the phone whose wallet the button is for (decision 0074: each device sees the wallet it has).
  const storefront = await openStorefrontPage({ browser, harnesses, appUrl, shop, customerId, locale, userAgent: DEVICES.iPhoneSafari });
  await storefront.page.setViewportSize({ width: 390, height: 844 });
  return storefront;
};

/** Whether the element's box lies across the viewport's width (a 390 px phone). */
async function insideViewport(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width && box.width > 0;
}

describe("Add to Apple Wallet on the storefront, at 390 px", () => {
  it("shows a visible button per owned card and twin that downloads a signed pass of that item", async () => {
    const shop = uniqueShop();
    const { customerId, card, twin } = await customer(shop);
    const { page, myCards } = await openMyCards(signing.url, shop, customerId);

    const buttons = myCards.getByRole("link", { name: /^Add to Apple Wallet/ });
    await buttons.first().waitFor({ state: "visible" });
    expect(await buttons.count()).toBe(2);
    const cardButton = myCards.getByRole("link", { name: "Add to Apple Wallet: Gold membership" });
    expect(await cardButton.innerText()).toBe("Add to Apple Wallet");
    expect(await insideViewport(page, cardButton)).toBe(true);
    expect(await insideViewport(page, myCards.getByRole("link", { name: "Add to Apple Wallet: Aurora Ceramic Mug" }))).toBe(true);
    await screenshot(page, "apple-wallet-01-my-cards-mobile");

    const [download] = await Promise.all([page.waitForEvent("download"), cardButton.click()]);
    expect(download.suggestedFilename()).toBe(`${card.id}.pkpass`);
    const opened = unzipPass(readFileSync((await download.path())!));
    expect(opened.passJson.serialNumber).toBe(card.id);
    expect(opened.passJson.barcodes![0]!.message).toBe(card.verifyUrl);
    expect(smimeVerify(opened, material.caFile).ok).toBe(true);
    expect(twin.id).toMatch(/^twin_/);
  });

  it("offers the claimed card's pass right after the claim", async () => {
    const shop = uniqueShop();
    const { customerId, code, giftId } = await customer(shop);
    const { page, claim } = await openMyCards(signing.url, shop, customerId);

    await claim.getByLabel("Claim code").fill(code);
    await claim.getByRole("button", { name: "Claim card" }).click();

    const button = claim.getByRole("link", { name: "Add to Apple Wallet: Backstage pass" });
    await button.waitFor({ state: "visible" });
    expect(await button.getAttribute("href")).toBe(`/apps/twincards/passes/${giftId}.pkpass?locale=en`);
    expect(await insideViewport(page, button)).toBe(true);
    await screenshot(page, "apple-wallet-02-claimed-mobile");
  });

  it("reads in French on a French storefront", async () => {
    const shop = uniqueShop();
    const { customerId } = await customer(shop);
    const { page, myCards } = await openMyCards(signing.url, shop, customerId, "fr");

    const button = myCards.getByRole("link", { name: "Ajouter à Apple Wallet: Gold membership" });
    await button.waitFor({ state: "visible" });
    expect(await button.innerText()).toBe("Ajouter à Apple Wallet");
    expect(await button.getAttribute("href")).toMatch(/\?locale=fr$/);
    expect(await insideViewport(page, button)).toBe(true);
    await screenshot(page, "apple-wallet-03-my-cards-french");
  });

  it("shows no Wallet button where the app has no signing material", async () => {
    const shop = uniqueShop();
    const { customerId } = await customer(shop);
    const { page, myCards } = await openMyCards(inject("baseUrl"), shop, customerId);

    await myCards.getByRole("heading", { name: "Gold membership" }).waitFor({ state: "visible" });
    expect(await myCards.getByRole("link", { name: /Apple Wallet/ }).count()).toBe(0);
    expect(await page.getByText("Add to Apple Wallet").count()).toBe(0);
  });
});

describe("Add to Apple Wallet on the customer account page", () => {
  it("links each owned card and twin to its pass on the storefront, in the account's language", async () => {
    const shop = uniqueShop();
    const { customerId, card, twin } = await customer(shop);
    const account = await startCustomerAccountHarness({ appUrl: signing.url, apiKey: API_KEY, apiSecret: API_SECRET });
    try {
      const page = await newPage(browser);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${account.url}/page?${new URLSearchParams({ shop, customer: customerId, locale: "fr" })}`);
      await page.locator("html[data-extension-rendered]").waitFor({ state: "attached" });

      const cardLink = page.getByRole("link", { name: "Ajouter à Apple Wallet: Gold membership" });
      await cardLink.waitFor({ state: "visible" });
      expect(await cardLink.getAttribute("href")).toBe(`https://${shop}/apps/twincards/passes/${card.id}.pkpass?locale=fr`);
      const twinLink = page.getByRole("link", { name: "Ajouter à Apple Wallet: Aurora Ceramic Mug" });
      expect(await twinLink.getAttribute("href")).toBe(`https://${shop}/apps/twincards/passes/${twin.id}.pkpass?locale=fr`);
      // The card still waiting for its claim is not listed as the customer's, so it has no link.
      expect(await page.getByRole("link", { name: /Apple Wallet/ }).count()).toBe(2);
      await screenshot(page, "apple-wallet-04-account-french");
    } finally {
      await account.close();
    }
  });
});
