import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage } from "../support/browser";
import { walletKey } from "../support/fixtures";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39, item 12: the verification page's Share button, on a 390 px phone in French. Headless Chromium
// has no Web Share API (and the page is told so, to be sure): the link is copied to the clipboard and the
// page says « Lien copié ». Without JavaScript it is a plain link to the page.

const baseUrl = inject("baseUrl");
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

async function frenchVerifyPage() {
  const shop = uniqueShop();
  const name = await registerName(shop, { name: `aurore-${randomUUID().slice(0, 8)}`, publicKey: walletKey(), owner: "shopify|1" });
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Mug Aurore",
    quantity: 1,
    images: [],
  });
  const harness = await startStorefrontHarness({
    appUrl: baseUrl,
    apiSecret: "test-api-secret",
    shop,
    customerId: null,
    locale: "fr",
    clientAddress: uniqueClientAddress(),
  });
  harnesses.push(harness);
  return { harness, twin, path: `${new URL(twin.verifyUrl).pathname}?lang=fr` };
}

describe("Share on the verification page (Chromium, 390 px, French)", { timeout: 120_000 }, () => {
  it("copies the page's link and says « Lien copié » where the browser cannot share, in a 44 px target", async () => {
    const { harness, twin, path } = await frenchVerifyPage();
    const page = await newPage(browser);
    await page.setViewportSize(PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: harness.url });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });

    await page.goto(`${harness.url}${path}`);
    await shown(page.getByRole("heading", { level: 1, name: "Mug Aurore" }));
    const share = page.getByRole("link", { name: "Partager" });
    const box = await share.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await share.click();
    await shown(page.getByRole("status").filter({ hasText: "Lien copié" }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(twin.verifyUrl);
    // Still the same page: the click shared, it did not navigate.
    expect(new URL(page.url()).pathname).toBe(new URL(twin.verifyUrl).pathname);
  });

  it("is a plain link to the page without JavaScript", async () => {
    const { harness, twin, path } = await frenchVerifyPage();
    const page = await newPage(browser, { javaScriptEnabled: false });
    await page.setViewportSize(PHONE);
    await page.goto(`${harness.url}${path}`);
    await shown(page.getByRole("heading", { level: 1, name: "Mug Aurore" }));
    expect(await page.getByRole("link", { name: "Partager" }).getAttribute("href")).toBe(twin.verifyUrl);
  });
});
