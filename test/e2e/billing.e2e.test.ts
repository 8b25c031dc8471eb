import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { hydrated, openAdminPage, openFirstCustomer, shown, toast } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { freePort } from "../support/postgres";
import { clientFor, migratedDatabase, startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";

// Billing plans in the admin (decision 0050), on a demo-mode server of its own with billing on and an
// Admin API stub that sends it its webhooks: Settings shows the plan and this month's usage, and
// Upgrade walks the stub's confirmation page back to Settings, on the paid plan. The demo's own shop
// (the confirmation page sends the merchant back through /demo, which opens that shop), in a database
// of its own: the shop's offline session holds an access token only this test's stub accepts, and the
// shared demo server, on another stub, would replace it under this test's feet (and this test under its).
const CAP = 3;
const BILLING_ENV = {
  BILLING_PAID_AMOUNT: "19.00",
  BILLING_CURRENCY: "USD",
  BILLING_FREE_MONTHLY_ITEMS: String(CAP),
  BILLING_TRIAL_DAYS: "14",
};
Object.assign(process.env, BILLING_ENV);
process.env.SHOPIFY_API_KEY ??= TEST_ENV.SHOPIFY_API_KEY;

const database = migratedDatabase("billing-e2e");
let browser: Browser;
let stub: AdminApiStub;
let server: AppProcess;

beforeAll(async () => {
  stub = await startAdminApiStub({ port: 0 });
  const port = await freePort();
  server = await startServer({
    ...TEST_ENV,
    ...BILLING_ENV,
    DEMO_MODE: "1",
    PORT: String(port),
    // The confirmation page sends the merchant back to this server's Settings.
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    SHOPIFY_ADMIN_API_STUB_URL: stub.url,
  });
  stub.setWebhookTarget({ appUrl: server.url, apiSecret: TEST_ENV.SHOPIFY_API_SECRET });
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stub?.close();
  database.remove();
});

const WORDS = {
  en: {
    free: "Current plan: Free",
    pro: "Current plan: Pro",
    usage: new RegExp(`^\\d+ of ${CAP} items issued this month$`),
    unlimited: /^\d+ items issued this month, no monthly limit$/,
    trial: "Trial: 14 days left",
    upgrade: "Upgrade to Pro",
    manage: "Manage plan",
    backToFree: "Switch back to Free",
  },
  fr: {
    free: "Forfait actuel\u00a0: Free",
    pro: "Forfait actuel\u00a0: Pro",
    usage: new RegExp(`^\\d+ articles émis sur ${CAP} ce mois-ci$`),
    unlimited: /^\d+ articles émis ce mois-ci, sans limite mensuelle$/,
    trial: "Essai\u00a0: 14 jours restants",
    upgrade: "Passer au forfait Pro",
    manage: "Gérer le forfait",
    backToFree: "Revenir au forfait Free",
  },
} as const;

/** Settings as the demo opens it for its shop (the confirmation page sends the merchant back through /demo too). */
async function openSettings(locale: "en" | "fr", width: number, path = "/app/settings"): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`${server.url}/demo?to=${path}&locale=${locale}`);
  await hydrated(page);
  return page;
}

describe("Billing plans in Settings (Chromium, the admin frame and a phone)", { timeout: 180_000 }, () => {
  it.each([
    ["en", 1040],
    ["fr", 1040],
    ["en", 390],
    ["fr", 390],
  ] as const)("shows the plan and usage, and Upgrade comes back on the paid plan (%s, %i px)", async (locale, width) => {
    const words = WORDS[locale];
    const page = await openSettings(locale, width);
    await shown(page.getByText(words.free));
    await shown(page.getByText(words.usage));
    const upgrade = page.getByRole("button", { name: words.upgrade });
    const box = await upgrade.boundingBox();
    // On screen without scrolling sideways: the plan's main action.
    expect(box && box.x).toBeGreaterThanOrEqual(0);
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    await screenshot(page, `billing-${locale}-${width}-1-free`);

    await upgrade.click();
    // The stub's confirmation page, at the top of the window.
    await page.waitForURL((url) => url.href.startsWith(`${stub.url}/_stub/billing/confirm`));
    await shown(page.getByText("19.00 USD every 30 days after a 14-day free trial"));
    await page.getByRole("button", { name: "Approve" }).click();

    // Back in the app (through /demo, as a reload would be), on Pro with its trial.
    await shown(page.getByText(words.pro));
    await shown(page.getByText(words.unlimited));
    await shown(page.getByText(words.trial));
    await shown(page.getByRole("link", { name: words.manage }));
    await screenshot(page, `billing-${locale}-${width}-2-pro`);

    // Back to Free: the stub cancels the subscription, and the next run starts on Free again.
    await hydrated(page);
    await page.getByRole("button", { name: words.backToFree }).click();
    await shown(page.getByText(words.free));
    await page.close();
  });
});

describe("Issuing at the Free plan's cap (Chromium, 1,040 px)", { timeout: 180_000 }, () => {
  it("refuses the next card on the customer page with the plan's words and an Upgrade link, and writes nothing", async () => {
    const page = await openAdminPage(browser, server.url);
    await page.setViewportSize({ width: 1040, height: 900 });
    await openFirstCustomer(page);
    await hydrated(page);
    await page.getByText("Claimed with a code sent to them").click();
    const create = async (name: string) => {
      await page.getByLabel("Card name").fill(name);
      await page.getByRole("button", { name: "Create card" }).click();
    };
    for (let n = 1; n <= CAP; n++) {
      await create(`Within the plan ${n}`);
      await shown(toast(page, `Card “Within the plan ${n}” created`));
    }
    await create("One too many");
    await shown(page.getByText("Your plan’s limit for this month is reached"));
    await shown(page.getByText(new RegExp(`The Free plan's ${CAP} items this month are all issued`)));
    const upgrade = page.getByRole("link", { name: "Upgrade" });
    expect(await upgrade.getAttribute("href")).toContain("/app/settings");
    const box = await upgrade.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1040);
    await screenshot(page, "billing-en-1040-3-cap-on-customer-page");

    const client = clientFor(database.url);
    try {
      expect(await client.unitCard.count({ where: { name: "One too many" } })).toBe(0);
      expect(await client.unitCard.count({ where: { name: { startsWith: "Within the plan" } } })).toBe(CAP);
    } finally {
      await client.$disconnect();
    }
    await page.close();
  });
});

const IMPORT_WORDS = {
  en: {
    title: "This file has more cards than your plan allows this month",
    message: "2 rows read; your Free plan allows 0 more cards this month. Upgrade to Pro for no monthly limit, or import next month.",
    again: "1 row read; your Free plan allows 0 more cards this month.",
    upgrade: "Upgrade",
    importButton: /^Import \d+ cards?$/,
    dropHint: "Drop a CSV file here, or choose one",
  },
  fr: {
    title: "Ce fichier a plus de cartes que votre forfait n’en permet ce mois-ci",
    message:
      "2 lignes lues\u00a0; votre forfait Free permet encore 0 carte ce mois-ci. Passez au forfait Pro, sans limite mensuelle, ou importez le mois prochain.",
    again: "1 ligne lue\u00a0; votre forfait Free permet encore 0 carte ce mois-ci.",
    upgrade: "Changer de forfait",
    importButton: /^Importer \d+ cartes?$/,
    dropHint: "Déposez un fichier CSV ici, ou choisissez-en un",
  },
} as const;

const guests = (rows: number) => ({
  name: "guests.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    ["name,email", ...Array.from({ length: rows }, (_, n) => `Guest ${n + 1},guest${n + 1}@example.com`)].join("\n") + "\n",
  ),
});

// After the cap's test above: the month's items are all issued.
describe("Import CSV with the Free plan's cap reached (Chromium, 1,040 px)", { timeout: 180_000 }, () => {
  it.each(["en", "fr"] as const)(
    "says at preview what the plan allows, offers Upgrade, no Import, and keeps the file picker (%s)",
    async (locale) => {
      const words = IMPORT_WORDS[locale];
      const page = await openSettings(locale, 1040, "/app/cards/import");
      const picker = page.locator('input[type="file"]');
      await picker.setInputFiles(guests(2));
      await shown(page.getByText(words.title));
      await shown(page.getByText(words.message));
      const upgrade = page.getByRole("link", { name: words.upgrade });
      expect(await upgrade.getAttribute("href")).toContain("/app/settings");
      const box = await upgrade.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(1040);
      expect(await page.getByRole("button", { name: words.importButton }).count()).toBe(0);
      await screenshot(page, `billing-${locale}-1040-4-import-over-plan`);

      // The file picker stays: another file is checked without reloading.
      await shown(page.getByText(words.dropHint));
      await picker.setInputFiles(guests(1));
      await shown(page.getByText(new RegExp(`^${words.again.replace(/[.()]/g, "\\$&")}`)));
      const client = clientFor(database.url);
      try {
        expect(await client.unitCard.count({ where: { name: { startsWith: "Guest " } } })).toBe(0);
      } finally {
        await client.$disconnect();
      }
      await page.close();
    },
  );
});
