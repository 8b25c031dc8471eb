import { readFile } from "node:fs/promises";
import { Keypair } from "@solana/web3.js";
import type { Browser, Download, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard, createCardBatch } from "~/domain/cards.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { uniqueShop } from "../support/api";
import { uniqueCustomerId } from "../support/app-proxy";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { readPdf } from "../support/pdf";
import { openStorefrontPage } from "../support/storefront-page";
import type { StorefrontHarness } from "../../stubs/storefront/server";

// The merchant downloads an item's printable certificate from the card's page
// (docs/decisions/0044-printable-certificates.md), on a desktop and on a phone, in English and French;
// label sheets from the Cards list; and a customer saves their own from the storefront's My cards.
const demoUrl = inject("demoUrl");
const baseUrl = inject("baseUrl");
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

/** The saved file, parsed back. */
const pdfOf = async (download: Download) => readPdf(new Uint8Array(await readFile((await download.path())!)));

/** The control is on screen once scrolled to: not cut off at either side or below. */
async function expectInsideViewport(page: Page, name: string) {
  const control = page.getByRole("button", { name });
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe("the certificate download on a card's page (Chromium)", { timeout: 120_000 }, () => {
  const cases = [
    { width: 1040, locale: "en", button: "Download the certificate of", size: "Page size", option: "A4", home: "Home" },
    { width: 390, locale: "fr", button: "Télécharger le certificat de", size: "Format", option: "Letter (US)", home: "Accueil" },
  ];
  for (const { width, locale, button, size, option, home } of cases) {
    it(`at ${width} px in ${locale === "en" ? "English" : "French"}: the download is on screen and saves a PDF`, async () => {
      const card = await createCard(DEMO_SHOP, {
        name: `Aurora membership ${width}`,
        owner: `shopify|${Date.now()}`,
        publicKey: Keypair.generate().publicKey.toBase58(),
        media: { imageUrls: [image("logo.png")], videoUrls: [] },
      });
      const page = await newPage(browser);
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: `/app/cards/${card.id}`, locale })}`);
      await page.locator("ui-nav-menu").getByRole("link", { name: home }).waitFor();
      const name = `${button} ${card.name}`;
      await page.getByRole("button", { name }).waitFor();
      await page.getByLabel(size).selectOption({ label: option });
      await expectInsideViewport(page, name);
      await screenshot(page, `certificate-admin-card-${width}-${locale}`);

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name }).click()]);
      expect(download.suggestedFilename()).toBe(`certificate-${card.id}-${option === "A4" ? "a4" : "letter"}.pdf`);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      await page.close();
    });
  }
});

describe("label sheets from the Cards list (Chromium)", { timeout: 120_000 }, () => {
  it("prints the owned cards listed, four a page, from Print labels", async () => {
    const owner = `shopify|${Date.now()}`;
    const batch = await createCardBatch(DEMO_SHOP, {
      owner,
      publicKey: Keypair.generate().publicKey.toBase58(),
      cards: ["Ticket A", "Ticket B", "Ticket C"].map((name) => ({
        name: `${name} ${Date.now()}`,
        media: { imageUrls: [], videoUrls: [] },
      })),
    });
    const page = await newPage(browser);
    await page.setViewportSize({ width: 1040, height: 844 });
    await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: "/app/cards?status=OWNED" })}`);
    await page.getByRole("link", { name: batch[0]!.name }).waitFor();
    await page.getByRole("button", { name: "Print labels" }).click();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByText("Label sheet, A4").click()]);
    expect(download.suggestedFilename()).toBe("certificate-labels-a4.pdf");
    const pages = await pdfOf(download);
    const text = pages.map((sheet) => sheet.text).join(" ");
    for (const card of batch) expect(text).toContain(card.name);
    // Four labels a page, each with its QR code; the last page may have fewer.
    const codes = pages.map((sheet) => sheet.images.filter((picture) => picture.qr).length);
    expect(codes.slice(0, -1).every((count) => count === 4)).toBe(true);
    expect(codes.at(-1)).toBeGreaterThanOrEqual(1);
    expect(codes.at(-1)).toBeLessThanOrEqual(4);
    await page.close();
  });
});

describe("a customer's own certificate from My cards (Chromium)", { timeout: 120_000 }, () => {
  it("at 390 px: each owned card has Download certificate (PDF), which saves its A4 certificate", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const card = await createCard(shop, {
      name: "Harbor pass",
      owner: `shopify|${customerId}`,
      publicKey: Keypair.generate().publicKey.toBase58(),
      media: { imageUrls: [image("logo.png")], videoUrls: [] },
    });
    const { page, myCards } = await openStorefrontPage({ browser, harnesses, appUrl: baseUrl, shop, customerId });
    await page.setViewportSize({ width: 390, height: 844 });
    const link = myCards.getByRole("link", { name: "Download certificate (PDF): Harbor pass" });
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const [sheet] = await pdfOf(download);
    expect(sheet!.text).toContain("Harbor pass");
    expect(sheet!.images.map((picture) => picture.qr)).toContain(card.verifyUrl);
    await screenshot(page, "certificate-storefront-390");
  });
});
