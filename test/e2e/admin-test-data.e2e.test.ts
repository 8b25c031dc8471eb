import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { adminToken, embeddedUrl } from "../support/admin";
import { navigate, shown } from "../support/admin-browser";
import { http, uniqueShop } from "../support/api";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { cardInput } from "../support/fixtures";

// Test mode in the admin (issue 29, decision 0036): the merchant makes a test key, turns on
// "View test data", sees the banner and the card the key wrote, and turns it off again.
// Each run has a shop of its own (not the shared demo shop), so the switch touches no other
// test: the demo server opens the app for it as Shopify admin would, and its local App
// Bridge is handed session tokens for that shop.
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WORDS = {
  en: {
    settings: "Settings",
    cards: "Cards",
    label: "Label",
    test: "Test",
    create: "Create API key",
    testKeyCreated: "This is a test key: it sees only test data, sends no message and mints nothing.",
    switch: "View test data",
    banner: "You are viewing test data. Test cards send no messages and mint nothing.",
    viewLive: "View live data",
  },
  fr: {
    settings: "Paramètres",
    cards: "Cartes",
    label: "Libellé",
    test: "Test",
    create: "Créer la clé d’API",
    testKeyCreated: "C’est une clé de test\u00a0: elle ne voit que les données de test, n’envoie aucun message et ne frappe rien.",
    switch: "Afficher les données de test",
    banner: "Vous consultez des données de test. Les cartes de test n’envoient aucun message et ne frappent rien.",
    viewLive: "Afficher les données de production",
  },
} as const;

const SIZES = [
  { name: "desktop", width: 1040, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** The app opened in Shopify admin for `shop`, in `locale`, at `width`. */
async function openAdmin(shop: string, locale: "en" | "fr", size: { width: number; height: number }, path: string): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize(size);
  // The local App Bridge asks /demo/session-token for each request's token: this shop's, as Shopify's would be.
  await page.route(`${demoUrl}/demo/session-token`, (route) => route.fulfill({ json: { token: adminToken(shop) } }));
  await page.goto(`${embeddedUrl(path, shop, { base: demoUrl })}&locale=${locale}`);
  await page.locator("ui-nav-menu").getByRole("link", { name: WORDS[locale].settings }).waitFor({ state: "attached" });
  return page;
}

describe("View test data (demo server, Chromium)", { timeout: 180_000 }, () => {
  const runs = (["en", "fr"] as const).flatMap((locale) => SIZES.map((size) => ({ locale, size })));

  it.each(runs)(
    "a merchant makes a test key and sees its card only while viewing test data ($locale, $size.name)",
    async ({ locale, size }) => {
      const words = WORDS[locale];
      const shop = uniqueShop();
      const liveName = `Live pass ${locale}-${size.name}`;
      const testName = `Sandbox pass ${locale}-${size.name}`;
      await createCard(shop, { ...cardInput(liveName), email: "live@example.com" });
      const shot = (step: string) => screenshot(page, `test-data-${locale}-${size.name}-${step}`);

      // Settings: a key made as Test, shown once with its mode, listed with a Test badge.
      const page = await openAdmin(shop, locale, size, "/app/settings");
      await page.getByLabel(words.label, { exact: true }).fill("Sandbox");
      await page.getByRole("radio", { name: words.test, exact: true }).check({ force: true });
      await page.getByRole("button", { name: words.create }).click();
      await shown(page.getByText(words.testKeyCreated));
      const key = await page.locator('input[readonly][value^="tc_"]').inputValue();
      expect(key).toMatch(/^tc_test_/);
      await shot("1-key");
      // A table row on a desktop, a stacked list item on a phone.
      await shown(page.locator(":is(tbody tr, li)", { hasText: "tc_test_" }).getByText(words.test, { exact: true }));

      // The integration writes a card with the test key.
      const written = await http("/v1/unit-cards", {
        key,
        method: "POST",
        body: JSON.stringify({ ...cardInput(testName), email: "sandbox@example.com" }),
      });
      expect(written.status).toBe(201);

      // Live data first: the test card is not in the list.
      await navigate(page, words.cards);
      await shown(page.getByText(liveName));
      expect(await page.getByText(testName).count()).toBe(0);
      expect(await page.getByText(words.banner).count()).toBe(0);

      // "View test data" on, from Settings: the banner on every page, and only the test card.
      await navigate(page, words.settings);
      const toggle = page.getByRole("checkbox", { name: words.switch });
      await page.getByText(words.switch, { exact: true }).click();
      await shown(page.getByText(words.banner));
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await navigate(page, words.cards);
      await shown(page.getByText(testName));
      await shown(page.getByText(words.banner));
      expect(await page.getByText(liveName).count()).toBe(0);
      await shot("2-test-data");

      // "View live data" in the banner: back to live cards, the test card gone.
      await page.getByRole("button", { name: words.viewLive }).click();
      await shown(page.getByText(liveName));
      await expect.poll(() => page.getByText(testName).count()).toBe(0);
      expect(await page.getByText(words.banner).count()).toBe(0);
      await shot("3-live-again");
      await page.close();
    },
  );
});
