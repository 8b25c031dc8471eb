import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shown } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";
import { USER_AGENT } from "../support/user-agent";

// The API reference at /v1/docs as an integrator opens it (issue 29): Redoc, served by the app,
// renders the operation groups, examples and the webhook signature guide at a laptop's width and
// a phone's, and no request leaves the app's origin (every request is routed through the test).
const baseUrl = inject("baseUrl");
const origin = new URL(baseUrl).origin;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const GROUPS = ["Guide", "Issuing", "On-chain", "Events and webhooks"];
const OPERATION_TAGS = [
  "Unit cards",
  "Redemption",
  "Universal names",
  "Digital twins",
  "NFT metadata",
  "Events",
  "Webhook endpoints",
  "Receiving events",
];

/** A page whose every request goes through a route that lets only the app's origin through, and records it. */
async function openReference(width: number, height: number) {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width, height } });
  context.setDefaultTimeout(30_000);
  const requested: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requested.push(url);
    return new URL(url).origin === origin ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  // The browser reports what the page's Content-Security-Policy refused as console errors.
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refused.push(message.text());
  });
  page.on("pageerror", (error) => refused.push(error.message));
  const response = await page.goto(`${baseUrl}/v1/docs`);
  expect(response?.status()).toBe(200);
  return { page, requested, refused, close: () => context.close() };
}

/** What the reader sees (the whole reference is tens of thousands of pixels long). */
const viewShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

/** The menu of tag groups and tags (on a phone, behind Redoc's floating button). */
const menu = (page: Page) => page.locator(".menu-content");

async function expectNothingLeftTheOrigin(requested: string[], refused: string[]) {
  expect(requested.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  // The page, Redoc's bundle and its start script from the app's assets, and the document.
  expect(requested.map((url) => new URL(url).pathname)).toEqual(
    expect.arrayContaining([
      "/v1/docs",
      expect.stringMatching(/^\/assets\/redoc\.standalone-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/redoc-init-[\w-]+\.js$/),
      "/v1/openapi.json",
    ]),
  );
  expect(refused).toEqual([]);
}

describe("the API reference at /v1/docs (Chromium)", { timeout: 90_000 }, () => {
  it("at 1040 px: the operation groups, an operation's request and response examples, the signature guide; nothing from elsewhere", async () => {
    const { page, requested, refused, close } = await openReference(1040, 900);
    try {
      await shown(page.getByRole("heading", { name: "Twin Cards issuing API (1.0.0)", level: 1 }));
      for (const group of GROUPS) await shown(menu(page).getByText(group, { exact: true }));
      for (const tag of OPERATION_TAGS) await shown(menu(page).getByRole("menuitem").getByText(tag, { exact: true }));
      await viewShot(page, "api-reference-desktop");

      // The sandbox an integrator starts in.
      await menu(page).getByRole("menuitem").getByText("Test mode", { exact: true }).click();
      await shown(page.getByText(/it works exactly like a live one, but nothing real happens/));

      // An operation: its request example (the body and the curl command) and its success answer's example.
      await menu(page).getByText("Unit cards", { exact: true }).click();
      await menu(page).getByText("Create a unit card by redemption or by owner").click();
      const operation = page.locator('[data-section-id="tag/Unit-cards/operation/createUnitCard"]');
      await shown(operation.getByRole("heading", { name: "Create a unit card by redemption or by owner" }));
      await shown(operation.getByText("Request samples"));
      await shown(operation.getByText('"jane@example.com"'));
      await shown(operation.getByText("Response samples"));
      await shown(operation.getByText('"PENDING_REDEMPTION"'));
      await shown(operation.getByText('"7KQ2-M9XD-R4TB"'));
      await operation.getByRole("tab", { name: "curl" }).click();
      await shown(operation.getByText(/Idempotency-Key: \$\(uuidgen\)/));
      await viewShot(page, "api-reference-desktop-operation");

      // The error envelope and every code, then how to verify a webhook's signature.
      await menu(page).getByText("Errors", { exact: true }).click();
      await shown(page.getByRole("cell", { name: "VALIDATION_FAILED", exact: true }));
      await menu(page).getByText("Webhooks and signatures", { exact: true }).click();
      await shown(page.getByText("Verifying the signature."));
      await shown(page.getByText("export function verifyTwinCardsSignature", { exact: false }));
      await shown(page.getByText("def verify_twin_cards_signature", { exact: false }));
      await viewShot(page, "api-reference-desktop-signatures");

      await expectNothingLeftTheOrigin(requested, refused);
    } finally {
      await close();
    }
  });

  it("at 390 px: the same groups behind the menu button, the signature guide, no sideways scrolling; nothing from elsewhere", async () => {
    const { page, requested, refused, close } = await openReference(390, 844);
    try {
      await shown(page.getByRole("heading", { name: "Twin Cards issuing API (1.0.0)", level: 1 }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The menu is closed on a phone: Redoc's floating button (its chevrons) opens it.
      expect(await menu(page).getByText("Guide", { exact: true }).isVisible()).toBe(false);
      await page.locator('svg[viewBox="0 0 926.23699 573.74994"]').first().click();
      for (const group of GROUPS) await shown(menu(page).getByText(group, { exact: true }));
      await shown(menu(page).getByText("Webhook endpoints", { exact: true }));
      await viewShot(page, "api-reference-phone-menu");

      await menu(page).getByText("Webhooks and signatures", { exact: true }).click();
      await shown(page.getByText("Verifying the signature."));
      await shown(page.getByText("export function verifyTwinCardsSignature", { exact: false }));
      await shown(page.getByText("def verify_twin_cards_signature", { exact: false }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await viewShot(page, "api-reference-phone-signatures");

      // An answer's example on a phone: the operation's samples follow its description.
      await page.goto(`${baseUrl}/v1/docs#tag/Webhook-endpoints/operation/listWebhookDeliveries`);
      const operation = page.locator('[data-section-id="tag/Webhook-endpoints/operation/listWebhookDeliveries"]');
      await shown(operation.getByText("Response samples"));
      await shown(operation.getByText('"whd_01JDQ9B1C2D3E4F5G6H7J8K9MP"'));

      await expectNothingLeftTheOrigin(requested, refused);
    } finally {
      await close();
    }
  });
});
