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

// Issue 40, item 7: a merchant searches the Notifications list, selects what it found and resends
// the failed messages in bulk, in the admin frame (1,040 px) and on a phone (390 px), in English and French.
const demoUrl = inject("demoUrl");
const SIZES = [
  { width: 1040, height: 800 },
  { width: 390, height: 844 },
] as const;
const WORDS = { en, fr } as const;
// Polaris' own words for its search button and the condensed list's selection mode.
const POLARIS = {
  en: { search: "Search and filter results", select: "Select" },
  fr: { search: "Rechercher et filtrer les résultats", select: "Sélectionner" },
} as const;
const label = randomUUID().slice(0, 8);
let browser: Browser;

/** Two failed claim messages to addresses starting with `prefix`, and one to another address. */
async function failedMessagesTo(prefix: string) {
  for (const destination of [`${prefix}-1@example.com`, `${prefix}-2@example.com`, `other-${prefix}@example.com`]) {
    await createCard(DEMO_SHOP, { name: `Bulk resend ${label}`, media: { imageUrls: [] }, email: destination });
    await db.notification.updateMany({ where: { shop: DEMO_SHOP, destination }, data: { status: "FAILED", lastError: "Mailbox full" } });
  }
}

async function openNotifications(language: "en" | "fr", size: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize(size);
  await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: "/app/notifications", locale: language })}`);
  await page.locator("ui-nav-menu").getByRole("link", { name: WORDS[language].nav.home }).waitFor();
  await hydrated(page);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Notifications list: search, select, Resend failed (demo mode, Chromium)", { timeout: 120_000 }, () => {
  for (const size of SIZES) {
    for (const language of ["en", "fr"] as const) {
      it(`${size.width} px, ${language}: the search narrows the rows, and Resend failed on the selection says how many were resent`, async () => {
        const words = WORDS[language];
        const prefix = `bulk-${label}-${size.width}-${language}`;
        await failedMessagesTo(prefix);
        const page = await openNotifications(language, size);

        await page.getByRole("button", { name: POLARIS[language].search }).click();
        await page.getByPlaceholder(words.notificationsList.searchPlaceholder).fill(prefix);
        await page.waitForURL((url) => url.pathname === "/app/notifications" && url.searchParams.get("q") === prefix);
        const rows = page.locator("tr, li").filter({ hasText: `${prefix}-` });
        await expect.poll(() => rows.count()).toBe(2);
        await expect.poll(() => page.getByText(`other-${prefix}@example.com`).count()).toBe(0);

        if (size.width < 500) {
          // A phone's stacked list: Select, then a tap on each row.
          await page.getByRole("button", { name: POLARIS[language].select, exact: true }).click();
          for (const row of await rows.all()) await row.click({ position: { x: 8, y: 8 } });
        } else {
          for (const row of await rows.all()) await row.getByRole("checkbox").first().check({ force: true });
        }
        await page.getByRole("button", { name: words.notificationsList.resendFailed }).click();

        await shown(toast(page, words.notificationsList.resent_other.replace("{{count}}", "2")));
        await screenshot(page, `list-search-notifications-${size.width}-${language}`);
        const resent = await db.notification.findMany({ where: { shop: DEMO_SHOP, destination: { startsWith: `${prefix}-` } } });
        expect(resent.map((row) => row.status)).not.toContain("FAILED");
        expect((await db.notification.findFirstOrThrow({ where: { destination: `other-${prefix}@example.com` } })).status).toBe("FAILED");
        await page.close();
      });
    }
  }
});
