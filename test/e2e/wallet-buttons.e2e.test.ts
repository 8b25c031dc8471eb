import { generateKeyPairSync, randomInt } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import type { StorefrontHarness } from "../../stubs/storefront/server";
import { uniqueShop } from "../support/api";
import { launchBrowser, screenshot } from "../support/browser";
import { startServer, type AppProcess } from "../support/processes";
import { smallTargets } from "../support/tap-targets";
import { openStorefrontPage } from "../support/storefront-page";
import { TEST_ENV } from "../support/test-env";
import { DEVICES } from "../support/user-agent";
import { makeSigningMaterial, removePassFiles } from "../support/wallet-pass";

// With both wallets configured, a shopper sees the button of the wallet their device has (issue 39, decision
// 0074): Apple's on an iPhone and in Safari on a Mac, Google's on Android, both on any other computer.

let browser: Browser;
let server: AppProcess;
const harnesses: StorefrontHarness[] = [];

beforeAll(async () => {
  const material = makeSigningMaterial();
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const serviceAccount = JSON.stringify({
    type: "service_account",
    client_email: "twin-cards@twin-cards-test.iam.gserviceaccount.com",
    private_key_id: "key-1",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  });
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({
      ...TEST_ENV,
      ...material.env,
      GOOGLE_WALLET_ISSUER_ID: "3388000000022222222",
      GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount,
    }),
  ]);
});
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  removePassFiles();
});

/** A customer holding one card, and the code of another waiting for them. */
async function customer(shop: string) {
  const customerId = String(randomInt(1, 2 ** 47));
  const owner = `shopify|${customerId}`;
  const key = Keypair.generate().publicKey.toBase58();
  await createCard(shop, { name: "Gold membership", media: { imageUrls: [], videoUrls: [] }, owner, publicKey: key });
  const gift = await createCard(shop, { name: "Backstage pass", media: { imageUrls: [], videoUrls: [] }, email: "alex@example.com" });
  return { customerId, code: gift.redemption!.code! };
}

/** The storefront on a 390 px phone with `userAgent`, for `customerId` (null: logged out); its origin for the proxy's pages. */
async function onPhone(shop: string, customerId: string | null, userAgent: string, javaScriptEnabled = true) {
  const { page } = await openStorefrontPage({ browser, harnesses, appUrl: server.url, shop, customerId, userAgent, javaScriptEnabled });
  await page.setViewportSize({ width: 390, height: 844 });
  return { page, storefront: new URL(page.url()).origin };
}

describe("the wallet button that fits the device, at 390 px", () => {
  it.each([
    ["an iPhone", ["Add to Apple Wallet"], DEVICES.iPhoneSafari],
    ["Safari on a Mac", ["Add to Apple Wallet"], DEVICES.macSafari],
    ["an Android phone", ["Add to Google Wallet"], DEVICES.androidChrome],
    ["Chrome on a Mac", ["Add to Apple Wallet", "Add to Google Wallet"], DEVICES.macChrome],
    ["Edge on Windows", ["Add to Apple Wallet", "Add to Google Wallet"], DEVICES.windowsEdge],
  ])("on %s, My cards shows %j", async (device, expected, userAgent) => {
    const shop = uniqueShop();
    const { customerId } = await customer(shop);
    const { page, myCards } = await openStorefrontPage({ browser, harnesses, appUrl: server.url, shop, customerId, userAgent });
    await page.setViewportSize({ width: 390, height: 844 });

    await myCards.getByRole("heading", { name: "Gold membership" }).waitFor({ state: "visible" });
    const buttons = myCards.locator("a.twin-cards__wallet");
    await expect.poll(() => buttons.allInnerTexts()).toEqual(expected);
    // Visible, and as tall as Google's brand guidelines ask (48 dp), across a 390 px phone.
    for (const button of await buttons.all()) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await screenshot(page, `wallet-buttons-${device.replaceAll(" ", "-")}`);
  });

  it.each([
    ["an iPhone", ["Add to Apple Wallet"], DEVICES.iPhoneSafari],
    ["an Android phone", ["Add to Google Wallet"], DEVICES.androidChrome],
  ])("on %s, the claim's success offers %j", async (_, expected, userAgent) => {
    const shop = uniqueShop();
    const { customerId, code } = await customer(shop);
    const { page, claim } = await openStorefrontPage({ browser, harnesses, appUrl: server.url, shop, customerId, userAgent });
    await page.setViewportSize({ width: 390, height: 844 });

    await claim.getByLabel("Claim code").fill(code);
    await claim.getByRole("button", { name: "Claim card" }).click();
    const buttons = claim.locator("a.twin-cards__wallet");
    await buttons.first().waitFor({ state: "visible" });
    expect(await buttons.allInnerTexts()).toEqual(expected);
  });
});

// The pages the server writes whole (the app proxy's My cards, the claim's result, the verification page) work
// without JavaScript and show every configured wallet's button; a small script then hides the one that does not
// fit the device, by the same rule as the theme blocks (decision 0074).
describe("the wallet button that fits the device on the app proxy's pages, at 390 px", () => {
  const visibleWallets = (page: Page) => page.locator("a.twincards-wallet:visible").allInnerTexts();

  it.each([
    ["an iPhone", "Add to Apple Wallet", DEVICES.iPhoneSafari],
    ["an Android phone", "Add to Google Wallet", DEVICES.androidChrome],
  ])("on %s, My cards, the claim's result and the verification page show only %s", async (_, expected, userAgent) => {
    const shop = uniqueShop();
    const { customerId, code } = await customer(shop);
    const { page, storefront } = await onPhone(shop, customerId, userAgent);

    await page.goto(`${storefront}/apps/twincards`);
    await page.getByRole("heading", { name: "Gold membership" }).waitFor({ state: "visible" });
    await expect.poll(() => visibleWallets(page)).toEqual([expected]);
    const button = page.getByRole("link", { name: `${expected}: Gold membership` });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await page.getByRole("link", { name: "Verify and see its history: Gold membership" }).click();
    await page.getByText("This is yours").waitFor({ state: "visible" });
    await expect.poll(() => visibleWallets(page)).toEqual([expected]);

    await page.goto(`${storefront}/apps/twincards/redeem`);
    await page.getByLabel("Claim code").fill(code);
    await page.getByRole("button", { name: "Claim card" }).click();
    await page.getByRole("heading", { name: "Backstage pass" }).waitFor({ state: "visible" });
    await expect.poll(() => visibleWallets(page)).toEqual([expected]);
    await screenshot(page, `wallet-buttons-proxy-${expected.replaceAll(" ", "-")}`);
  });

  it("without JavaScript, an iPhone's My cards shows both buttons (the server cannot know the device)", async () => {
    const shop = uniqueShop();
    const { customerId } = await customer(shop);
    const { page, storefront } = await onPhone(shop, customerId, DEVICES.iPhoneSafari, false);
    await page.goto(`${storefront}/apps/twincards`);
    await page.getByRole("heading", { name: "Gold membership" }).waitFor({ state: "visible" });
    expect(await visibleWallets(page)).toEqual(["Add to Apple Wallet", "Add to Google Wallet"]);
  });
});

// A refused download link (issue 39): the shopper who taps it gets a page of the theme in their language, with a
// way back to My cards, both tap targets.
describe("a refused pass or certificate link, at 390 px in French", () => {
  it("someone else's pass and a logged-out certificate: a French page, its status, My cards one tap away", async () => {
    const shop = uniqueShop();
    const { customerId } = await customer(shop);
    const other = await createCard(shop, {
      name: "Carte d’un autre",
      media: { imageUrls: [], videoUrls: [] },
      owner: `shopify|${randomInt(1, 2 ** 47)}`,
      publicKey: Keypair.generate().publicKey.toBase58(),
    });
    const { page, storefront } = await onPhone(shop, customerId, DEVICES.iPhoneSafari);

    const refused = await page.goto(`${storefront}/apps/twincards/passes/${other.id}.pkpass?locale=fr`);
    expect(refused!.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Impossible de l’ajouter à Apple Wallet" }).waitFor({ state: "visible" });
    await page.getByText("Cette carte ou ce jumeau numérique n’est pas dans votre collection").waitFor({ state: "visible" });
    expect(await page.locator(".twincards").innerText()).not.toMatch(/\b(card|your|collection is|My cards|wallet)\b/);
    expect(await smallTargets(page)).toEqual([]);
    await screenshot(page, "download-refused-pass-fr");
    await page.getByRole("link", { name: "Mes cartes" }).click();
    await page.getByRole("heading", { level: 1, name: "Mes cartes" }).waitFor({ state: "visible" });

    const visiting = await onPhone(shop, null, DEVICES.androidChrome);
    const visitor = visiting.page;
    const loggedOut = await visitor.goto(`${visiting.storefront}/apps/twincards/certificate/${other.id}?size=a4&lang=fr`);
    expect(loggedOut!.status()).toBe(401);
    await visitor.getByRole("heading", { level: 1, name: "Ce certificat ne peut pas être téléchargé" }).waitFor({ state: "visible" });
    await visitor.locator(".twincards").getByRole("link", { name: "Se connecter" }).waitFor({ state: "visible" });
    expect(await smallTargets(visitor)).toEqual([]);
    await screenshot(visitor, "download-refused-certificate-fr");
  });
});
