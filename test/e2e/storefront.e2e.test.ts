import { randomInt, randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard, createCardBatch } from "~/domain/cards.server";
import { voidCard } from "~/domain/card-void.server";
import { registerName } from "~/domain/names.server";
import { linkWalletUnsigned } from "~/domain/wallet-links.server";
import { issueTwin } from "~/domain/twins.server";
import { getPage } from "../support/admin";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { postJson, signedProxyUrl } from "../support/app-proxy";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";
import { setStubShop } from "../support/stub-shop";
import { openStorefrontPage } from "../support/storefront-page";

// What a customer sees of the theme app extension (extensions/storefront/): both app
// blocks rendered from their .liquid files on a theme-like page, talking to the built
// app through a signed app proxy, in Debian's Chromium.
const baseUrl = inject("baseUrl");
// Product pictures served on loopback by the Admin API stub (the browser reaches nothing else).
const image = (file: string) => `${inject("adminApiStubUrl")}/images/${file}`;

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

const openStorefront = (shop: string, customerId: string | null, query = "", locale?: string, javaScriptEnabled = true) =>
  openStorefrontPage({ browser, harnesses, appUrl: baseUrl, shop, customerId, query, locale, javaScriptEnabled });

/** Waits until the element is on screen; fails the test if it never is. */
const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

/** At least 44 × 44 px, a finger's width. */
async function expectTapTarget(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.width).toBeGreaterThanOrEqual(44);
}

/** Everything fits the viewport's width: nothing to scroll sideways to. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const uniqueCustomerId = () => String(randomInt(1, 2 ** 47));
const wallet = () => Keypair.generate().publicKey.toBase58();

/** The text of the elements an input's aria-describedby points at. */
async function descriptionOf(input: Locator): Promise<string> {
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => input.page().locator(`[id="${id}"]`).innerText()));
  return texts.join(" ");
}

/** A customer who already owns a card and holds a twin under their universal name. */
async function customerWithCollection(shop: string) {
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const key = wallet();
  await createCard(shop, {
    name: "Canvas Rolltop Backpack — owner's card",
    media: { imageUrls: [image("canvas-rolltop-backpack-1.svg")], videoUrls: [] },
    metadata: [
      { key: "serial_number", value: "HP-RT-20931", metaType: "RETAIL_IDENTIFIER" },
      { key: "colour", value: "Olive", metaType: "NO_TYPE" },
    ],
    owner,
    publicKey: key,
  });
  const name = await registerName(shop, { name: `alex-${randomUUID().slice(0, 8)}`, publicKey: key, owner });
  const twin = await issueTwin(shop, {
    public_key: key,
    name_id: name.uns_name_id,
    title: "Aurora Ceramic Mug",
    description: "A hand-thrown stoneware mug with a northern-lights glaze. Holds 350 ml.",
    brand: "Nordlys Studio",
    quantity: 1,
    price: 24.9,
    currency: "EUR",
    images: [image("aurora-ceramic-mug-1.svg")],
    links: ["https://harbor-and-pine.example/products/aurora-ceramic-mug"],
  });
  return { customerId, owner, name, twin };
}

/** A card waiting to be claimed with a code, carrying public and PRIVATE metadata. */
async function cardToClaim(shop: string) {
  const secret = `supplier-note-${randomUUID()}`;
  const card = await createCard(shop, {
    name: `Meridian Automatic Watch — certificate ${randomUUID().slice(0, 4)}`,
    media: { imageUrls: [image("meridian-automatic-watch-1.svg")], videoUrls: ["http://127.0.0.1:9/unboxing.mp4"] },
    metadata: [
      { key: "edition", value: "27 of 250", metaType: "NO_TYPE" },
      { key: "price", value: [649, "EUR"], metaType: "PRICE" },
      { key: "supplier_margin_note", value: secret, metaType: "NO_TYPE", visibility: "PRIVATE" },
    ],
    email: "alex.morgan@example.com",
  });
  return { card, code: card.redemption!.code!, secret };
}

describe("storefront blocks (theme app extension, Chromium)", { timeout: 120_000 }, () => {
  it("claims a card from a ?code= link: success shown, the card appears in My cards without a reload, public metadata only", async () => {
    const shop = uniqueShop();
    const { customerId, owner, name, twin } = await customerWithCollection(shop);
    const { card, code, secret } = await cardToClaim(shop);
    const { page, claim, myCards, appRequests } = await openStorefront(shop, customerId, `?code=${encodeURIComponent(code)}`);

    // My cards: the owned card and the twin, with the twin's price formatted for the locale.
    await shown(myCards.getByRole("heading", { name: "Canvas Rolltop Backpack — owner's card" }));
    await shown(myCards.getByRole("heading", { name: twin.title }));
    await shown(myCards.getByText("€24.90"));
    await shown(myCards.getByRole("img", { name: twin.title }));
    expect(await myCards.getByRole("heading", { name: card.name }).count()).toBe(0);

    // Claim a card: the code from the link is already there.
    const codeInput = claim.getByLabel("Claim code");
    expect(await codeInput.inputValue()).toBe(code);
    await screenshot(page, "storefront-01-before-claim");

    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    // The code alone: the cards go to the wallet of the customer's universal name.
    expect(await claim.getByRole("textbox").count()).toBe(1);
    await claim.getByRole("button", { name: "Claim card" }).click();

    await shown(claim.getByText("Card claimed! It's now in your collection."));
    await shown(claim.getByRole("listitem").filter({ hasText: card.name }));
    // Focus moves to the result, so keyboard and screen-reader users land on it.
    expect(await page.evaluate(() => document.activeElement?.textContent ?? "")).toContain("Card claimed!");

    // My cards refreshed itself: the claimed card with its picture, status and public metadata.
    const claimed = myCards.getByRole("article", { name: card.name });
    await shown(claimed);
    await shown(claimed.getByRole("img", { name: card.name }));
    await shown(claimed.getByText("In your collection"));
    await shown(claimed.getByText("27 of 250"));
    await shown(claimed.getByText("€649.00"));
    await shown(claimed.getByText(/Claimed on/));
    expect(await claimed.locator("video[controls]").count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(appRequests).toEqual(["GET /apps/twincards/cards", "POST /apps/twincards/redeem", "GET /apps/twincards/cards"]);
    // The used code is dropped from the address bar, so a reload does not pre-fill it again.
    expect(new URL(page.url()).searchParams.has("code")).toBe(false);

    // The PRIVATE entry is nowhere on the page.
    const text = await page.locator("body").innerText();
    expect(text).not.toContain("translation missing");
    expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain("supplier");
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, "storefront-02-after-claim");

    const stored = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(stored).toMatchObject({ status: "OWNED", owner, publicKey: name.public_key });
  });

  it("shows a wrong code at the code field, and asks for an empty one without asking the app", async () => {
    const shop = uniqueShop();
    const { customerId } = await customerWithCollection(shop);
    const { page, claim, appRequests } = await openStorefront(shop, customerId);
    const codeInput = claim.getByLabel("Claim code");
    const button = claim.getByRole("button", { name: "Claim card" });
    expect(await codeInput.inputValue()).toBe("");

    // Nothing typed: said at the field, and the app is not asked.
    await button.click();
    await shown(claim.getByText("Enter the claim code from your message."));
    expect(await codeInput.getAttribute("aria-invalid")).toBe("true");
    expect(appRequests.filter((request) => request.endsWith("/redeem"))).toEqual([]);

    // From the keyboard: Enter in the field submits the form.
    await codeInput.fill("WRNG-C0DE-0000");
    await codeInput.press("Enter");
    await shown(claim.getByText("We don't recognise this code. Check it against your message and try again."));
    expect(await codeInput.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(codeInput)).toContain("We don't recognise this code.");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("code");
    await screenshot(page, "storefront-03-wrong-code");

    // Typing a new code clears the error.
    await codeInput.fill("ABCD-EFGH-JKMN");
    expect(await codeInput.getAttribute("aria-invalid")).toBeNull();
    expect(await claim.getByText("We don't recognise this code.").count()).toBe(0);
  });

  it("says at the code field that the shop voided a code's cards, not that it expired, claiming nothing", async () => {
    const shop = uniqueShop();
    const card = await createCard(shop, { name: "Cancelled order certificate", media: { imageUrls: [] }, email: "buyer@example.com" });
    await voidCard(shop, card.id);
    const { claim } = await openStorefront(shop, uniqueCustomerId(), `?code=${card.redemption!.code}`);

    await claim.getByRole("button", { name: "Claim card" }).click();

    await shown(
      claim.getByText(
        "This code's cards were voided by the shop (for example, their order was cancelled), so there is nothing left to claim.",
      ),
    );
    expect(await claim.getByLabel("Claim code").getAttribute("aria-invalid")).toBe("true");
    expect(await claim.getByText("This code has expired.").count()).toBe(0);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "VOID", owner: null });
  });

  it("in French, one code for two cards: the block says the store holds them, in the plural", async () => {
    const shop = uniqueShop();
    const media = { imageUrls: [], videoUrls: [] };
    const [first] = await createCardBatch(shop, {
      redemption: { email: "camille@example.com" },
      cards: [
        { name: "Carte Or", media },
        { name: "Carte Argent", media },
      ],
    });
    const { claim } = await openStorefront(shop, uniqueCustomerId(), `?code=${first!.redemption!.code}`, "fr");

    await claim.getByRole("button", { name: "Récupérer la carte" }).click();

    await shown(claim.getByText("La boutique les conserve pour vous", { exact: false }));
    expect(await claim.getByText("la conserve", { exact: false }).count()).toBe(0);
  });

  it("claims with the code alone for a customer with no wallet: the store holds the card, and says where to link a wallet", async () => {
    const shop = uniqueShop();
    const { card, code } = await cardToClaim(shop);
    const customerId = uniqueCustomerId();
    const { page, claim, myCards } = await openStorefront(shop, customerId, `?code=${code}`);
    await shown(myCards.getByText("You don't have any cards yet."));

    await claim.getByRole("button", { name: "Claim card" }).click();

    await shown(claim.getByText("Card claimed! It's now in your collection."));
    await shown(claim.getByText("The store holds it for you, so there's nothing else to do."));
    expect(await claim.getByRole("link", { name: "Link a wallet" }).getAttribute("href")).toBe("/apps/twincards/wallet");
    const claimed = myCards.getByRole("article", { name: card.name });
    await shown(claimed.getByText("Held for you by the store: link a wallet whenever you like to keep it there."));
    expect(await myCards.getByRole("link", { name: "Link a wallet" }).getAttribute("href")).toBe("/apps/twincards/wallet");
    await screenshot(page, "storefront-05-claimed-without-wallet");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: `shopify|${customerId}`,
      publicKey: null,
    });
  });

  it("keeps the merchant's own heading and button text", async () => {
    const shop = uniqueShop();
    const { code } = await cardToClaim(shop);
    const { page, claim } = await openStorefrontPage({
      browser,
      harnesses,
      appUrl: baseUrl,
      shop,
      customerId: uniqueCustomerId(),
      query: `?code=${code}`,
      locale: "fr",
      settings: { "claim-card": { heading: "Vos cadeaux", button_label: "Je les veux" }, "my-cards": { show_heading: false } },
    });

    await shown(page.getByRole("heading", { level: 2, name: "Vos cadeaux" }));
    expect(await page.getByRole("heading", { level: 2, name: "Mes cartes" }).count()).toBe(0);
    await claim.getByRole("button", { name: "Je les veux" }).click();
    await shown(claim.getByText("Carte récupérée\u202f! Elle est maintenant dans votre collection."));
  });

  it("logged out: both blocks offer a log-in link that comes back to the page, and nothing asks the app", async () => {
    const { page, claim, myCards, appRequests } = await openStorefront(uniqueShop(), null, "?code=ABCD-EFGH-JKMN");
    for (const block of [claim, myCards]) {
      const link = block.getByRole("link", { name: "Log in" });
      await shown(link);
      const href = new URL((await link.getAttribute("href"))!, page.url());
      expect(href.pathname).toBe("/account/login");
      expect(href.searchParams.get("return_url")).toBe("/pages/twin-cards?code=ABCD-EFGH-JKMN");
    }
    await shown(myCards.getByText("Log in to see your cards and digital twins."));
    await shown(claim.getByText("Log in to claim the cards you received with a code."));
    expect(await page.getByLabel("Claim code").count()).toBe(0);
    expect(await page.locator("body").innerText()).not.toContain("translation missing");
    await page.waitForLoadState("networkidle");
    expect(appRequests).toEqual([]);
    await screenshot(page, "storefront-06-logged-out");
  });

  it("on a phone: shows loading, then an error with a retry when the app refuses the request", async () => {
    // A proxy signing with the wrong secret: the app answers 400 to everything.
    const harness = await startStorefrontHarness({
      appUrl: baseUrl,
      apiSecret: "not-the-app-secret",
      shop: uniqueShop(),
      customerId: uniqueCustomerId(),
      clientAddress: uniqueClientAddress(),
    });
    harnesses.push(harness);
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/apps/twincards/cards", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${harness.url}/pages/twin-cards?code=ABCD-EFGH-JKMN`);
    const myCards = page.getByRole("region", { name: "My cards" });
    await shown(myCards.getByText("Loading your cards…"));
    await screenshot(page, "storefront-08-mobile-loading");

    release();
    await shown(myCards.getByText("We couldn't load your cards. Check your connection and try again."));
    const retry = myCards.getByRole("button", { name: "Try again" });
    await shown(retry);
    await retry.click();
    await shown(myCards.getByRole("button", { name: "Try again" }));

    const claim = page.getByRole("region", { name: "Claim a card" });
    await claim.getByRole("button", { name: "Claim card" }).click();
    const failure = claim.getByRole("alert");
    await shown(failure);
    expect(await failure.innerText()).toContain("Something went wrong and your cards weren't claimed.");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("alert");
    await screenshot(page, "storefront-09-mobile-errors");
  });

  it("speaks French on a French storefront: block headings, button, labels, dates and money, and the proxy page too", async () => {
    const shop = uniqueShop();
    const { customerId, owner, twin } = await customerWithCollection(shop);
    const { card, code } = await cardToClaim(shop);
    // A numbered pair: the second card of a batch of two.
    const prints = ["Tirage d’art — épreuve A", "Tirage d’art — épreuve B"].map((name) => ({
      name,
      media: { imageUrls: [], videoUrls: [] },
    }));
    await createCardBatch(shop, { owner, publicKey: wallet(), cards: prints });
    const { page, myCards, claim } = await openStorefront(shop, customerId, `?code=${code}`, "fr");

    await shown(page.getByRole("heading", { level: 2, name: "Mes cartes" }));
    await shown(page.getByRole("heading", { level: 2, name: "Récupérer une carte" }));
    const twinCard = myCards.getByRole("article", { name: twin.title });
    await shown(twinCard.getByText("Jumeau numérique"));
    await shown(twinCard.getByText("Prix"));
    await shown(twinCard.getByText(/24,90\s€/));
    await shown(myCards.getByText("Dans votre collection"));
    await shown(myCards.getByRole("article", { name: prints[1]!.name }).getByText(/^nº\s2 sur\s2$/));
    await shown(claim.getByLabel("Code", { exact: true }));

    await claim.getByRole("button", { name: "Récupérer la carte" }).click();
    await shown(claim.getByText("Carte récupérée\u202f! Elle est maintenant dans votre collection."));
    const claimed = myCards.getByRole("article", { name: card.name });
    await shown(claimed.getByText(/649,00\s€/));
    // "price" is a key the app writes itself: its label is French too (issue 39, item 8).
    await shown(claimed.getByText("Prix", { exact: true }));
    const today = new Intl.DateTimeFormat("fr", { dateStyle: "long" }).format(new Date());
    await shown(claimed.getByText(`Récupérée le ${today}`));
    const text = await page.locator("main").innerText();
    expect(text).not.toContain("translation missing");
    for (const english of ["My cards", "Claim a card", "Claim card", "In your collection", "Claimed on", "Price"])
      expect(text).not.toContain(english);
    await screenshot(page, "storefront-07-french");

    // The page without JavaScript, in French too: its dates and prices as well.
    await page.goto(new URL("/apps/twincards", page.url()).toString());
    await shown(page.getByRole("heading", { level: 1, name: "Mes cartes" }));
    const proxyText = await page.locator("main").innerText();
    expect(proxyText).toMatch(/Prix\s+24,90\s€/);
    expect(proxyText).toMatch(/Prix\s+649,00\s€/);
    expect(proxyText).toMatch(/Tirage d’art — épreuve B\s+nº\s2 sur\s2/);
    expect(proxyText).toContain(`Récupérée le ${new Intl.DateTimeFormat("fr", { dateStyle: "long", timeZone: "UTC" }).format(new Date())}`);
    expect(proxyText).not.toMatch(/\d{4}-\d{2}-\d{2}|EUR/);
    await screenshot(page, "storefront-12-french-proxy-page");
  });

  it("without JavaScript: My cards says where to see the cards instead of loading forever, and the link and the claim form work", async () => {
    const shop = uniqueShop();
    const { customerId, twin } = await customerWithCollection(shop);
    const { card, code } = await cardToClaim(shop);
    const { page, myCards, claim, appRequests } = await openStorefront(shop, customerId, `?code=${code}`, undefined, false);

    // Playwright's text and role locators skip <noscript>, whose content only a browser without scripts shows: by class.
    const message = myCards.locator(".twin-cards__no-script");
    await shown(message);
    expect(await message.innerText()).toBe(
      "Your cards need JavaScript to show here, and it is turned off in this browser. See your cards on a page that works without it",
    );
    expect(await myCards.getByText("Loading your cards…").isVisible()).toBe(false);
    await screenshot(page, "storefront-13-no-javascript");

    await message.locator("a").click();
    await shown(page.getByRole("heading", { level: 1, name: "My cards" }));
    await shown(page.getByRole("heading", { level: 3, name: twin.title }));
    expect(new URL(page.url()).pathname).toBe("/apps/twincards");

    // The block's own form posts to the app proxy's claim page when no script takes it over.
    await page.goBack();
    await claim.getByLabel("Claim code").fill(code);
    await claim.getByRole("button", { name: "Claim card" }).click();
    await shown(page.getByRole("heading", { level: 1, name: "You claimed a card" }));
    await shown(page.getByRole("heading", { level: 2, name: card.name }));
    expect(appRequests).toEqual(["GET /apps/twincards", "POST /apps/twincards/redeem"]);
    await screenshot(page, "storefront-14-no-javascript-claimed");
  });

  // Issue 39, items 7 and 10 (decisions 0070, 0072): the block shows what the app proxy's My cards shows, in its words.
  const PARITY = {
    en: {
      waiting: "Waiting for you",
      hint: "Sent to the e-mail address of your account: claim them with one tap, no code to type.",
      until: "To claim before",
      claim: "Claim",
      claimed: "Claimed: the card is yours.",
      held: "Held for you by the store: link a wallet whenever you like to keep it there.",
      wallet: "Your wallet: ",
      copy: "Copy your wallet's address",
      copied: "Copied",
      inWallet: "In your wallet",
    },
    fr: {
      waiting: "En attente pour vous",
      hint: "Envoyées à l’adresse e-mail de votre compte\u00a0: récupérez-les d’un geste, sans code à saisir.",
      until: "À récupérer avant le",
      claim: "Récupérer",
      claimed: "C’est fait\u00a0: la carte est à vous.",
      held: "Conservée pour vous par la boutique\u00a0: associez un portefeuille quand vous le souhaitez pour l’y garder.",
      wallet: "Votre portefeuille\u202f: ",
      copy: "Copier l’adresse de votre portefeuille",
      copied: "Copié",
      inWallet: "Dans votre portefeuille",
    },
  } as const;

  for (const locale of ["en", "fr"] as const) {
    const words = PARITY[locale];
    it(`on a phone in ${locale}: claims a card waiting for the customer's verified e-mail in one tap, then shows the linked wallet with Copy and "${words.inWallet}"`, async () => {
      const shop = uniqueShop();
      const customerId = uniqueCustomerId();
      const email = `camille.${randomUUID().slice(0, 6)}@example.com`;
      await setStubShop(shop, { customers: [{ id: customerId, email, verifiedEmail: true, firstName: "Camille", locale }] });
      expect((await getPage("/app", shop)).status).toBe(200);
      const card = await createCard(shop, { name: "Carte Or — édition d’hiver", media: { imageUrls: [] }, email });
      // Sent to another customer's address: never shown to this one.
      const theirs = await createCard(shop, { name: "Someone else's card", media: { imageUrls: [] }, email: `other.${email}` });
      const { page, myCards, appRequests } = await openStorefront(shop, customerId, "", locale);
      await page.setViewportSize({ width: 390, height: 844 });

      const waiting = myCards.getByRole("region", { name: words.waiting });
      await shown(waiting.getByText(words.hint));
      const expires = new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(card.redemption!.expiresAt!));
      await shown(waiting.getByText(`${words.until} ${expires}`));
      const claim = waiting.getByRole("button", { name: `${words.claim}: ${card.name}` });
      await shown(claim);
      expect(await myCards.getByText(theirs.name).count()).toBe(0);
      await expectTapTarget(claim);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `storefront-17-waiting-phone-${locale}`);

      await claim.click();
      await shown(myCards.getByText(words.claimed));
      const claimed = myCards.getByRole("article", { name: card.name });
      await shown(claimed.getByText(words.held));
      expect(await myCards.getByRole("region", { name: words.waiting }).count()).toBe(0);
      expect(appRequests.filter((request) => /^POST \/apps\/twincards\/waiting\/[^/]+\/claim$/.test(request))).toHaveLength(1);
      expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
        status: "OWNED",
        owner: `shopify|${customerId}`,
        publicKey: null,
      });
      expect(await db.unitCard.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
        status: "PENDING_REDEMPTION",
        owner: null,
      });

      // The customer links a wallet (the proxy's wallet page): the held card moves to it.
      const address = wallet();
      await linkWalletUnsigned(shop, customerId, { publicKey: address, acknowledgeRisk: true });
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
      await page.reload();

      await shown(myCards.getByText(`${words.wallet}${address.slice(0, 4)}…${address.slice(-4)}`, { exact: true }));
      await shown(myCards.getByRole("article", { name: card.name }).getByText(words.inWallet, { exact: true }));
      const copy = myCards.getByRole("button", { name: words.copy });
      await expectTapTarget(copy);
      await copy.click();
      await shown(myCards.getByText(words.copied, { exact: true }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `storefront-18-wallet-phone-${locale}`);

      await page.setViewportSize({ width: 1040, height: 800 });
      await expectNoSidewaysScroll(page);
      await screenshot(page, `storefront-19-wallet-desktop-${locale}`);
      const text = await page.locator("main").innerText();
      expect(text).not.toContain("translation missing");
      expect(text).not.toContain(theirs.name);
      if (locale === "fr") for (const english of ["Your wallet", "Copy", "In your wallet", "Claim"]) expect(text).not.toContain(english);
    });
  }

  it("says a waiting card is no longer waiting when its code was claimed meanwhile, and claims nothing for this customer", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const email = `sam.${randomUUID().slice(0, 6)}@example.com`;
    await setStubShop(shop, { customers: [{ id: customerId, email, verifiedEmail: true }] });
    expect((await getPage("/app", shop)).status).toBe(200);
    const card = await createCard(shop, { name: "Silver pass", media: { imageUrls: [] }, email });
    const { page, myCards } = await openStorefront(shop, customerId);
    await page.setViewportSize({ width: 390, height: 844 });
    const claim = myCards.getByRole("button", { name: "Claim: Silver pass" });
    await shown(claim);

    // Someone holding the message claims it with its code before this customer taps.
    const other = uniqueCustomerId();
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: other }), { code: card.redemption!.code! })).status).toBe(
      200,
    );
    await claim.click();

    await shown(myCards.getByText("This card is no longer waiting for you: it was claimed, cancelled or has expired."));
    await shown(myCards.getByText("You don't have any cards yet."));
    expect(await myCards.getByRole("region", { name: "Waiting for you" }).count()).toBe(0);
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ owner: `shopify|${other}` });
  });

  it("names the giver on the friend's card and the friend in the giver's 'Cards you gave', in French", async () => {
    const shop = uniqueShop();
    const giver = uniqueCustomerId();
    const friend = uniqueCustomerId();
    const card = await createCard(shop, { name: "Carte Or", media: { imageUrls: [] }, email: "chloe@example.com" });
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: giver }), { code: card.redemption!.code! })).status).toBe(
      200,
    );
    const given = await postJson(signedProxyUrl(`/proxy/cards/${card.id}/give`, { shop, customerId: giver }), {
      email: "olivia@example.com",
      fromName: "Chloé",
      locale: "fr",
    });
    expect(given.status).toBe(200);
    const gift = await db.cardTransfer.findFirstOrThrow({ where: { cardId: card.id, status: "PENDING" } });
    const message = await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } });
    const code = (message.payload as { code: string }).code;
    expect((await postJson(signedProxyUrl("/proxy/redeem", { shop, customerId: friend }), { code })).status).toBe(200);
    const today = new Intl.DateTimeFormat("fr", { dateStyle: "long" }).format(new Date());

    const friends = await openStorefront(shop, friend, "", "fr");
    await shown(friends.myCards.getByText(`Un cadeau de Chloé, récupéré le ${today}`, { exact: true }));

    const givers = await openStorefront(shop, giver, "", "fr");
    await shown(givers.myCards.getByRole("heading", { name: "Cartes que vous avez offertes" }));
    await shown(givers.myCards.getByText(new RegExp(`^Carte Or\u202f: offerte à o\\S*@example\\.com le ${today}$`)));
  });

  it("shows a placeholder, not alt text in a grey box, for a picture that does not load", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const broken = image("no-such-picture.svg");
    await createCard(shop, {
      name: "Harbor Lantern — certificate",
      media: { imageUrls: [broken], videoUrls: [] },
      metadata: [],
      owner: `shopify|${customerId}`,
      publicKey: wallet(),
    });
    const { page, myCards } = await openStorefront(shop, customerId);

    const lantern = myCards.getByRole("article", { name: "Harbor Lantern — certificate" });
    await shown(lantern.locator(".twin-cards__media--empty .twin-cards__monogram"));
    expect(await lantern.locator(".twin-cards__monogram").innerText()).toBe("H");
    expect(await lantern.locator("img").count()).toBe(0);
    await screenshot(page, "storefront-15-broken-image");

    // The page without JavaScript draws its placeholder with CSS alone: the alt text is not shown.
    await page.goto(new URL("/apps/twincards", page.url()).toString());
    const picture = page.locator(`img[src="${broken}"]`);
    await picture.waitFor({ state: "attached" });
    await page.waitForLoadState("load");
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    expect(await picture.evaluate((img) => getComputedStyle(img).color)).toBe("rgba(0, 0, 0, 0)");
    expect(await picture.evaluate((img) => getComputedStyle(img, "::after").content)).toBe('""');
    await screenshot(page, "storefront-16-broken-image-no-javascript");
  });
});
