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
// Polaris' own words for its search button.
const POLARIS = {
  en: { search: "Search and filter results" },
  fr: { search: "Rechercher et filtrer les résultats" },
} as const;
const SELECTED = { en: "2 selected", fr: "2\u00a0sélectionné(s)" } as const;
const label = randomUUID().slice(0, 4);
let browser: Browser;

/** Two failed claim messages to addresses starting with `prefix`, and one to another address. */
async function failedMessagesTo(prefix: string) {
  for (const destination of [`${prefix}-1@example.com`, `${prefix}-2@example.com`, `o-${prefix}@example.com`]) {
    await createCard(DEMO_SHOP, { name: `Resend ${label}`, media: { imageUrls: [] }, email: destination });
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
      const wide = size.width > 500;
      const what = wide
        ? "the search narrows the rows, and Resend failed on the selection says how many were resent"
        : "the search narrows the rows";
      it(`${size.width} px, ${language}: ${what}`, async () => {
        const words = WORDS[language];
        const prefix = `r${label}${size.width}${language}`;
        await failedMessagesTo(prefix);
        const page = await openNotifications(language, size);

        await page.getByRole("button", { name: POLARIS[language].search }).click();
        await page.getByPlaceholder(words.notificationsList.searchPlaceholder).fill(prefix);
        await page.waitForURL((url) => url.pathname === "/app/notifications" && url.searchParams.get("q") === prefix);
        const rows = page.locator("tr, li").filter({ hasText: `${prefix}-` });
        await expect.poll(() => rows.count()).toBe(2);
        await expect.poll(() => page.getByText(`o-${prefix}@example.com`).count()).toBe(0);

        // A phone's stacked list (Polaris' condensed IndexTable) offers no selection, so no bulk action: its search is what it has.
        if (wide) {
          for (const row of await rows.all()) await row.getByRole("checkbox").first().click({ force: true });
          await shown(page.getByText(SELECTED[language]));
          await page.getByRole("button", { name: words.notificationsList.resendFailed }).click();
          await shown(toast(page, words.notificationsList.resent_other.replace("{{count}}", "2")));
          const resent = await db.notification.findMany({ where: { shop: DEMO_SHOP, destination: { startsWith: `${prefix}-` } } });
          expect(resent.map((row) => row.status)).not.toContain("FAILED");
          const other = await db.notification.findFirstOrThrow({ where: { destination: `o-${prefix}@example.com` } });
          expect(other.status).toBe("FAILED");

          // A filter chosen, as a link carries it: its pill names the filter and its choice in the page's words.
          await page.goto(
            `${demoUrl}/demo?${new URLSearchParams({ to: `/app/notifications?channel=EMAIL&q=${prefix}`, locale: language })}`,
          );
          const pill = words.common.appliedFilter
            .replace("{{label}}", words.notificationsList.channel)
            .replace("{{value}}", words.channel.EMAIL);
          await shown(page.getByText(pill, { exact: true }));
        }
        await screenshot(page, `list-search-notifications-${size.width}-${language}`);
        await page.close();
      });
    }
  }
});
