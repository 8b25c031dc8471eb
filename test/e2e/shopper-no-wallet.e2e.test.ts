import { readFileSync } from "node:fs";
import { randomInt } from "node:crypto";
import { simpleParser } from "mailparser";
import type { Browser, Locator } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { getPage } from "../support/admin";
import { uniqueShop } from "../support/api";
import { FRENCH_SHOP, setStubShop } from "../support/stub-shop";
import { launchBrowser, screenshot } from "../support/browser";
import { sendLocalCopy } from "../support/notify";
import { installStandInWallet } from "../support/stand-in-wallet";
import { openStorefrontPage } from "../support/storefront-page";
import type { StorefrontHarness } from "../../stubs/storefront/server";

// Issue 25, the shopper's path end to end: a French shopper on a phone with no crypto wallet
// opens the claim link of the shop's message, claims with the code alone, sees the item the
// store now holds for them, and later moves it to a wallet by signing once — a Sign In With
// Solana request in French and the shop's name (issue 39, item 6) — and sees it "in your wallet"
// on My cards (item 10), in Debian's Chromium with a Wallet-Standard wallet standing in for a
// browser extension.

const baseUrl = inject("baseUrl");
const image = (file: string) => `${inject("adminApiStubUrl")}/images/${file}`;
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

const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

/** The element's rendered height and font size, as the phone shows it. */
const boxOf = (locator: Locator) =>
  locator.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    fontSize: parseFloat(getComputedStyle(element).fontSize),
  }));

describe("a shopper with no crypto wallet, on a phone, in French (Chromium)", { timeout: 120_000 }, () => {
  it("goes from the message's link to the item in two taps, then moves it to a wallet by signing once", async () => {
    // A French shop whose merchant has opened the admin: the app knows its name, logo, language and zone.
    const shop = uniqueShop();
    await setStubShop(shop, FRENCH_SHOP);
    expect((await getPage("/app", shop)).status).toBe(200);
    const customerId = String(randomInt(1, 2 ** 47));
    const card = await createCard(shop, {
      name: "Pass VIP Maison Lumière",
      media: { imageUrls: [image("meridian-automatic-watch-1.svg")], videoUrls: [] },
      metadata: [{ key: "edition", value: "Automne 2026" }],
      email: "camille@example.com",
      firstName: "Camille",
    });
    const notification = await db.notification.findFirstOrThrow({ where: { shop } });

    // The message, as delivered: from the shop, in French, with the shop's logo and the claim link.
    const email = await simpleParser(readFileSync(await sendLocalCopy(notification.id)));
    expect(email.from?.value[0]?.name).toBe("Maison Lumière");
    expect(email.subject).toBe("Maison Lumière\u00a0: votre carte vous attend");
    expect(email.text).toContain("Camille");
    expect(email.html).toContain("Récupérer ma carte");
    const claimLink = new URL(/https:\/\/\S+\/apps\/twincards\/redeem\?code=[\w-]+/.exec(email.text ?? "")![0]);
    expect(claimLink.host).toBe(shop);

    const { page } = await openStorefrontPage({ browser, harnesses, appUrl: baseUrl, shop, customerId, locale: "fr" });
    // A wallet that offers solana:signIn: it writes the message itself from the fields it is given.
    const wallet = await installStandInWallet(page, "Test Wallet", { signIn: true });
    await page.setViewportSize(PHONE);
    const storefront = new URL(page.url()).origin;

    // Tap 1: the link in the message opens the claim page, the code already in its field.
    await page.goto(`${storefront}${claimLink.pathname}${claimLink.search}`);
    await shown(page.getByRole("heading", { level: 1, name: "Récupérer une carte" }));
    const code = page.getByLabel("Code", { exact: true });
    expect(await code.inputValue()).toBe(card.redemption!.code);
    expect(await page.getByRole("main").getByRole("textbox").count()).toBe(1);
    const field = await boxOf(code);
    expect(field.height).toBeGreaterThanOrEqual(44);
    expect(field.fontSize).toBeGreaterThanOrEqual(16);
    const button = page.getByRole("button", { name: "Récupérer la carte" });
    expect((await boxOf(button)).height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "shopper-01-claim-page-phone-fr");

    // Tap 2: claimed, with the code alone; the store holds the item for them.
    await button.click();
    await shown(page.getByRole("heading", { level: 1, name: "Vous avez récupéré une carte" }));
    await shown(page.getByRole("heading", { level: 2, name: card.name }));
    await shown(page.getByRole("img", { name: card.name }));
    await shown(page.getByText("La boutique la conserve pour vous\u00a0: vous n’avez rien d’autre à faire."));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: `shopify|${customerId}`,
      publicKey: null,
    });
    await screenshot(page, "shopper-02-claimed-held-phone-fr");

    // Later: link a wallet. The wallet extension is found and signs the one-time message.
    await page.getByRole("link", { name: "Associer un portefeuille" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "Associer un portefeuille" }));
    await shown(page.getByText("La boutique conserve 1 de vos cartes pour vous."));
    await page.getByRole("button", { name: "Associer avec Test Wallet" }).click();
    const short = `${wallet.address.slice(0, 4)}…${wallet.address.slice(-4)}`;
    await shown(page.getByText(`Portefeuille ${short} associé. 1 carte y est transférée.`));
    // What the wallet showed and signed: a sign-in request in French, in the shop's name, and nothing about the customer.
    expect(wallet.via).toEqual(["signIn"]);
    const [signed] = wallet.signed;
    expect(signed!.split("\n").slice(0, 4)).toEqual([
      "127.0.0.1 wants you to sign in with your Solana account:",
      wallet.address,
      "",
      "Associer ce portefeuille à vos cartes chez Maison Lumière. Signer est gratuit et n’envoie aucune transaction.",
    ]);
    expect(signed).toMatch(/^Nonce: [0-9a-f]{32}$/m);
    expect(signed).not.toContain(customerId);
    expect(signed).not.toContain(shop);
    await screenshot(page, "shopper-03-wallet-linked-phone-fr");

    // My cards says where the item is now, and copies the whole address.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: storefront });
    await page.goto(`${storefront}/apps/twincards`);
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));
    await shown(page.getByText(`Votre portefeuille\u202f: ${short}`));
    await shown(page.getByText("Dans votre portefeuille", { exact: true }));
    const copy = page.getByRole("button", { name: "Copier l’adresse de votre portefeuille" });
    expect((await boxOf(copy)).height).toBeGreaterThanOrEqual(44);
    await copy.click();
    await shown(page.getByText("Copié", { exact: true }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address);
    await screenshot(page, "shopper-04-my-cards-in-wallet-phone-fr");

    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ publicKey: wallet.address });
    expect(await db.customerWallet.findFirstOrThrow({ where: { shop } })).toMatchObject({
      owner: `shopify|${customerId}`,
      publicKey: wallet.address,
      verified: true,
    });
  });

  it("says so when the shopper cancels in the wallet, and links nothing", async () => {
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const { page } = await openStorefrontPage({ browser, harnesses, appUrl: baseUrl, shop, customerId });
    const wallet = await installStandInWallet(page, "Cancelling Wallet");
    wallet.willSign = false;
    await page.goto(`${new URL(page.url()).origin}/apps/twincards/wallet`);

    await page.getByRole("button", { name: "Link with Cancelling Wallet" }).click();

    await shown(page.getByText("The wallet didn't sign. Try again when you're ready."));
    expect(await db.customerWallet.count({ where: { shop } })).toBe(0);
  });
});
