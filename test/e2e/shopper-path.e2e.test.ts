import { randomInt, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { decodeJwt } from "jose";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { API_KEY, API_SECRET, getPage } from "../support/admin";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { walletKey } from "../support/fixtures";
import { googleWalletEnv } from "../support/google-wallet";
import { sendLocalCopy } from "../support/notify";
import { readPdf } from "../support/pdf";
import { startServer, type AppProcess } from "../support/processes";
import { setStubShop } from "../support/stub-shop";
import { smallTargets } from "../support/tap-targets";
import { TEST_ENV } from "../support/test-env";
import { DEVICES } from "../support/user-agent";
import { makeSigningMaterial, removePassFiles, unzipPass } from "../support/wallet-pass";
import { startCustomerAccountHarness } from "../../stubs/customer-account/server";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39's "Done when": Chromium walks the whole shopper path at 390 px, once in French and once in
// English, as one shopper and one friend would: the claim message's link, log-in, claim with the code,
// claim by verified e-mail, My cards, verify, the certificate, the pass, give, the friend's message and
// claim, the giver's notice, and linking a wallet. Each walk goes against the shop's own language (a
// French shopper on an English shop, an English one on a French shop), so nothing passes for being the
// shop's default. At each step: what the person sees, no word of the other language, and every link and
// button of the app's part of the page at least 44 × 44 px.

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let server: AppProcess;
const harnesses: StorefrontHarness[] = [];
beforeAll(async () => {
  const material = makeSigningMaterial();
  // Apple's and Google's passes both on, and Shopify's Admin API (the stub) for the shop's languages and customers' e-mails.
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ ...TEST_ENV, SHOPIFY_ADMIN_API_STUB_URL: inject("adminApiStubUrl"), ...material.env, ...googleWalletEnv() }),
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

/** What each walk reads, in its language, and the other language's words it must never show. */
const WALKS = {
  fr: {
    shop: { name: "Harbor & Pine", primaryLocale: "en", otherLocales: ["fr"], timeZone: "America/New_York" },
    device: DEVICES.iPhoneSafari,
    claimSubject: "Harbor & Pine\u00a0: votre carte vous attend",
    claimHeading: "Récupérer une carte",
    logIn: "Se connecter",
    claimButton: "Récupérer la carte",
    claimed: "Vous avez récupéré une carte",
    myCards: "Mes cartes",
    waiting: "En attente pour vous",
    waitingClaim: "Récupérer",
    waitingClaimed: "C’est fait\u00a0: la carte est à vous.",
    verify: "Vérifier et voir son historique",
    history: "Historique",
    claimedBy: "Récupérée par le détenteur 1",
    yours: "Elle est à vous",
    certificate: "Télécharger le certificat (PDF)",
    certificateHeading: "CERTIFICAT D’AUTHENTICITÉ",
    pass: "Ajouter à Apple Wallet",
    give: "Offrir",
    recipient: "E-mail ou téléphone du destinataire (+ indicatif)",
    giverName: "Votre nom, tel que cette personne le verra",
    giftWords: "Un mot pour cette personne (facultatif)",
    send: "Envoyer le cadeau",
    giftSent: (to: string) => `Cadeau envoyé à ${to}.`,
    giftSubject: (giver: string, card: string) => `${giver} vous offre une carte\u00a0: ${card}`,
    giftFrom: (giver: string) => `Un cadeau de ${giver}, récupéré le`,
    noticeSubject: (card: string) => `Votre cadeau a été récupéré\u00a0: ${card}`,
    given: "Cartes que vous avez offertes",
    givenHistory: "Offerte par le détenteur 1 au détenteur 2",
    linkWallet: "Associer un portefeuille",
    walletAddress: "Adresse du portefeuille",
    acknowledge: "J’ai vérifié l’adresse.",
    linkAddress: "Associer cette adresse",
    linked: (short: string) => `Portefeuille ${short} associé. 1 carte y est transférée.`,
    back: "Retour à Mes cartes",
    walletLine: (short: string) => `Votre portefeuille\u202f: ${short}`,
    movedHistory: "Déplacée dans le portefeuille du détenteur 1",
    // English words of the app's interface that a French page must not show (whole words, any case).
    otherWords: [
      "claim",
      "claimed",
      "card",
      "cards",
      "my",
      "give",
      "gift",
      "verify",
      "verified",
      "history",
      "log in",
      "send",
      "download",
      "certificate",
      "wallet",
      "link",
      "the",
      "your",
      "and",
      "with",
      "store",
      "shop",
      "holder",
      "issued",
      "waiting",
      "copy",
      "back",
      "yours",
      "from",
      "to",
      "of",
    ],
  },
  en: {
    shop: { name: "Maison Lumière", primaryLocale: "fr", otherLocales: ["en"], timeZone: "Europe/Paris" },
    device: DEVICES.androidChrome,
    claimSubject: "Maison Lumière: your card is ready to claim",
    claimHeading: "Claim a card",
    logIn: "Log in",
    claimButton: "Claim card",
    claimed: "You claimed a card",
    myCards: "My cards",
    waiting: "Waiting for you",
    waitingClaim: "Claim",
    waitingClaimed: "Claimed: the card is yours.",
    verify: "Verify and see its history",
    history: "History",
    claimedBy: "Claimed by holder 1",
    yours: "This is yours",
    certificate: "Download certificate (PDF)",
    certificateHeading: "CERTIFICATE OF AUTHENTICITY",
    pass: "Add to Google Wallet",
    give: "Give this",
    recipient: "Recipient's e-mail or phone (+ country code)",
    giverName: "Your name, as they will see it",
    giftWords: "A message for them (optional)",
    send: "Send the gift",
    giftSent: (to: string) => `Gift sent to ${to}.`,
    giftSubject: (giver: string, card: string) => `${giver} gave you a card: ${card}`,
    giftFrom: (giver: string) => `A gift from ${giver}, claimed on`,
    noticeSubject: (card: string) => `Your gift was claimed: ${card}`,
    given: "Cards you gave",
    givenHistory: "Given by holder 1 to holder 2",
    linkWallet: "Link a wallet",
    walletAddress: "Wallet address",
    acknowledge: "I checked the address.",
    linkAddress: "Link this address",
    linked: (short: string) => `Wallet ${short} linked. 1 card is moving to it.`,
    back: "Back to My cards",
    walletLine: (short: string) => `Your wallet: ${short}`,
    movedHistory: "Moved to holder 1's own wallet",
    // Key French words of the app's interface that an English page must not show.
    otherWords: [
      "carte",
      "cartes",
      "mes",
      "offrir",
      "offerte",
      "cadeau",
      "vérifier",
      "vérifié",
      "historique",
      "portefeuille",
      "récupérer",
      "récupérée",
      "obtenir",
      "obtenue",
      "télécharger",
      "certificat",
      "boutique",
      "votre",
      "vos",
      "le",
      "la",
      "les",
      "des",
      "du",
      "et",
      "avec",
      "pour",
      "détenteur",
      "émis",
      "associer",
      "connecter",
      "envoyer",
    ],
  },
} as const;

type Language = keyof typeof WALKS;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The other language's words in `text`, once names, addresses, links and brands are left out. */
function otherLanguageWords(text: string, language: Language, names: string[]): string[] {
  let seen = text
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S+@\S+/g, " ")
    .replace(/\b(Apple|Google) Wallet\b|\bSolana\b|\bTwin Cards\b/g, " ");
  for (const name of names) seen = seen.split(name).join(" ");
  return WALKS[language].otherWords.filter((word) => new RegExp(`(?<![\\p{L}’'-])${escape(word)}(?![\\p{L}’'-])`, "iu").test(seen));
}

/** What a pass shows: every label, value, header, body, description and alternative text in it. */
function textsOf(pass: unknown): string {
  const texts: string[] = [];
  JSON.stringify(pass, (key: string, value: unknown) => {
    if (["label", "value", "header", "body", "description", "altText"].includes(key) && typeof value === "string") texts.push(value);
    return value;
  });
  return texts.join("\n");
}

/** The app's part of the page (the proxy page's `.twincards`), read as the person reads it. */
const appText = async (page: Page) => (await page.locator(".twincards").allInnerTexts()).join("\n");

describe("the whole shopper path on a phone (Chromium, 390 px)", { timeout: 240_000 }, () => {
  for (const language of ["fr", "en"] as const) {
    it(`in ${language === "fr" ? "French, on an English shop" : "English, on a French shop"}: every step in that language, every action a tap target`, async () => {
      const words = WALKS[language];
      const shop = uniqueShop();
      const giverId = String(randomInt(1, 2 ** 47));
      const friendId = String(randomInt(1, 2 ** 47));
      const giverEmail = `camille.${randomUUID().slice(0, 6)}@example.com`;
      const friendEmail = `alex.${randomUUID().slice(0, 6)}@example.com`;
      const cardName = "Aurore 2027";
      const waitingName = "Zéphyr 12";
      const names = [cardName, waitingName, words.shop.name, "Camille", "Alex", "Camille Martin", "Alex Durand"];
      await setStubShop(shop, {
        ...words.shop,
        otherLocales: [...words.shop.otherLocales],
        logoUrl: null,
        customers: [
          { id: giverId, email: giverEmail, verifiedEmail: true, firstName: "Camille", locale: language },
          { id: friendId, email: friendEmail, verifiedEmail: true, firstName: "Alex", locale: language },
        ],
      });
      expect((await getPage("/app", shop)).status).toBe(200);
      const storefront = await startStorefrontHarness({
        appUrl: server.url,
        apiSecret: "test-api-secret",
        shop,
        customerId: null,
        customers: [
          { id: giverId, name: "Camille Martin", email: giverEmail },
          { id: friendId, name: "Alex Durand", email: friendEmail },
        ],
        clientAddress: uniqueClientAddress(),
      });
      harnesses.push(storefront);

      /** The page is in the walk's language, and its links and buttons are tap targets. */
      const checkPage = async (page: Page, step: string) => {
        const text = await appText(page);
        expect(text.length, `${step}: the app's part of the page`).toBeGreaterThan(20);
        expect(otherLanguageWords(text, language, names), `${step}: words of the other language`).toEqual([]);
        expect(await smallTargets(page), `${step}: links and buttons under 44 × 44 px`).toEqual([]);
        await screenshot(page, `shopper-path-${language}-${step}`);
      };
      const newPhone = async () => {
        const page = await newPage(browser, { userAgent: words.device });
        await page.setViewportSize(PHONE);
        return page;
      };
      /** An e-mail the app queued, delivered to the messages folder and read back. */
      const delivered = async (where: { destination: string }) => {
        const rows = await db.notification.findMany({ where: { shop, destination: where.destination }, orderBy: { createdAt: "asc" } });
        const row = rows.at(-1)!;
        const email = await simpleParser(await readFile(await sendLocalCopy(row.id)));
        expect(otherLanguageWords(`${email.subject}\n${email.text}`, language, names), `message "${email.subject}"`).toEqual([]);
        return email;
      };

      // 1. The claim message, in the shopper's language, with its link.
      const card = await createCard(shop, {
        name: cardName,
        media: { imageUrls: [], videoUrls: [] },
        metadata: [],
        email: giverEmail,
        locale: language,
        firstName: "Camille",
      });
      const claimMessage = await delivered({ destination: giverEmail });
      expect(claimMessage.subject).toBe(words.claimSubject);
      const link = new URL(/https:\/\/\S+\/apps\/twincards\/redeem\?\S+/.exec(claimMessage.text ?? "")![0]);

      // 2. The link, logged out: the claim page asks to log in; Shopify's log-in brings them back.
      const giver = await newPhone();
      await giver.goto(`${storefront.url}${link.pathname}${link.search}`);
      await shown(giver.getByRole("heading", { level: 1, name: words.claimHeading }));
      await checkPage(giver, "01-claim-logged-out");
      await giver.locator(".twincards").getByRole("link", { name: words.logIn, exact: true }).click();
      await giver.getByRole("link", { name: "Log in as Camille Martin" }).click();

      // 3. Claim with the code, filled in from the link.
      await shown(giver.getByRole("heading", { level: 1, name: words.claimHeading }));
      expect(await giver.getByRole("textbox").first().inputValue()).toBe(card.redemption!.code);
      await checkPage(giver, "02-claim");
      await giver.getByRole("button", { name: words.claimButton }).click();
      await shown(giver.getByRole("heading", { level: 1, name: words.claimed }));
      await shown(giver.getByRole("heading", { level: 2, name: cardName }));
      await checkPage(giver, "03-claimed");

      // 4. A second card sent to their account's verified e-mail waits on My cards: one tap, no code.
      await createCard(shop, {
        name: waitingName,
        media: { imageUrls: [], videoUrls: [] },
        metadata: [],
        email: giverEmail,
        locale: language,
      });
      await giver.getByRole("link", { name: words.myCards, exact: true }).click();
      await shown(giver.getByRole("heading", { level: 1, name: words.myCards }));
      await shown(giver.getByRole("heading", { level: 2, name: words.waiting }));
      const myCardsUrl = giver.url();
      await checkPage(giver, "04-my-cards-waiting");
      await giver.getByRole("button", { name: `${words.waitingClaim}: ${waitingName}` }).click();
      await shown(giver.getByText(words.waitingClaimed));
      await checkPage(giver, "05-my-cards");

      // 5. Verify: the item's public page and its history.
      await giver.getByRole("link", { name: `${words.verify}: ${cardName}` }).click();
      await shown(giver.getByRole("heading", { level: 2, name: words.history }));
      await shown(giver.getByText(words.claimedBy));
      await shown(giver.getByText(words.yours, { exact: true }));
      await checkPage(giver, "06-verify");
      await giver.goBack();
      await shown(giver.getByRole("heading", { level: 1, name: words.myCards }));

      // 6. The certificate, a PDF in their language.
      const [certificate] = await Promise.all([
        giver.waitForEvent("download"),
        giver.getByRole("link", { name: `${words.certificate}: ${cardName}` }).click(),
      ]);
      const [sheet] = await readPdf(new Uint8Array(await readFile((await certificate.path())!)));
      expect(sheet!.text).toContain(words.certificateHeading);
      expect(sheet!.text).toContain(cardName);
      expect(otherLanguageWords(sheet!.text, language, names), "the certificate").toEqual([]);

      // 7. The pass for the phone's wallet, in their language.
      const pass = giver.getByRole("link", { name: `${words.pass}: ${cardName}` });
      await shown(pass);
      let passText: string;
      if (language === "fr") {
        const [download] = await Promise.all([giver.waitForEvent("download"), pass.click()]);
        const opened = unzipPass(await readFile((await download.path())!));
        passText = textsOf(opened.passJson);
        expect(opened.files.has("fr.lproj/pass.strings")).toBe(true);
      } else {
        const saves: string[] = [];
        await giver.route(/\/apps\/twincards\/google-wallet\//, async (route) => {
          const answer = await route.fetch({ maxRedirects: 0 });
          saves.push(answer.headers()["location"] ?? "");
          await route.fulfill({
            status: 200,
            contentType: "text/html",
            body: "<!doctype html><title>Google Wallet</title><h1>Google Wallet</h1>",
          });
        });
        await pass.click();
        await shown(giver.getByRole("heading", { name: "Google Wallet" }));
        const claims = decodeJwt(saves[0]!.split("/save/")[1]!) as { payload: { genericObjects: unknown[] } };
        passText = textsOf(claims.payload.genericObjects[0]);
        await giver.goBack();
      }
      expect(otherLanguageWords(passText, language, names), "the pass").toEqual([]);
      await shown(giver.getByRole("heading", { level: 1, name: words.myCards }));

      // 8. Give the first card to a friend, named as the giver chooses.
      await giver.getByRole("link", { name: `${words.give}: ${cardName}` }).click();
      await shown(giver.getByLabel(words.recipient));
      await checkPage(giver, "07-give");
      await giver.getByLabel(words.recipient).fill(friendEmail);
      await giver.getByLabel(words.giverName).fill("Camille");
      await giver.getByLabel(words.giftWords).fill("🎉");
      await giver.getByRole("button", { name: words.send }).click();
      await shown(giver.getByText(words.giftSent(friendEmail)));
      await checkPage(giver, "08-gift-sent");

      // 9. The friend's message names the giver; the friend logs in and claims it with its code.
      const giftMessage = await delivered({ destination: friendEmail });
      expect(giftMessage.subject).toBe(words.giftSubject("Camille", cardName));
      const giftLink = new URL(/https:\/\/\S+\/apps\/twincards\/redeem\?\S+/.exec(giftMessage.text ?? "")![0]);
      const friend = await newPhone();
      await friend.goto(`${storefront.url}${giftLink.pathname}${giftLink.search}`);
      await shown(friend.getByRole("heading", { level: 1, name: words.claimHeading }));
      await friend.locator(".twincards").getByRole("link", { name: words.logIn, exact: true }).click();
      await friend.getByRole("link", { name: "Log in as Alex Durand" }).click();
      await friend.getByRole("button", { name: words.claimButton }).click();
      await shown(friend.getByRole("heading", { level: 1, name: words.claimed }));
      await checkPage(friend, "09-friend-claimed");
      await friend.getByRole("link", { name: words.myCards, exact: true }).click();
      await shown(friend.getByText(words.giftFrom("Camille")));
      await checkPage(friend, "10-friend-my-cards");
      expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
        status: "OWNED",
        owner: `shopify|${friendId}`,
      });

      // 10. The giver is told, in their language, and My cards and the item's history say so.
      const notice = await delivered({ destination: giverEmail });
      expect(notice.subject).toBe(words.noticeSubject(cardName));
      await giver.goto(myCardsUrl);
      await shown(giver.getByRole("heading", { name: words.given }));
      await checkPage(giver, "11-my-cards-given");
      await friend.getByRole("link", { name: `${words.verify}: ${cardName}` }).click();
      await shown(friend.getByText(words.givenHistory));
      await checkPage(friend, "12-verify-given");

      // 11. The giver links a wallet (pasting its address: no wallet app on this phone); the held card moves to it.
      const address = walletKey();
      const short = `${address.slice(0, 4)}…${address.slice(-4)}`;
      await giver.getByRole("link", { name: words.linkWallet }).first().click();
      await shown(giver.getByRole("heading", { level: 1, name: words.linkWallet }));
      await checkPage(giver, "13-wallet");
      await giver.getByLabel(words.walletAddress).fill(address);
      await giver.getByLabel(words.acknowledge, { exact: false }).check();
      await giver.getByRole("button", { name: words.linkAddress }).click();
      await shown(giver.getByText(words.linked(short)));
      await checkPage(giver, "14-wallet-linked");
      await giver.getByRole("link", { name: words.back }).click();
      await shown(giver.getByText(words.walletLine(short)));
      await checkPage(giver, "15-my-cards-wallet");
      await giver.getByRole("link", { name: `${words.verify}: ${waitingName}` }).click();
      await shown(giver.getByText(words.movedHistory));
      await checkPage(giver, "16-verify-moved");
    });
  }
});

// The same shopper on the customer account page (issue 39, items 5 and 7), rendered by the stand-in for
// Shopify's host (stubs/customer-account/) at 390 px in French on an English shop: a card sent to the
// account's verified e-mail waits for them, one tap claims it, it shows in the collection, they give it, and
// its certificate link opens the storefront's certificate in French.
describe("the customer account leg on a phone (Chromium, 390 px)", { timeout: 240_000 }, () => {
  it("in French, on an English shop: claim from Waiting for you, the collection, give, the certificate, every word French", async () => {
    const words = WALKS.fr;
    const shop = uniqueShop();
    const customerId = String(randomInt(1, 2 ** 47));
    const email = `camille.${randomUUID().slice(0, 6)}@example.com`;
    const friendEmail = `alex.${randomUUID().slice(0, 6)}@example.com`;
    const cardName = "Zéphyr 12";
    const names = [cardName, words.shop.name, "Camille", "Camille Martin"];
    await setStubShop(shop, {
      ...words.shop,
      otherLocales: [...words.shop.otherLocales],
      logoUrl: null,
      customers: [{ id: customerId, email, verifiedEmail: true, firstName: "Camille", locale: "fr" }],
    });
    expect((await getPage("/app", shop)).status).toBe(200);
    const card = await createCard(shop, { name: cardName, media: { imageUrls: [], videoUrls: [] }, metadata: [], email, locale: "fr" });

    const account = await startCustomerAccountHarness({ appUrl: server.url, apiKey: API_KEY, apiSecret: API_SECRET });
    // The storefront where the account's login reaches too: the certificate link opens there.
    const storefront = await startStorefrontHarness({
      appUrl: server.url,
      apiSecret: API_SECRET,
      shop,
      customerId,
      clientAddress: uniqueClientAddress(),
    });
    harnesses.push(storefront);
    try {
      const page = await newPage(browser, { userAgent: words.device });
      await page.setViewportSize(PHONE);
      await page.goto(`${account.url}/page?${new URLSearchParams({ shop, customer: customerId, locale: "fr" })}`);
      await page.locator("html[data-extension-rendered]").waitFor({ state: "attached" });
      /** The account page reads French only. */
      const checkAccount = async (step: string) => {
        const text = await page.locator("body").innerText();
        expect(text, `${step}: the account page`).toContain("Récupérer la carte");
        expect(otherLanguageWords(text, "fr", names), `${step}: words of the other language`).toEqual([]);
        await screenshot(page, `shopper-path-fr-account-${step}`);
      };

      // 1. Waiting for you: the card sent to the account's verified e-mail, claimed with one tap, no code.
      await shown(page.getByRole("heading", { name: words.waiting }));
      await checkAccount("01-waiting");
      await page.getByRole("button", { name: `${words.waitingClaim}: ${cardName}` }).click();
      await shown(page.getByText(words.waitingClaimed));

      // 2. In the collection.
      await shown(page.getByRole("heading", { name: cardName }));
      await shown(page.getByText("Dans votre collection", { exact: true }));
      await checkAccount("02-collection");
      expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
        status: "OWNED",
        owner: `shopify|${customerId}`,
      });

      // 3. The certificate link carries the account's language; on the storefront it is a French PDF.
      const certificateLink = page.getByRole("link", { name: `${words.certificate}: ${cardName}` });
      const href = new URL((await certificateLink.getAttribute("href"))!);
      expect(`${href.origin}${href.pathname}`).toBe(`https://${shop}/apps/twincards/certificate/${card.id}`);
      expect(href.searchParams.get("lang")).toBe("fr");
      const pdf = await page.request.get(`${storefront.url}${href.pathname}${href.search}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      const [sheet] = await readPdf(new Uint8Array(await pdf.body()));
      expect(sheet!.text).toContain(words.certificateHeading);
      expect(otherLanguageWords(sheet!.text, "fr", names), "the certificate").toEqual([]);

      // 4. Give it: the giver's first name from Shopify, the friend's e-mail in French, naming the giver.
      await page.getByRole("button", { name: words.give }).click();
      expect(await page.getByLabel(words.giverName, { exact: true }).inputValue()).toBe("Camille");
      await page.getByLabel("E-mail ou téléphone du destinataire", { exact: true }).fill(friendEmail);
      await checkAccount("03-give");
      await page.getByRole("button", { name: words.send }).click();
      await shown(page.getByText("Offerte, en attente de son destinataire"));
      await checkAccount("04-given");
      const row = await db.notification.findFirstOrThrow({ where: { shop, destination: friendEmail } });
      const message = await simpleParser(await readFile(await sendLocalCopy(row.id)));
      expect(message.subject).toBe(words.giftSubject("Camille", cardName));
      expect(otherLanguageWords(`${message.subject}\n${message.text}`, "fr", names), "the gift message").toEqual([]);
    } finally {
      await account.close();
    }
  });
});
