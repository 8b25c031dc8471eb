import { randomInt, randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { getPage } from "../support/admin";
import { shown } from "../support/admin-browser";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { launchBrowser, newPage, type PageOptions } from "../support/browser";
import { cardInput } from "../support/fixtures";
import { setStubShop } from "../support/stub-shop";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// Issue 39, item 8: a code's expiry on the shopper's pages is in the shopper's own time zone. The shop is in
// Paris and the code expires on 5 March 2027 at 13:00 UTC (14:00 in Paris); a shopper in New York reads
// 08:00, one in Tokyo 22:00, each with their zone named; without JavaScript the page says Paris's time and names it.

const baseUrl = inject("baseUrl");
const PHONE = { width: 390, height: 844 };
const EXPIRES_AT = "2027-03-05T13:00:00.000Z";

let browser: Browser;
const harnesses: StorefrontHarness[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});
afterAll(async () => {
  await browser?.close();
});

/** A Paris shop, and a logged-in customer with a code waiting for them (sent to their verified e-mail, decision 0070). */
async function waitingCode(locale: "en" | "fr") {
  const shop = uniqueShop();
  const customerId = String(randomInt(1, 2 ** 47));
  const email = `camille.${randomUUID().slice(0, 6)}@example.com`;
  await setStubShop(shop, {
    name: "Maison Lumière",
    timeZone: "Europe/Paris",
    customers: [{ id: customerId, email, verifiedEmail: true, firstName: "Camille", locale }],
  });
  expect((await getPage("/app", shop)).status).toBe(200);
  await createCard(shop, { ...cardInput("Carte Or"), email, expiresAt: EXPIRES_AT });
  const storefront = await startStorefrontHarness({
    appUrl: baseUrl,
    apiSecret: "test-api-secret",
    shop,
    customerId,
    customers: [{ id: customerId, name: "Camille Martin", email }],
    clientAddress: uniqueClientAddress(),
  });
  harnesses.push(storefront);
  return storefront;
}

async function myCards(storefront: StorefrontHarness, language: "en" | "fr", options: PageOptions) {
  const page = await newPage(browser, options);
  await page.setViewportSize(PHONE);
  await page.goto(`${storefront.url}/apps/twincards?lang=${language}`);
  return page;
}

describe("a code's expiry in the shopper's time zone (Chromium, 390 px)", { timeout: 120_000 }, () => {
  it("in French in New York: 08:00 New York time, its zone named", async () => {
    const storefront = await waitingCode("fr");
    const page = await myCards(storefront, "fr", { timezoneId: "America/New_York" });
    const expiry = page.locator(`time[datetime="${EXPIRES_AT}"]`);
    await shown(page.getByText(/^À récupérer avant le 5 mars 2027 à 08:00 \(America\/New_York\)$/));
    // The shop's time stays at hand, as the element's title.
    expect(await expiry.getAttribute("title")).toBe("5 mars 2027 à 14:00 (Europe/Paris)");
  });

  it("in English in Tokyo: 10:00 PM Tokyo time, its zone named", async () => {
    const storefront = await waitingCode("en");
    const page = await myCards(storefront, "en", { timezoneId: "Asia/Tokyo" });
    await shown(page.getByText(/^To claim before March 5, 2027(,| at) 10:00\sPM \(Asia\/Tokyo\)$/));
  });

  it("without JavaScript: the shop's time with its zone named, in the page's language", async () => {
    const storefront = await waitingCode("fr");
    const page = await myCards(storefront, "fr", { timezoneId: "America/New_York", javaScriptEnabled: false });
    await shown(page.getByText("À récupérer avant le 5 mars 2027 à 14:00 (Europe/Paris)", { exact: true }));
  });
});
