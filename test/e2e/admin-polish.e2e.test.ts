import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { createCard } from "~/domain/cards.server";
import { navigate, openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";

// Small things a merchant notices in the first hour, in Debian's Chromium.
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("admin polish (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("keeps each setup step's badge on one line at phone width", async () => {
    const page = await openAdminPage(browser, demoUrl, "/app");
    await page.setViewportSize({ width: 390, height: 844 });
    const badges = page.getByText(/^(To do|Done)$/);
    await shown(badges);
    await screenshot(page, "polish-home-390");

    const heights = await badges.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(2);
    // One line of Polaris' badge text is 20 px; a wrapped "To do" is twice that.
    for (const height of heights) expect(height).toBeLessThan(30);
  });

  it("survives a reload after moving around with the menu, and a typed admin URL", async () => {
    const page = await openAdminPage(browser, demoUrl, "/app");
    await navigate(page, "Cards");
    await page.getByRole("tab", { name: "Owned" }).click();
    await page.waitForURL(/status=OWNED/);

    await page.reload();
    await shown(page.getByRole("heading", { name: "Cards" }));
    await expect.poll(() => page.getByRole("tab", { name: "Owned" }).getAttribute("aria-selected")).toBe("true");

    const typed = await newPage(browser);
    await typed.goto(`${demoUrl}/app/settings`);
    await shown(typed.getByRole("heading", { name: "API keys" }));
    expect(new URL(typed.url()).pathname).toBe("/app/settings");
  });

  it("shows a placeholder, not alt text in a grey box, for an image that does not load", async () => {
    const name = `Broken image ${randomUUID().slice(0, 6)}`;
    await createCard(DEMO_SHOP, { name, media: { imageUrls: ["https://images.invalid/missing.png"] }, email: "jane@example.com" });

    const page = await openAdminPage(browser, demoUrl, "/app/cards");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await shown(row);

    // The placeholder replaces the picture once the browser has given up on it (a DNS failure, however slow).
    await shown(row.locator(".Polaris-Thumbnail svg"));
    expect(await row.locator(".Polaris-Thumbnail svg").count()).toBe(1);
    expect(await row.locator("img").count()).toBe(0);
    await screenshot(page, "polish-cards-broken-image");
  });
});
