import { readFile } from "node:fs/promises";
import { Keypair } from "@solana/web3.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { launchBrowser, newPage, screenshot } from "../support/browser";

// The merchant downloads an item's printable certificate from the card's page
// (docs/decisions/0044-printable-certificates.md), on a desktop and on a phone, in English and French.
const demoUrl = inject("demoUrl");
const image = (file: string) => `${inject("adminApiStubUrl")}/images/${file}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
      await page.context().close();
    });
  }
});
