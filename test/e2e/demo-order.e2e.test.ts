import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// The demo banner's "Place a demo order": a person without a store places an
// order, and the app receives Shopify's signed orders/paid webhook for it.
// (What the app then issues is the order rules' own test.)
const demoUrl = inject("demoUrl");
/** The demo order form, which opens under the demo banner on every admin page. */
const form = (page: Page) => page.locator("#demo-order-form");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("placing a demo order (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("places an order for a customer, shows its name and the delivered webhook, then fulfils and cancels it", async () => {
    const page = await openAdminPage(browser, demoUrl, "/app/customers");
    await page.getByRole("button", { name: "Place a demo order" }).click();
    await form(page).getByLabel("Customer").selectOption({ label: "Olivia Bennett" });
    await form(page).getByLabel("Product").selectOption({ label: "Meridian Automatic Watch" });
    await form(page).getByLabel("Quantity").fill("2");
    await page.getByRole("button", { name: "Place order" }).click();

    const placed = page.getByText(/^Order #\d{4} placed$/);
    await shown(placed);
    const name = (await placed.innerText()).split(" ")[1]!;
    await shown(page.getByText("2 × Meridian Automatic Watch for Olivia Bennett."));
    await shown(page.getByText("The app received Shopify’s orders/paid webhook (HTTP 200)."));
    await screenshot(page, "demo-order-placed");

    await page.getByRole("button", { name: `Fulfil ${name}` }).click();
    await shown(page.getByText(`Order ${name} fulfilled`));
    await shown(page.getByText("The app received Shopify’s fulfillments/create webhook (HTTP 200)."));
    await page.getByRole("button", { name: `Cancel ${name}` }).click();
    await shown(page.getByText(`Order ${name} cancelled`));
    await shown(page.getByText("The app received Shopify’s orders/cancelled webhook (HTTP 200)."));
    expect(await page.getByRole("button", { name: `Cancel ${name}` }).isDisabled()).toBe(true);

    // Its link leads to the customer's page, where the order's items show up.
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByRole("link", { name: "Olivia Bennett’s page" }).click();
    await shown(page.getByRole("heading", { name: "Olivia Bennett", level: 1 }));
  });

  it("places a guest checkout with the guest's e-mail", async () => {
    const page = await openAdminPage(browser, demoUrl);
    await page.getByRole("button", { name: "Place a demo order" }).click();
    await form(page).getByLabel("Customer").selectOption({ label: "Guest checkout" });
    await page.getByLabel("Guest’s e-mail").fill("walk-in@example.net");
    await page.getByRole("button", { name: "Place order" }).click();
    await shown(page.getByText(/for a guest \(walk-in@example\.net\)\.$/));
    await shown(page.getByText("The app received Shopify’s orders/paid webhook (HTTP 200)."));
  });

  it("names the quantity field when it is not a whole number from 1 to 100", async () => {
    const page = await openAdminPage(browser, demoUrl);
    await page.getByRole("button", { name: "Place a demo order" }).click();
    await form(page).getByLabel("Quantity").fill("0");
    await page.getByRole("button", { name: "Place order" }).click();
    await shown(page.getByText("Enter a whole number from 1 to 100"));
    expect(await page.getByText(/^Order #\d{4} placed$/).count()).toBe(0);
  });
});
