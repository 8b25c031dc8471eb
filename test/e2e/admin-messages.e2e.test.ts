import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// Settings → Messages in Debian's Chromium: the preview follows the merchant's typing,
// and a mistake shows at its field before anything is saved. Nothing is saved here:
// the demo shop's messages stay the default for the other tests.
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("Settings → Messages (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("updates the preview as the merchant types and shows a template error at its field, at admin and phone widths", async () => {
    const page = await openAdminPage(browser, demoUrl, "/app/settings/messages");
    await shown(page.getByRole("heading", { name: "Messages" }));
    const subject = page.getByLabel("Subject").first();
    const previewSubject = page.locator('[data-preview="subject"]');
    await expect.poll(() => previewSubject.textContent()).toBe("Twin Cards Demo: your card is ready to claim");

    await subject.fill("{{ shop.name }} has a gift for {{ customer.first_name }}");
    await expect.poll(() => previewSubject.textContent(), { timeout: 10_000 }).toBe("Twin Cards Demo has a gift for Jane");
    const frame = page.frameLocator('iframe[title="E-mail preview"]');
    await shown(frame.getByText("Claim your card"));
    await screenshot(page, "messages-preview-1040");

    await subject.fill("{{ shop.email }}");
    await shown(page.getByText("Line 1: unknown variable shop.email"));

    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "messages-preview-390");
  });
});
