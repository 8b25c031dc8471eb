import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// Settings → Messages in Debian's Chromium: the preview follows the merchant's typing,
// and a mistake shows at its field before anything is saved. Nothing is saved here:
// the demo shop's messages stay the default for the other tests.
const demoUrl = inject("demoUrl");
const adminApiStubUrl = inject("adminApiStubUrl");
const DEMO_SHOP = "twin-cards-demo.myshopify.com";

/** Whether Shopify's Storefront API answers the demo shop (the brand logo's source). */
const storefrontAnswers = async (answers: boolean) => {
  const response = await fetch(`${adminApiStubUrl}/_stub/shops/${DEMO_SHOP}`, {
    method: "PUT",
    body: JSON.stringify({ unreachable: answers ? [] : ["storefront"] }),
  });
  expect(response.status).toBe(200);
};
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

  it("tells the merchant, in English and French, that the brand logo could not be read and what messages show, at admin and phone widths", async () => {
    // Read once while Shopify answers: the brand logo is known.
    const first = await openAdminPage(browser, demoUrl, "/app/settings/messages");
    await shown(first.getByRole("heading", { name: "Messages" }));
    await first.close();
    await storefrontAnswers(false);
    try {
      const english = await openAdminPage(browser, demoUrl, "/app/settings/messages");
      // The demo shop's brand logo was read before: messages keep it, and the note says so.
      await shown(
        english.getByText(
          "Your brand logo (Settings → Brand in Shopify) could not be read just now. Messages show the last brand logo read.",
        ),
      );
      await shown(english.getByText("Twin Cards Demo"));
      await screenshot(english, "messages-logo-unread-1040");
      await english.setViewportSize({ width: 390, height: 844 });
      expect(await english.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
        0,
      );
      await shown(english.getByText("could not be read just now"));
      await screenshot(english, "messages-logo-unread-390");

      const french = await openAdminPage(browser, demoUrl, "/app/settings/messages", "fr");
      await shown(
        french.getByText(
          "Le logo de votre marque (Paramètres → Marque dans Shopify) n’a pas pu être lu. Les messages affichent le dernier logo de marque lu.",
        ),
      );
      await french.setViewportSize({ width: 390, height: 844 });
      await shown(french.getByText("n’a pas pu être lu"));
      await screenshot(french, "messages-logo-unread-fr-390");
    } finally {
      await storefrontAnswers(true);
    }
    // Once Shopify answers again, the note is gone.
    const back = await openAdminPage(browser, demoUrl, "/app/settings/messages");
    await shown(back.getByRole("heading", { name: "Messages" }));
    expect(await back.getByText("could not be read just now").count()).toBe(0);
  });
});
