import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { ADMIN_BUNDLE_LIMIT_BYTES } from "../../scripts/admin-extension-bundle";
import { BLOCK_WIDTH_PX, startAdminExtensionsHarness, type AdminExtensionsHarness } from "../../stubs/admin-extensions/server";
import { API_KEY, API_SECRET } from "../support/admin";
import { issuedOrder, mug, stub } from "../support/admin-ext-orders";
import { uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";

// The order and product page blocks (extensions/admin-order/, extensions/admin-product/), built
// as the Shopify CLI builds them, rendered in Chromium by the stand-in for Shopify admin's
// extension host at the block's width, calling the built app with signed session tokens.
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

const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

async function open(
  extension: "admin-order" | "admin-product",
  resource: "Order" | "Product",
  id: string,
  shop: string,
  locale: "en" | "fr",
) {
  const page: Page = await newPage(browser);
  await page.setViewportSize({ width: 700, height: 900 });
  const params = new URLSearchParams({ extension, target: "block", resource, id, shop, locale });
  await page.goto(`${harness.url}/render?${params}`);
  await page.locator("html[data-extension-rendered]").waitFor({ state: "attached" });
  return page;
}

async function fitsItsFrame(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.body.scrollWidth, client: document.body.clientWidth }));
  expect(client).toBe(BLOCK_WIDTH_PX);
  expect(scroll).toBeLessThanOrEqual(client);
}

describe("order and product page blocks (Chromium)", { timeout: 120_000 }, () => {
  it("stay within Shopify's 64 KB limit", () => {
    for (const extension of ["admin-order", "admin-product"])
      for (const bundle of Object.values(harness.bundles[extension]!))
        expect(Buffer.byteLength(bundle)).toBeLessThanOrEqual(ADMIN_BUNDLE_LIMIT_BYTES);
  });

  it("shows a cancelled order's waiting cards, and Void voids them", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop);
    await stub(`orders/${orderId}/cancel`, { silent: true });
    const page = await open("admin-order", "Order", orderId, shop, "en");

    await shown(page.getByText(mug.title));
    await shown(page.getByText("#1 of 100"));
    await fitsItsFrame(page);
    await page.getByRole("button", { name: "Void 2 unclaimed cards" }).click();
    await shown(page.getByText("2 cards voided"));
    expect(await db.unitCard.count({ where: { shop, status: "VOID" } })).toBe(2);
    await page.close();
  });

  it("says a failed line's reason and offers Retry, in French", async () => {
    const shop = uniqueShop();
    const { orderId } = await issuedOrder(shop, { quantity: 3, editionSize: 1 });
    const page = await open("admin-order", "Order", orderId, shop, "fr");

    await shown(page.getByText("En échec"));
    await page.getByRole("button", { name: "Relancer" }).click();
    await shown(page.getByText("La commande sera traitée à nouveau"));
    await fitsItsFrame(page);
    await page.close();
  });

  it("shows a product's rules and whether its barcode is a GTIN, in English and French", async () => {
    const shop = uniqueShop();
    // A guest order: one claim card, serial 1 of the rule's edition.
    await issuedOrder(shop, { quantity: 1 });
    const english = await open("admin-product", "Product", mug.id, shop, "en");
    await shown(english.getByText("Valid GTIN"));
    await shown(english.getByText("1 of 100 issued"));
    await fitsItsFrame(english);
    await english.close();

    const french = await open("admin-product", "Product", mug.id, shop, "fr");
    await shown(french.getByText("GTIN valide"));
    await shown(french.getByText("1 émis sur 100"));
    await fitsItsFrame(french);
    await french.close();
  });
});
