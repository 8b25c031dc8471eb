import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomInt, randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createCard } from "~/domain/cards.server";
import { createRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import { issueFromOrder } from "~/domain/order-issuing.server";
import { issueTwin } from "~/domain/twins.server";
import { createWebhookEndpoint } from "~/domain/webhook-endpoints.server";
import { messagesDir } from "~/adapters/notifications/transports/local.server";
import en from "~/faces/admin/i18n/locales/en.json";
import fr from "~/faces/admin/i18n/locales/fr.json";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { embeddedUrl } from "../support/admin";
import { hydrated, shown, toast } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";

// Every admin list in the real admin frame (about 1,040 px: the embedded app's width beside Shopify's
// sidebar) and on a 390 px phone, in English and French: its main action on screen, nothing scrolled
// sideways; a row opens its item; the customer search follows typing with ?query= in the URL.
const demoUrl = inject("demoUrl");
const SIZES = [
  { name: "admin frame", width: 1040, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const WORDS = { en, fr } as const;
type Language = keyof typeof WORDS;
const label = randomUUID().slice(0, 6);
// Elena Papadopoulou: a long e-mail address and a phone, as real customers have them.
const customer = DEMO_CUSTOMERS[21]!;
const cardName = `Lists card ${label}`;
// As long as merchants and customers write them: the Cards list wraps them rather than growing past the frame.
const longCardName = `Long card ${label}, a limited edition with a long name`;
const longEmail = `alexandra.konstantinopoulou.${label}@example-mail.com`;
const ruleTitle = `Lists rule ${label}`;
const endpointDescription = `Lists ERP ${label}`;
let browser: Browser;
let cardId: string;
let notificationId: string;
let twinTitle: string;
let ruleId: string;
let orderName: string;
let messageFile: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The endpoint first, so the card's event gives it a delivery to list.
  await createWebhookEndpoint(DEMO_SHOP, {
    url: `https://hooks.example.com/lists-${label}`,
    eventTypes: ["*"],
    description: endpointDescription,
  });
  // A destination as a merchant's real cards have it, an e-mail and a phone: the widest the Cards list shows.
  const card = await createCard(DEMO_SHOP, { name: cardName, media: { imageUrls: [] }, email: customer.email, phone: customer.phone! });
  cardId = card.id;
  await createCard(DEMO_SHOP, { name: longCardName, media: { imageUrls: [] }, email: longEmail, phone: customer.phone! });
  const notification = await db.notification.findFirstOrThrow({
    where: { shop: DEMO_SHOP, destination: customer.email },
    orderBy: { id: "desc" },
  });
  notificationId = notification.id;
  messageFile = path.join(messagesDir(), `${notification.id}.eml`);
  mkdirSync(path.dirname(messageFile), { recursive: true });
  writeFileSync(messageFile, `Subject: Your card\n\nCode ${card.redemption!.code}\n`);
  await db.notification.update({
    where: { id: notification.id },
    data: { status: "SENT", sentAt: new Date(), providerMessageId: `local:${notification.id}.eml` },
  });
  await createApiKey({ shop: DEMO_SHOP, label: `lists-${label}` });
  const name = await registerName(DEMO_SHOP, { name: `lists-${label}`, publicKey: Keypair.generate().publicKey.toBase58() });
  twinTitle = `Lists twin ${label}`;
  await issueTwin(DEMO_SHOP, { name_id: name.uns_name_id, public_key: name.public_key, title: twinTitle, quantity: 1 });
  ({ ruleId, orderName } = await orderIssuingThreeCards());
});
afterAll(async () => {
  await browser?.close();
  if (messageFile) rmSync(messageFile, { force: true });
});

/** A rule issuing one card per unit, a guest's order of 3 units worked by the domain, and its webhook row as the worker records it. */
async function orderIssuingThreeCards() {
  const productId = `gid://shopify/Product/${randomInt(1, 2 ** 40)}`;
  const rule = await createRule(DEMO_SHOP, {
    targetType: "PRODUCT",
    targetId: productId,
    targetTitle: ruleTitle,
    trigger: "PAID",
    issueTwin: false,
    card: {
      name: `Lists rule card ${label}`,
      media: { imageUrls: [] },
      metadata: [{ key: "price", value: [1, "EUR"], metaType: "PRICE" }],
    },
    cardPerUnit: true,
  });
  const order = {
    id: String(randomInt(1, 2 ** 40)),
    name: `#${randomInt(1000, 99999)}`,
    email: `lists-${label}@example.com`,
    phone: null,
    customerId: null,
    locale: null,
    firstName: null,
    cancelled: false,
    lines: [
      {
        id: String(randomInt(1, 2 ** 40)),
        quantity: 3,
        productId,
        variantId: null,
        collectionIds: [],
        unitPrice: null,
        title: ruleTitle,
        product: null,
      },
    ],
  };
  const result = await issueFromOrder(DEMO_SHOP, order, { kind: "paid" });
  await db.orderWebhook.create({
    data: {
      id: `owh_${randomUUID().replace(/-/g, "").slice(0, 26).toUpperCase()}`,
      shop: DEMO_SHOP,
      webhookId: randomUUID(),
      topic: "orders/paid",
      orderId: order.id,
      payload: {},
      status: result.status,
      outcome: result.outcome,
      attempts: 1,
    },
  });
  return { ruleId: rule.id, orderName: order.name };
}

async function openAdmin(pathname: string, language: Language, size: { width: number; height: number } = SIZES[0]): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: pathname, locale: language })}`);
  await page.locator("ui-nav-menu").getByRole("link", { name: WORDS[language].nav.home }).waitFor();
  await hydrated(page);
  return page;
}

const shot = (page: Page, name: string) => screenshot(page, `lists-${name}`);

/** The page does not scroll sideways, no table or list hides a column behind a scroll, and each target lies inside the viewport. */
async function expectFits(page: Page, list: string, targets: Locator[]) {
  const { width, height } = page.viewportSize()!;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${list}: the page's width`).toBeLessThanOrEqual(width);
  const scrolledAside = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        const overflow = getComputedStyle(element).overflowX;
        return (overflow === "auto" || overflow === "scroll") && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName}.${String(element.className).slice(0, 60)}`),
  );
  expect(scrolledAside, `${list}: parts that scroll sideways`).toEqual([]);
  // Every column heading read whole, none cut short ("Redem…") nor pushed out of the frame.
  const cutHeadings = await page.evaluate(
    (viewport) =>
      [...document.querySelectorAll("th")]
        .filter((cell) => cell.getBoundingClientRect().width > 0)
        .filter((cell) => {
          const box = cell.getBoundingClientRect();
          // A heading only a screen reader reads (Polaris's visually hidden text, 1 px wide) is not cut.
          const cut = [cell, ...cell.querySelectorAll("*")]
            .filter((element) => element.getBoundingClientRect().width > 1)
            .some((element) => element.scrollWidth > element.clientWidth + 1);
          return cut || box.right > viewport + 1 || box.left < 0;
        })
        .map((cell) => cell.textContent),
    width,
  );
  expect(cutHeadings, `${list}: column headings cut or outside the frame`).toEqual([]);
  for (const target of targets) {
    await shown(target);
    await target.first().scrollIntoViewIfNeeded();
    const box = (await target.first().boundingBox())!;
    expect(box.x, `${list}: starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${list}: ends inside the viewport`).toBeLessThanOrEqual(width);
    expect(box.y, `${list}: top inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${list}: bottom inside the viewport`).toBeLessThanOrEqual(height);
  }
}

/** A row (a table row, or a stacked one on a phone) that mentions `text`. */
const rowWith = (page: Page, text: string) => page.locator("tr, li").filter({ hasText: text }).last();
const button = (scope: Page | Locator, name: string) => scope.getByRole("button", { name, exact: true });
const link = (scope: Page | Locator, name: string) => scope.getByRole("link", { name, exact: true });

/** Each list, what must be on screen there, and what it is called in `language`. */
const LISTS: { name: string; path: () => string; targets: (page: Page, words: typeof en) => Locator[] }[] = [
  {
    name: "cards",
    path: () => "/app/cards",
    targets: (page, words) => [
      link(page, words.cards.create),
      rowWith(page, cardName).getByText(cardName),
      rowWith(page, cardName).getByText(customer.email),
      rowWith(page, cardName).getByText(customer.phone!),
      rowWith(page, longCardName).getByText(longEmail),
    ],
  },
  { name: "twins", path: () => "/app/twins", targets: (page) => [rowWith(page, twinTitle).getByText(twinTitle)] },
  {
    name: "customers",
    path: () => "/app/customers",
    targets: (page, words) => [
      page.getByLabel(words.customers.search),
      page.locator("tr, li").filter({ hasText: DEMO_CUSTOMERS[0]!.name }).last(),
    ],
  },
  {
    name: "notifications",
    path: () => "/app/notifications",
    targets: (page, words) => [link(rowWith(page, customer.email), words.notifications.viewMessage)],
  },
  {
    name: "automation",
    path: () => "/app/automation",
    targets: (page, words) => [
      link(page, words.automation.create),
      rowWith(page, ruleTitle).getByRole("button", { name: words.automation.pauseLabel.replace("{{title}}", ruleTitle) }),
      rowWith(page, orderName).getByText(orderName),
    ],
  },
  { name: "rule-activity", path: () => `/app/automation/${ruleId}`, targets: (page) => [rowWith(page, orderName).getByText(orderName)] },
  {
    name: "settings",
    path: () => "/app/settings",
    targets: (page, words) => [button(page, words.settings.revokeLabel.replace("{{label}}", `lists-${label}`))],
  },
  {
    name: "webhooks",
    path: () => "/app/settings/webhooks",
    targets: (page, words) => [
      page.getByText(endpointDescription),
      button(
        page
          .locator(".Polaris-InlineStack")
          .filter({ hasText: endpointDescription })
          .filter({ has: button(page, words.webhooks.sendTest) })
          .last(),
        words.webhooks.sendTest,
      ),
      button(rowWith(page, `lists-${label}`), words.webhooks.resend),
    ],
  },
  {
    name: "customer",
    path: () => `/app/customers/${customer.id}`,
    targets: (page) => [page.getByRole("link", { name: new RegExp(cardName) })],
  },
];

describe("admin lists that fit (demo mode, Chromium)", { timeout: 300_000 }, () => {
  for (const size of SIZES) {
    for (const language of ["en", "fr"] as const) {
      it(`${size.name} (${size.width} px), ${language}: every list's main action on screen, nothing scrolled sideways`, async () => {
        const words = WORDS[language];
        for (const list of LISTS) {
          const page = await openAdmin(list.path(), language, size);
          await shot(page, `${list.name}-${size.width}-${language}`);
          await expectFits(page, list.name, list.targets(page, words));
          await page.close();
        }
      });
    }
  }

  // A phone shows the server's HTML for as long as its JavaScript takes to load and run: that first page fits too.
  for (const language of ["en", "fr"] as const) {
    it(`phone (390 px) before any JavaScript runs, ${language}: every list's main action on screen, nothing scrolled sideways`, async () => {
      const words = WORDS[language];
      for (const list of LISTS) {
        const page = await newPage(browser, { javaScriptEnabled: false });
        await page.setViewportSize({ width: SIZES[1].width, height: SIZES[1].height });
        await page.goto(embeddedUrl(`${list.path()}?locale=${language}`, DEMO_SHOP, { base: demoUrl }));
        await shot(page, `${list.name}-${SIZES[1].width}-${language}-no-js`);
        await expectFits(page, `${list.name} (no JavaScript)`, list.targets(page, words));
        await page.close();
      }
    });
  }

  it("a row click opens its item: card, notification, twin, rule", async () => {
    const page = await openAdmin("/app/cards", "en");
    await rowWith(page, cardName).locator("td").nth(3).click();
    await page.waitForURL(new RegExp(`/app/cards/${cardId}`));
    await shown(page.getByRole("heading", { name: cardName, level: 1 }));

    await page.goto(`${demoUrl}/demo?to=/app/notifications`);
    await rowWith(page, customer.email).locator("td").nth(2).click();
    await page.waitForURL(new RegExp(`/app/notifications/${notificationId}`));

    await page.goto(`${demoUrl}/demo?to=/app/twins`);
    await rowWith(page, twinTitle).locator("td").last().click();
    await page.waitForURL(/\/app\/twins\/twin_/);
    await shown(page.getByRole("heading", { name: twinTitle, level: 1 }));

    await page.goto(`${demoUrl}/demo?to=/app/automation`);
    await rowWith(page, ruleTitle).locator("td").nth(1).click();
    await page.waitForURL(new RegExp(`/app/automation/${ruleId}`));
  });

  it("the customer search filters as the merchant types, keeps ?query= in the URL, and survives a reload and Back", async () => {
    const [first, other] = [DEMO_CUSTOMERS[0]!, DEMO_CUSTOMERS[1]!];
    const surname = first.name.split(" ").at(-1)!;
    const page = await openAdmin("/app/customers", "en");
    await shown(page.getByText(other.name));
    await page.getByLabel("Search customers").pressSequentially(surname, { delay: 40 });
    await page.waitForURL((url) => url.searchParams.get("query") === surname);
    await expect.poll(() => page.getByText(other.name, { exact: true }).count()).toBe(0);
    await shown(page.getByText(first.name, { exact: true }));
    await shot(page, "customers-search");

    await page.reload();
    await shown(page.getByText(first.name, { exact: true }));
    expect(await page.getByLabel("Search customers").inputValue()).toBe(surname);
    expect(new URL(page.url()).searchParams.get("query")).toBe(surname);
    expect(await page.getByText(other.name, { exact: true }).count()).toBe(0);

    await page.getByText(first.name, { exact: true }).click();
    await shown(page.getByRole("heading", { name: first.name, level: 1 }));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/app/customers" && url.searchParams.get("query") === surname);
    await expect.poll(() => page.getByLabel("Search customers").inputValue()).toBe(surname);
    expect(await page.getByText(other.name, { exact: true }).count()).toBe(0);
  });

  it("the customer's page lists the cards waiting for them, and each card's page links back to the customer", async () => {
    for (const language of ["en", "fr"] as const) {
      const words = WORDS[language];
      const page = await openAdmin(`/app/customers/${customer.id}`, language);
      const pending = page.locator(".Polaris-ShadowBevel").filter({ hasText: words.customer.pending.description });
      await shown(pending.getByText(cardName));
      await shown(pending.getByText(words.cardStatus.PENDING_REDEMPTION, { exact: true }));
      await shot(page, `customer-pending-${language}`);
      await pending.getByText(cardName).last().click();
      await shown(page.getByRole("heading", { name: cardName, level: 1 }));
      await link(page, customer.name).click();
      await shown(page.getByRole("heading", { name: customer.name, level: 1 }));
    }
  });

  it("a 404 offers the way back: to the list it came from, and Home", async () => {
    const page = await newPage(browser);
    await page.goto(`${demoUrl}/demo?to=/app/cards/card_01JAAAAAAAAAAAAAAAAAAAAAAA`);
    await shown(page.getByRole("heading", { name: "Card not found" }));
    await shot(page, "not-found-card");
    await link(page, "Cards").click();
    await shown(page.getByRole("heading", { name: "Cards", level: 1 }));

    const french = await newPage(browser);
    await french.goto(`${demoUrl}/demo?to=/app/nope&locale=fr`);
    await shown(french.getByRole("heading", { name: "Cette page n’existe pas." }));
    await shown(french.getByText("Revenir à\u00a0:"));
    await link(french, "Accueil").first().click();
    await shown(french.getByRole("heading", { name: "Twin Cards", level: 1 }));
  });
});

describe("French and wording (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("an order that issued 3 cards says so in French, counted right", async () => {
    const page = await openAdmin("/app/automation", "fr");
    await shown(rowWith(page, orderName).getByText(`Commande ${orderName}\u00a0: 3 articles émis`));
    const english = await openAdmin("/app/automation", "en");
    await shown(rowWith(english, orderName).getByText(`Order ${orderName}: issued 3 items`));
  });

  it("a price typed the French way (189,90 €) is stored as [189.9, EUR] and shown back as typed", async () => {
    const page = await openAdmin(`/app/automation/${ruleId}`, "fr");
    const value = page.getByLabel("Valeur", { exact: true });
    await expect.poll(() => value.inputValue().then(spaced)).toBe("1,00 €");
    await value.fill("189,90 €");
    await button(page, "Enregistrer la règle").click();
    await shown(toast(page, fr.automation.form.saved));
    const rule = await db.issuingRule.findUniqueOrThrow({ where: { id: ruleId } });
    expect((rule.cardTemplate as { metadata: { value: unknown }[] }).metadata[0]!.value).toEqual([189.9, "EUR"]);

    await page.reload();
    await expect.poll(() => page.getByLabel("Valeur", { exact: true }).inputValue().then(spaced)).toBe("189,90 €");
    const english = await openAdmin(`/app/automation/${ruleId}`, "en");
    await expect.poll(() => english.getByLabel("Value", { exact: true }).inputValue()).toBe("€189.90");
    await shot(page, "price-fr");
  });

  it("the verification-page help text follows its switch", async () => {
    const page = await openAdmin("/app/settings", "en");
    const box = page.getByLabel(en.verification.indexLabel);
    const wasOn = await box.isChecked();
    const helpOf = (on: boolean) => page.getByText(on ? en.verification.indexHelpOn : en.verification.indexHelp);
    await shown(helpOf(wasOn));
    await box.click({ force: true });
    await shown(helpOf(!wasOn));
    expect(await helpOf(wasOn).count()).toBe(0);
    await shown(toast(page, en.verification.saved));
    await box.click({ force: true });
    await shown(helpOf(wasOn));
  });

  it("a new webhook endpoint shows its description in the list, and the form is empty again", async () => {
    const page = await openAdmin("/app/settings/webhooks", "en");
    const description = `Warehouse ${randomUUID().slice(0, 6)}`;
    await page.getByLabel("Endpoint URL").fill(`https://hooks.example.com/${description.replace(" ", "-")}`);
    await page.getByLabel("Description").fill(description);
    await button(page, "Add endpoint").click();
    await shown(toast(page, en.webhooks.created));
    await shown(page.getByText(description, { exact: true }));
    await expect.poll(() => page.getByLabel("Endpoint URL").inputValue()).toBe("");
    expect(await page.getByLabel("Description").inputValue()).toBe("");
    await shot(page, "webhooks-added");
  });

  it("a page whose session token expired (Home's Back, later) opens again instead of a blank /auth/session-token", async () => {
    const page = await newPage(browser);
    const host = Buffer.from(`admin.shopify.com/store/${DEMO_SHOP.replace(".myshopify.com", "")}`).toString("base64url");
    await page.goto(`${demoUrl}/app?${new URLSearchParams({ embedded: "1", shop: DEMO_SHOP, host, id_token: "expired" })}`);
    await shown(page.getByRole("heading", { name: "Twin Cards", level: 1 }));
    expect(new URL(page.url()).pathname).toBe("/app");
    await page.goto(
      `${demoUrl}/auth/session-token?${new URLSearchParams({ shop: DEMO_SHOP, host, "shopify-reload": `${demoUrl}/app/cards?embedded=1&shop=${DEMO_SHOP}` })}`,
    );
    await shown(page.getByRole("heading", { name: "Cards", level: 1 }));
    expect(new URL(page.url()).pathname).toBe("/app/cards");
  });
});

/** French money writes its spaces as no-break ones: compare the words. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");
