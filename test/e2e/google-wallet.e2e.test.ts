import { randomInt, randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { decodeJwt } from "jose";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { startCustomerAccountHarness } from "../../stubs/customer-account/server";
import type { StorefrontHarness } from "../../stubs/storefront/server";
import { API_KEY, API_SECRET } from "../support/admin";
import { uniqueShop } from "../support/api";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { GOOGLE_WALLET_ISSUER_ID, googleWalletEnv } from "../support/google-wallet";
import { startServer, type AppProcess } from "../support/processes";
import { openStorefrontPage } from "../support/storefront-page";
import { TEST_ENV } from "../support/test-env";
import { DEVICES } from "../support/user-agent";

// "Add to Google Wallet" on the storefront (decision 0048), as a shopper on a French phone sees it: on My cards
// when the app has a Google Wallet service account, leading to Google's save link (read here, never followed).

const ISSUER_ID = GOOGLE_WALLET_ISSUER_ID;
let browser: Browser;
let server: AppProcess;
const harnesses: StorefrontHarness[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ...TEST_ENV, ...googleWalletEnv() })]);
});
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A customer with a card in their wallet and a twin under their universal name. */
async function customer(shop: string) {
  const customerId = String(randomInt(1, 2 ** 47));
  const owner = `shopify|${customerId}`;
  const key = Keypair.generate().publicKey.toBase58();
  const card = await createCard(shop, { name: "Gold membership", media: { imageUrls: [], videoUrls: [] }, owner, publicKey: key });
  const name = await registerName(shop, { name: `alex-${randomUUID().slice(0, 8)}`, publicKey: key, owner });
  const twin = await issueTwin(shop, { public_key: key, name_id: name.uns_name_id, title: "Aurora Ceramic Mug", quantity: 1 });
  return { customerId, card, twin };
}

const openMyCards = async (appUrl: string, shop: string, customerId: string, locale?: string) => {
  // On an Android phone, the phone whose wallet the button is for (decision 0074: each device sees the wallet it has).
  const storefront = await openStorefrontPage({ browser, harnesses, appUrl, shop, customerId, locale, userAgent: DEVICES.androidChrome });
  await storefront.page.setViewportSize({ width: 390, height: 844 });
  return storefront;
};

/** Whether the element's box lies across the viewport's width (a 390 px phone). */
async function insideViewport(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  return box.x >= 0 && box.x + box.width <= page.viewportSize()!.width && box.width > 0;
}

describe("Add to Google Wallet on the storefront, at 390 px in French", () => {
  it("shows « Ajouter à Google Wallet » per owned item, leading to Google's save link of that item", async () => {
    const shop = uniqueShop();
    const { customerId, card, twin } = await customer(shop);
    const { page, myCards } = await openMyCards(server.url, shop, customerId, "fr");

    const buttons = myCards.getByRole("link", { name: /^Ajouter à Google Wallet/ });
    await buttons.first().waitFor({ state: "visible" });
    expect(await buttons.count()).toBe(2);
    const cardButton = myCards.getByRole("link", { name: "Ajouter à Google Wallet: Gold membership" });
    expect(await cardButton.innerText()).toBe("Ajouter à Google Wallet");
    expect(await cardButton.getAttribute("href")).toBe(`/apps/twincards/google-wallet/${card.id}?locale=fr`);
    expect(await insideViewport(page, cardButton)).toBe(true);
    const twinButton = myCards.getByRole("link", { name: "Ajouter à Google Wallet: Aurora Ceramic Mug" });
    expect(await insideViewport(page, twinButton)).toBe(true);
    // No Apple Wallet material on this server: no Apple button.
    expect(await myCards.getByRole("link", { name: /Apple Wallet/ }).count()).toBe(0);
    await screenshot(page, "google-wallet-01-my-cards-french");

    // The click goes through the storefront to the app, which answers with a redirect to Google's save link; the test
    // reads that answer and stands in for Google's page, so nothing leaves the machine.
    const saves: string[] = [];
    await page.route(/\/apps\/twincards\/google-wallet\//, async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      saves.push(answer.headers()["location"] ?? "");
      await route.fulfill({
        status: 200,
        contentType: "text/html",
        body: "<!doctype html><title>Google Wallet</title><h1>Google Wallet</h1>",
      });
    });
    await cardButton.click();
    await page.getByRole("heading", { name: "Google Wallet" }).waitFor({ state: "visible" });

    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = decodeJwt(saves[0]!.split("/save/")[1]!) as { payload: { genericObjects: { id: string; header: unknown }[] } };
    expect(claims.payload.genericObjects[0]!.id.startsWith(`${ISSUER_ID}.${card.id}-`)).toBe(true);
    expect(claims.payload.genericObjects[0]!.header).toEqual({ defaultValue: { language: "fr", value: "Gold membership" } });
    expect(twin.id).toMatch(/^twin_/);
  });

  it("shows no Google Wallet button where the app has no service account", async () => {
    const shop = uniqueShop();
    const { customerId } = await customer(shop);
    const { page, myCards } = await openMyCards(inject("baseUrl"), shop, customerId, "fr");

    await myCards.getByRole("heading", { name: "Gold membership" }).waitFor({ state: "visible" });
    expect(await myCards.getByRole("link", { name: /Google Wallet/ }).count()).toBe(0);
    expect(await page.getByText("Ajouter à Google Wallet").count()).toBe(0);
  });
});

describe("Add to Google Wallet on the customer account page", () => {
  it("links each owned card and twin to the storefront's Google Wallet route, in the account's language", async () => {
    const shop = uniqueShop();
    const { customerId, card, twin } = await customer(shop);
    const account = await startCustomerAccountHarness({ appUrl: server.url, apiKey: API_KEY, apiSecret: API_SECRET });
    try {
      const page = await newPage(browser);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${account.url}/page?${new URLSearchParams({ shop, customer: customerId, locale: "fr" })}`);
      await page.locator("html[data-extension-rendered]").waitFor({ state: "attached" });

      const cardLink = page.getByRole("link", { name: "Ajouter à Google Wallet: Gold membership" });
      await cardLink.waitFor({ state: "visible" });
      expect(await cardLink.getAttribute("href")).toBe(`https://${shop}/apps/twincards/google-wallet/${card.id}?locale=fr`);
      const twinLink = page.getByRole("link", { name: "Ajouter à Google Wallet: Aurora Ceramic Mug" });
      expect(await twinLink.getAttribute("href")).toBe(`https://${shop}/apps/twincards/google-wallet/${twin.id}?locale=fr`);
      expect(await page.getByRole("link", { name: /Apple Wallet/ }).count()).toBe(0);
      await screenshot(page, "google-wallet-02-account-french");
    } finally {
      await account.close();
    }
  });
});
