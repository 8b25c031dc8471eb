import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import en from "~/faces/admin/i18n/locales/en.json";
import fr from "~/faces/admin/i18n/locales/fr.json";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { hydrated, shown, toast } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { walletKey } from "../support/fixtures";

// The Cards list as a merchant searches it and acts on a selection (issue 40, item 7; decision 0078):
// a name typed in the search box narrows the list to those cards and stays in the URL; selecting
// them all and "Void unclaimed cards" voids the ones still waiting and leaves the claimed one, and the
// toast counts both. At the admin frame's width in English, on a phone in French.
const demoUrl = inject("demoUrl");
const WORDS = { en, fr } as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Two cards waiting for their claim and one claimed, all named "<prefix> …", in the demo shop. */
async function threeCards(prefix: string) {
  const media = { imageUrls: [], videoUrls: [] };
  const waiting = await Promise.all(
    ["Amber", "Birch"].map((word) =>
      createCard(DEMO_SHOP, { name: `${prefix} ${word}`, media, email: `bulk-${randomUUID().slice(0, 6)}@example.com` }),
    ),
  );
  const claimed = await createCard(DEMO_SHOP, { name: `${prefix} Cedar`, media, owner: `shopify|${Date.now()}`, publicKey: walletKey() });
  return { waiting: waiting.map((card) => card.id), claimed: claimed.id };
}

async function openCards(language: "en" | "fr", width: number, height: number): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width, height });
  await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: "/app/cards", locale: language })}`);
  await shown(page.getByRole("heading", { name: WORDS[language].cards.title, level: 1 }));
  await hydrated(page);
  return page;
}

const statuses = (ids: string[]) =>
  db.unitCard
    .findMany({ where: { id: { in: ids } }, select: { status: true }, orderBy: { name: "asc" } })
    .then((rows) => rows.map((row) => row.status));

/** Opens the search box (behind its button, as Polaris' IndexFilters shows it) and types `text`; waits for the URL to carry it. */
async function search(page: Page, language: "en" | "fr", text: string) {
  await page
    .getByRole("button", { name: language === "fr" ? /recherch/i : /search/i })
    .first()
    .click();
  await page.getByPlaceholder(WORDS[language].cardsBulk.searchPlaceholder).fill(text);
  await page.waitForURL((url) => url.searchParams.get("q") === text);
}

const rowsNamed = (page: Page, prefix: string) => page.locator("tbody tr, li").filter({ hasText: prefix });

describe("the Cards list searched and voided in bulk (demo mode, Chromium)", () => {
  for (const { language, width, height } of [
    { language: "en", width: 1040, height: 800 },
    { language: "fr", width: 1040, height: 800 },
  ] as const) {
    it(`${language}, ${width} px: finds the cards by name, voids the unclaimed ones of the selection and counts the rest`, async () => {
      const words = WORDS[language];
      const prefix = `Bulk${randomUUID().slice(0, 8)}`;
      const cards = await threeCards(prefix);
      const page = await openCards(language, width, height);

      await search(page, language, prefix.toLowerCase());
      await expect.poll(() => rowsNamed(page, prefix).count()).toBe(3);
      await screenshot(page, `cards-search-${width}-${language}`);

      await page.getByRole("checkbox").first().check();
      await page.getByRole("button", { name: words.cardsBulk.voidUnclaimed }).click();
      const dialog = page.getByRole("dialog");
      await shown(dialog.getByText(words.cardsBulk.voidTitle_other.replace("{{count}}", "3")));
      await dialog.getByRole("button", { name: words.cardsBulk.voidConfirm }).click();

      const said = [words.cardsBulk.voided_other.replace("{{count}}", "2"), words.cardsBulk.refused_one.replace("{{count}}", "1")].join(
        " · ",
      );
      await shown(toast(page, said));
      expect(await statuses([...cards.waiting, cards.claimed])).toEqual(["VOID", "VOID", "OWNED"]);
    });
  }

  // Polaris' condensed IndexTable offers no selection: on a phone the list is searched, not acted on in bulk (decision 0078).
  it("fr, 390 px: the search narrows the stacked list, stays in the address and survives a reload", async () => {
    const prefix = `Bulk${randomUUID().slice(0, 8)}`;
    await threeCards(prefix);
    const page = await openCards("fr", 390, 844);

    await search(page, "fr", prefix);
    await expect.poll(() => rowsNamed(page, prefix).count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "cards-search-390-fr");

    await page.reload();
    await shown(rowsNamed(page, prefix));
    expect(await rowsNamed(page, prefix).count()).toBe(3);
    expect(await page.getByPlaceholder(fr.cardsBulk.searchPlaceholder).inputValue()).toBe(prefix);
    await expect.poll(() => page.locator("li").filter({ hasText: "Bulk" }).filter({ hasNotText: prefix }).count()).toBe(0);
  });
});
