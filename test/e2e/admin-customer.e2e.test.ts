import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { ADMIN_BUNDLE_LIMIT_BYTES } from "../../scripts/admin-extension-bundle";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { BLOCK_WIDTH_PX, startAdminExtensionsHarness, type AdminExtensionsHarness } from "../../stubs/admin-extensions/server";
import { API_KEY, API_SECRET } from "../support/admin";
import { uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";
import { walletKey } from "../support/fixtures";

// The customer page's admin UI extension (extensions/admin-customer/), built with esbuild as
// the Shopify CLI builds it, rendered in Debian's Chromium by a stand-in for Shopify admin's
// extension host (stubs/admin-extensions/) at the width the admin gives it, calling the
// built app with session tokens signed as Shopify signs them — as a merchant uses it.
const baseUrl = inject("baseUrl");

let browser: Browser;
let harness: AdminExtensionsHarness;

beforeAll(async () => {
  [browser, harness] = await Promise.all([
    launchBrowser(),
    startAdminExtensionsHarness({ appUrl: baseUrl, apiKey: API_KEY, apiSecret: API_SECRET }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), harness?.close()]);
});

// Anna Schmidt: an e-mail, a phone and orders in the stub's catalogue.
const customer = DEMO_CUSTOMERS[0]!;
const owner = `shopify|${customer.id}`;
const NBSP = "\u00a0";

/** Waits until the element is on screen; fails the test if it never is. */
const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

/** The block or the action on Anna's page in the host, for `shop`, in `locale`. */
async function open(target: "block" | "action", shop: string, locale: "en" | "fr", query: Record<string, string> = {}): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width: 700, height: 900 });
  const params = new URLSearchParams({
    extension: "admin-customer",
    target,
    resource: "Customer",
    id: customer.id,
    shop,
    locale,
    ...query,
  });
  await page.goto(`${harness.url}/render?${params}`);
  await page.locator("html[data-extension-rendered]").waitFor({ state: "attached" });
  return page;
}

/** Nothing is cut or scrolls sideways in the admin's frame. */
async function fitsItsFrame(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.body.scrollWidth, client: document.body.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** The message a text field shows as its error (the element its input's aria-describedby names). */
async function fieldError(page: Page, label: string): Promise<string> {
  const input = page.getByLabel(label, { exact: true });
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const id = await input.getAttribute("aria-describedby");
  return page.locator(`[id="${id}"]`).innerText();
}

async function annaWithCards(shop: string) {
  const key = walletKey();
  const owned = await createCard(shop, {
    name: "Aurora Ceramic Mug — owner's card",
    media: { imageUrls: [], videoUrls: [] },
    owner,
    publicKey: key,
  });
  await createCard(shop, { name: "Welcome gift", media: { imageUrls: [], videoUrls: [] }, email: customer.email! });
  const name = await registerName(shop, { name: `anna-${randomUUID().slice(0, 8)}`, publicKey: key, owner });
  return { owned, name };
}

describe("customer page admin extension (Chromium)", { timeout: 120_000 }, () => {
  it("stays within Shopify's 64 KB limit for each target's bundle", () => {
    for (const bundle of Object.values(harness.bundles["admin-customer"]!))
      expect(Buffer.byteLength(bundle)).toBeLessThanOrEqual(ADMIN_BUNDLE_LIMIT_BYTES);
  });

  it("shows the customer's cards in the block at the admin's 600 px, each a link into the app", async () => {
    const shop = uniqueShop();
    const { owned, name } = await annaWithCards(shop);
    const page = await open("block", shop, "en");

    await shown(page.getByText("1 card · 0 digital twins"));
    await shown(page.getByText("1 owned"));
    await shown(page.getByText(`Universal name:`));
    expect(await page.getByText(/Universal name:/).innerText()).toContain(name.uns_name);
    await shown(page.getByText("1 card waiting for them to claim it"));
    await page.getByRole("link", { name: `Open ${owned.name} in Twin Cards` }).click();
    expect(await page.evaluate(() => (globalThis as { hostNavigations?: string[] }).hostNavigations)).toEqual([
      `app:app/cards/${owned.id}`,
    ]);
    expect(await page.evaluate(() => document.body.clientWidth)).toBe(BLOCK_WIDTH_PX);
    await fitsItsFrame(page);
    await page.close();
  });

  it("says it in French for a French admin", async () => {
    const shop = uniqueShop();
    await annaWithCards(shop);
    const page = await open("block", shop, "fr");

    await shown(page.getByText("1 carte · 0 jumeau numérique"));
    await shown(page.getByText("1 détenue"));
    await shown(page.getByText(`Nom universel${NBSP}:`, { exact: false }));
    await shown(page.getByText("1 carte à récupérer par le client"));
    await shown(page.getByRole("button", { name: "Émettre un jumeau ou une carte" }));
    await fitsItsFrame(page);
    await page.close();
  });

  it("says in one line that the app could not be reached, and Retry shows the block", async () => {
    const shop = uniqueShop();
    await annaWithCards(shop);
    // The first token is refused (as an app whose secret changed would refuse it); the second is good.
    const page = await open("block", shop, "en", { badTokens: "1" });

    await shown(page.getByText("Twin Cards could not be reached."));
    await page.getByRole("button", { name: "Retry" }).click();
    await shown(page.getByText("1 card · 0 digital twins"));
    await page.close();
  });

  it("issues a twin in two steps in the action's modal, from a product Anna ordered", async () => {
    const shop = uniqueShop();
    const { name } = await annaWithCards(shop);
    const page = await open("action", shop, "en");

    // Filled with one of Anna's names (universal names are hers in every shop): this test's.
    const nameField = page.getByLabel("Customer's universal name", { exact: true });
    await expect.poll(() => nameField.inputValue()).not.toBe("");
    await nameField.fill(name.uns_name);
    await page.getByRole("button", { name: "Validate" }).click();
    await shown(page.getByText(`“${name.uns_name}” is registered to ${name.public_key}`));
    const product = page.getByLabel("Product this customer ordered", { exact: true });
    const firstProduct = await product.locator("option").nth(1).getAttribute("value");
    await product.selectOption(firstProduct!);
    const title = await page.getByLabel("Title", { exact: true }).inputValue();
    expect(title).not.toBe("");
    // A double click: the action sends one key, the app issues once.
    await page.getByRole("button", { name: "Issue digital twin" }).dblclick();

    await shown(page.getByText(`Digital twin “${title}” issued`));
    expect(await db.digitalTwin.count({ where: { shop } })).toBe(1);
    await fitsItsFrame(page);
    await page.locator("s-button", { hasText: "Close" }).click();
    expect(await page.evaluate(() => (globalThis as { hostClosed?: boolean }).hostClosed)).toBe(true);
    await page.close();
  });

  it("creates a card claimed with a code, refusing an empty destination with the page's words, in French", async () => {
    const shop = uniqueShop();
    const page = await open("action", shop, "fr");

    await page.getByLabel("Que faire", { exact: true }).selectOption("card");
    await page.getByLabel("Comment le client la reçoit", { exact: true }).selectOption("redemption");
    await page.getByLabel("Nom de la carte", { exact: true }).fill("Carte de bienvenue");
    await page.getByLabel("E-mail", { exact: true }).fill("");
    await page.getByLabel("Téléphone", { exact: true }).fill("");
    await page.getByRole("button", { name: "Créer la carte" }).click();

    expect(await fieldError(page, "E-mail")).toBe(`Saisissez l’e-mail ou le numéro de téléphone du client${NBSP}: le code y est envoyé`);
    expect(await db.unitCard.count({ where: { shop } })).toBe(0);

    await page.getByLabel("E-mail", { exact: true }).fill(customer.email!);
    await page.getByRole("button", { name: "Créer la carte" }).click();
    await shown(page.getByText(`Carte «${NBSP}Carte de bienvenue${NBSP}» créée${NBSP}: un code lui a été envoyé`));
    expect(await db.unitCard.count({ where: { shop } })).toBe(1);
    await fitsItsFrame(page);
    await page.close();
  });
});
