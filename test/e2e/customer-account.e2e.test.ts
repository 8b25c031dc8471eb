import { randomInt, randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { voidCard } from "~/domain/card-void.server";
import { composeClaimMessage } from "~/domain/claim-messages.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { registerName } from "~/domain/names.server";
import { redeem } from "~/domain/redeem.server";
import { claimEmail } from "~/adapters/notifications/templates";
import { issueTwin } from "~/domain/twins.server";
import { BUNDLE_LIMIT_BYTES } from "../../scripts/customer-account-bundle";
import { startCustomerAccountHarness, type CustomerAccountHarness } from "../../stubs/customer-account/server";
import { API_KEY, API_SECRET, getPage } from "../support/admin";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { accountFetch, accountToken } from "../support/customer-account";
import { setStubShop } from "../support/stub-shop";
import { launchBrowser, newPage, screenshot } from "../support/browser";

// The customer account UI extension (extensions/customer-account/), built with esbuild as
// the Shopify CLI builds it, rendered in Debian's Chromium by a stand-in for Shopify's
// customer account host (stubs/customer-account/), calling the built app across origins
// with session tokens signed as Shopify signs them.
const baseUrl = inject("baseUrl");
// Pictures served on loopback by the Admin API stub (the browser reaches nothing else).
const image = (file: string) => `${inject("adminApiStubUrl")}/images/${file}`;

let browser: Browser;
let harness: CustomerAccountHarness;

beforeAll(async () => {
  [browser, harness] = await Promise.all([
    launchBrowser(),
    startCustomerAccountHarness({ appUrl: baseUrl, apiKey: API_KEY, apiSecret: API_SECRET }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), harness?.close()]);
});

const uniqueCustomerId = () => String(randomInt(1, 2 ** 47));
const wallet = () => Keypair.generate().publicKey.toBase58();

/** Waits until the element is on screen; fails the test if it never is. */
const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

/** A target's page in the host, for a customer of a shop; `query` adds locale, code, badTokens. */
async function openAccount(
  target: "page" | "profile",
  shop: string,
  customerId: string,
  query: Record<string, string> = {},
): Promise<Page> {
  const page = await newPage(browser);
  const url = `${harness.url}/${target}?${new URLSearchParams({ shop, customer: customerId, ...query })}`;
  await page.goto(url);
  await page.locator("html[data-extension-rendered]").waitFor({ state: "attached" });
  return page;
}

/** The message a text field shows as its error (the element its input's aria-describedby names). */
async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const id = await input.getAttribute("aria-describedby");
  return page.locator(`[id="${id}"]`).innerText();
}

/** A customer who owns a card (public and PRIVATE metadata) and holds a twin under their universal name. */
async function customerWithCollection(shop: string) {
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const key = wallet();
  const secret = `supplier-note-${randomUUID()}`;
  const card = await createCard(shop, {
    name: "Canvas Rolltop Backpack — owner's card",
    media: { imageUrls: [image("canvas-rolltop-backpack-1.svg")], videoUrls: [] },
    metadata: [
      { key: "serial_number", value: "HP-RT-20931", metaType: "RETAIL_IDENTIFIER" },
      { key: "price", value: [129, "EUR"], metaType: "PRICE" },
      { key: "supplier_note", value: secret, metaType: "NO_TYPE", visibility: "PRIVATE" },
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
    quantity: 2,
    price: 24.9,
    currency: "EUR",
    images: [image("aurora-ceramic-mug-1.svg")],
    links: ["https://harbor-and-pine.example/products/aurora-ceramic-mug"],
  });
  return { customerId, card, name, twin, secret };
}

/** A card waiting to be claimed with a code. */
async function cardToClaim(shop: string) {
  const card = await createCard(shop, {
    name: `Meridian Automatic Watch — certificate ${randomUUID().slice(0, 4)}`,
    media: { imageUrls: [image("meridian-automatic-watch-1.svg")], videoUrls: [] },
    metadata: [{ key: "edition", value: "27 of 250", metaType: "NO_TYPE" }],
    email: "alex.morgan@example.com",
  });
  return { card, code: card.redemption!.code! };
}

const PHONE = { width: 390, height: 844 };
const NBSP = "\u00a0";

/** An installed shop whose customer Shopify knows: first name Camille, an e-mail address they verified. */
async function verifiedShopper() {
  const shop = uniqueShop();
  const customerId = uniqueCustomerId();
  const email = `camille.${randomUUID().slice(0, 6)}@example.com`;
  await setStubShop(shop, {
    name: "Maison Lumière",
    customers: [{ id: customerId, email, verifiedEmail: true, firstName: "Camille", locale: "fr" }],
  });
  expect((await getPage("/app", shop)).status).toBe(200);
  return { shop, customerId, email };
}

/** The account page on a 390 px phone, in `locale`. */
async function openOnPhone(shop: string, customerId: string, locale: "en" | "fr"): Promise<Page> {
  const page = await openAccount("page", shop, customerId, { locale });
  await page.setViewportSize(PHONE);
  return page;
}

describe("customer account extension (Chromium)", { timeout: 120_000 }, () => {
  it("stays within Shopify's 64 KB limit for each target's bundle", () => {
    for (const bundle of Object.values(harness.bundles)) expect(Buffer.byteLength(bundle)).toBeLessThanOrEqual(BUNDLE_LIMIT_BYTES);
  });

  it("lists the customer's cards and twins as the My cards block does, public metadata only", async () => {
    const shop = uniqueShop();
    const { customerId, card, name, twin, secret } = await customerWithCollection(shop);
    const page = await openAccount("page", shop, customerId);

    await shown(page.getByRole("heading", { name: "Cards and twins" }));
    await shown(page.getByRole("heading", { name: card.name }));
    await shown(page.getByRole("heading", { name: twin.title }));
    await shown(page.getByRole("img", { name: card.name }));
    await shown(page.getByText("In your collection"));
    await shown(page.getByText("HP-RT-20931"));
    await shown(page.getByText("€129.00"));
    await shown(page.getByText("€24.90"));
    await shown(page.getByText("Nordlys Studio"));
    await shown(page.getByText(name.uns_name));
    await shown(page.getByText(/^Added on \w+ \d{1,2}, \d{4}$/));
    expect(await page.getByRole("link", { name: `View product: ${twin.title}` }).getAttribute("href")).toBe(twin.links[0]);
    expect(await page.locator("body").innerText()).not.toContain(secret);
    // Claiming asks for the code alone; linking a wallet signs on the storefront's wallet page.
    expect(await page.getByLabel("Wallet public key (optional)").count()).toBe(0);
    await page.getByRole("link", { name: "Link by signing with your wallet app" }).click();
    expect(await page.evaluate(() => (globalThis as unknown as { hostNavigations?: string[] }).hostNavigations)).toEqual([
      `https://${shop}/apps/twincards/wallet`,
    ]);
    await screenshot(page, "customer-account-list");
  });

  it("explains how cards arrive when the customer has none, and offers to link a wallet", async () => {
    const page = await openAccount("page", uniqueShop(), uniqueCustomerId());

    await shown(page.getByText(/You don't have any cards or digital twins yet\. Cards arrive when a store sends you a claim code/));
    await shown(page.getByRole("heading", { name: "Link a wallet" }));
    await screenshot(page, "customer-account-empty");
  });

  it("claims a card from a ?code= link with the code alone: the store holds it for a customer with no wallet", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await cardToClaim(shop);
    const page = await openAccount("page", shop, customerId, { code });

    expect(await page.getByLabel("Claim code", { exact: true }).inputValue()).toBe(code);
    await page.getByRole("button", { name: "Claim card" }).click();

    await shown(page.getByText("Card claimed! It's now in your collection."));
    await shown(page.getByText("The store holds them for you: nothing else to do. Link a wallet below whenever you like."));
    await shown(page.getByRole("heading", { name: card.name }));
    await shown(page.getByText(/^Claimed on /));
    await shown(page.getByText("Held for you by the store: link a wallet whenever you like to keep it there."));
    await shown(page.getByText("The store holds 1 of your cards for you. It moves to the wallet you link."));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
      status: "OWNED",
      owner: `shopify|${customerId}`,
      publicKey: null,
    });
    await screenshot(page, "customer-account-claimed");
  });

  it("shows an empty and a wrong code at the code field, claiming nothing", async () => {
    const shop = uniqueShop();
    const { card } = await cardToClaim(shop);
    const page = await openAccount("page", shop, uniqueCustomerId());

    await page.getByRole("button", { name: "Claim card" }).click();
    expect(await fieldError(page, "Claim code")).toBe("Enter the claim code from your message.");

    await page.getByLabel("Claim code", { exact: true }).fill("ZZZZ-ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Claim card" }).click();

    expect(await fieldError(page, "Claim code")).toBe("We don't recognise this code. Check it against your message and try again.");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "PENDING_REDEMPTION", owner: null });
    await screenshot(page, "customer-account-wrong-code");
  });

  it("says at the code field that the shop voided a code's cards, in English and French, claiming nothing", async () => {
    const shop = uniqueShop();
    const { card, code } = await cardToClaim(shop);
    await voidCard(shop, card.id);

    for (const [locale, label, button, message] of [
      [
        "en",
        "Claim code",
        "Claim card",
        "This code's cards were voided by the shop (for example, their order was cancelled), so there is nothing left to claim. Contact the store if you think this is a mistake.",
      ],
      [
        "fr",
        "Code",
        "Récupérer la carte",
        "Les cartes de ce code ont été annulées par la boutique (par exemple, leur commande a été annulée)\u00a0: il n’y a plus rien à récupérer. Contactez la boutique si vous pensez qu’il s’agit d’une erreur.",
      ],
    ] as const) {
      const page = await openAccount("page", shop, uniqueCustomerId(), { code, locale });
      await page.getByRole("button", { name: button }).click();
      expect(await fieldError(page, label)).toBe(message);
    }
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "VOID", owner: null });
  });

  it("links a pasted address only once the risk is acknowledged, a taken universal name at its field; the held card moves to it", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { card, code } = await cardToClaim(shop);
    const taken = await registerName(shop, { name: `taken-${randomUUID().slice(0, 8)}`, publicKey: wallet(), owner: "shopify|1" });
    const page = await openAccount("page", shop, customerId, { code });
    await page.getByRole("button", { name: "Claim card" }).click();
    await shown(page.getByText("The store holds 1 of your cards for you. It moves to the wallet you link."));
    const address = wallet();

    await shown(page.getByText("The store can't check a pasted address, and an item sent to a mistyped address is lost for good."));
    await page.getByLabel("Wallet address", { exact: true }).fill(address);
    await page.getByRole("button", { name: "Link this address" }).click();
    expect(await fieldError(page, "I checked the address. I understand an item sent to a mistyped address is lost.")).toBe(
      "Tick the box to confirm you checked the address.",
    );

    await page.getByLabel("I checked the address. I understand an item sent to a mistyped address is lost.").check();
    await page.getByLabel("Universal name (optional)", { exact: true }).fill(taken.uns_name);
    await page.getByRole("button", { name: "Link this address" }).click();
    expect(await fieldError(page, "Universal name (optional)")).toBe("This name is already taken. Try another one.");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ publicKey: null });

    const chosen = `jo-${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Universal name (optional)", { exact: true }).fill(chosen);
    await page.getByRole("button", { name: "Link this address" }).click();

    const short = `${address.slice(0, 4)}…${address.slice(-4)}`;
    await shown(page.getByText(`Wallet ${short} linked. 1 card is moving to it.`));
    await shown(page.getByText(`Linked wallet: ${short} (pasted, not signed)`));
    // The card says where it is now (issue 39, item 10).
    await shown(page.getByText("In your wallet", { exact: true }));
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ publicKey: address });
    expect(await db.universalName.findFirst({ where: { name: chosen } })).toMatchObject({
      owner: `shopify|${customerId}`,
      publicKey: address,
    });
    await screenshot(page, "customer-account-wallet-linked");
  });

  it("speaks French: headings, labels, dates and money as French writes them", async () => {
    const shop = uniqueShop();
    const { customerId, twin } = await customerWithCollection(shop);
    const page = await openAccount("page", shop, customerId, { locale: "fr" });

    await shown(page.getByRole("heading", { name: "Cartes et jumeaux" }));
    await shown(page.getByRole("heading", { name: twin.title }));
    await shown(page.getByText("24,90 €"));
    await shown(page.getByText("129,00 €"));
    await shown(page.getByText(/^Ajoutée le \d{1,2} \S+ \d{4}$/));
    await shown(page.getByText("Jumeau numérique"));
    await page.getByLabel("Code", { exact: true }).fill("ZZZZ-ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Récupérer la carte" }).click();
    expect(await fieldError(page, "Code")).toBe("Ce code nous est inconnu. Comparez-le à votre message et réessayez.");
    await screenshot(page, "customer-account-fr");
  });

  it("shows a message and Try again when the list cannot be loaded, and loads it on retry", async () => {
    const shop = uniqueShop();
    const { customerId, card } = await customerWithCollection(shop);
    const page = await openAccount("page", shop, customerId, { badTokens: "1" });

    await shown(page.getByText("Your session has ended. Reload the page and try again."));
    await screenshot(page, "customer-account-error");
    await page.getByRole("button", { name: "Try again" }).click();

    await shown(page.getByRole("heading", { name: card.name }));
  });

  it("profile block: the count of cards and twins and a link to the page", async () => {
    const shop = uniqueShop();
    const { customerId } = await customerWithCollection(shop);
    const page = await openAccount("profile", shop, customerId);

    await shown(page.getByText("1 card · 1 digital twin"));
    const link = page.getByRole("link", { name: "View your cards and twins" });
    expect(await link.getAttribute("data-href")).toBe("extension:twin-cards-page/");
    await link.click();
    expect(await page.evaluate(() => (globalThis as unknown as { hostNavigations?: string[] }).hostNavigations)).toEqual([
      "extension:twin-cards-page/",
    ]);
    await screenshot(page, "customer-account-profile");
  });

  // Issue 39, items 7, 10 and 2: what the proxy's My cards offers, on the account page too.
  const PARITY = {
    en: {
      waiting: "Waiting for you",
      claim: "Claim",
      claimed: "Claimed: the card is yours.",
      held: "Held for you by the store: link a wallet whenever you like to keep it there.",
      copy: "Copy",
      copied: "Copied",
      linked: "Linked wallet: ",
      give: "Give this",
      recipient: "Recipient's e-mail or phone",
      giverName: "Your name, as they will see it",
      send: "Send the gift",
      giving: "Given, waiting for its recipient",
      fromNameError: "Enter your name as they will see it: at most 60 characters, not an e-mail address.",
      message: "Enjoy it!",
      giverWords: (name: string) => `A message from ${name}:`,
    },
    fr: {
      waiting: "En attente pour vous",
      claim: "Récupérer",
      claimed: `C’est fait${NBSP}: la carte est à vous.`,
      held: `Conservée pour vous par la boutique${NBSP}: associez un portefeuille quand vous le souhaitez pour l’y garder.`,
      copy: "Copier",
      copied: "Copié",
      linked: `Portefeuille associé${NBSP}: `,
      give: "Offrir",
      recipient: "E-mail ou téléphone du destinataire",
      giverName: "Votre nom, tel que cette personne le verra",
      send: "Envoyer le cadeau",
      giving: "Offerte, en attente de son destinataire",
      fromNameError: `Saisissez votre nom tel que cette personne le verra${NBSP}: 60 caractères au plus, pas une adresse e-mail.`,
      message: "Profite bien !".replace(" !", `${NBSP}!`),
      giverWords: (name: string) => `Un mot de ${name}${NBSP}:`,
    },
  } as const;

  for (const locale of ["en", "fr"] as const) {
    const words = PARITY[locale];

    it(`${locale}, 390 px: a card sent to the verified e-mail waits for the customer, one tap claims it, then it is listed as held`, async () => {
      const { shop, customerId, email } = await verifiedShopper();
      const card = await createCard(shop, {
        name: `Carte Or ${randomUUID().slice(0, 4)}`,
        media: { imageUrls: [], videoUrls: [] },
        email,
      });
      const page = await openOnPhone(shop, customerId, locale);

      await shown(page.getByRole("heading", { name: words.waiting }));
      const claim = page.getByRole("button", { name: `${words.claim}: ${card.name}` });
      await claim.click();

      await shown(page.getByText(words.claimed));
      await shown(page.getByRole("heading", { name: card.name }));
      await shown(page.getByText(words.held));
      await expect.poll(() => claim.count()).toBe(0);
      expect(await db.unitCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({
        status: "OWNED",
        owner: `shopify|${customerId}`,
        publicKey: null,
      });
      await screenshot(page, `customer-account-waiting-claimed-${locale}`);
    });

    it(`${locale}, 390 px: Copy puts the linked wallet's whole address on the clipboard and says so`, async () => {
      const shop = uniqueShop();
      const customerId = uniqueCustomerId();
      const address = wallet();
      const linked = await accountFetch("/wallet", {
        token: accountToken(shop, customerId),
        body: { publicKey: address, acknowledgeRisk: true },
      });
      expect(linked.status).toBe(200);
      const page = await openOnPhone(shop, customerId, locale);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.url });

      await shown(page.getByText(`${words.linked}${address.slice(0, 4)}…${address.slice(-4)}`, { exact: false }));
      expect(await page.getByText(words.copied, { exact: true }).count()).toBe(0);
      await page.getByRole("button", { name: words.copy }).click();

      await shown(page.getByText(words.copied, { exact: true }));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      await screenshot(page, `customer-account-wallet-copied-${locale}`);
    });

    it(`${locale}, 390 px: the gift carries the giver's name as they edited it to the recipient's message; a blank name is refused at its field`, async () => {
      const { shop, customerId } = await verifiedShopper();
      const created = await createCard(shop, { name: "Carte membre", media: { imageUrls: [], videoUrls: [] }, email: "first@example.com" });
      await redeem(shop, { code: created.redemption!.code!, owner: `shopify|${customerId}` }, { address: uniqueClientAddress() });
      const page = await openOnPhone(shop, customerId, locale);

      await page.getByRole("button", { name: words.give }).click();
      const giverName = page.getByLabel(words.giverName, { exact: true });
      // Their first name in Shopify, never their e-mail address, until they edit it.
      expect(await giverName.inputValue()).toBe("Camille");
      await page.getByLabel(words.recipient, { exact: true }).fill("ami@example.com");
      await page
        .getByLabel(locale === "en" ? "A message for them (optional)" : "Un mot pour cette personne (facultatif)", { exact: true })
        .fill(words.message);
      await giverName.fill("   ");
      await page.getByRole("button", { name: words.send }).click();
      expect(await fieldError(page, words.giverName)).toBe(words.fromNameError);
      expect(await db.cardTransfer.count({ where: { shop } })).toBe(0);

      await giverName.fill("Tata Camille");
      await page.getByRole("button", { name: words.send }).click();
      await shown(page.getByText(words.giving));

      const gift = await db.cardTransfer.findFirstOrThrow({ where: { shop } });
      const row = await db.notification.findFirstOrThrow({ where: { redemptionId: gift.redemptionId } });
      expect(row.destination).toBe("ami@example.com");
      const email = claimEmail(await composeClaimMessage(shop, row.payload as unknown as ClaimNotificationPayload));
      expect(email.text).toContain(words.giverWords("Tata Camille"));
      expect(email.text).toContain(words.message);
      expect(email.text).not.toContain("first@example.com");
      await screenshot(page, `customer-account-gift-named-${locale}`);
    });
  }
});
