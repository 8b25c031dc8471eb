import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BackfillWorker } from "~/adapters/shopify/backfill-worker.server";
import { OrderWorker } from "~/adapters/shopify/order-worker.server";
import { createRule } from "~/domain/issuing-rules.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { cardInput } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { stubAccessToken, stubGraphql, stubOrderSource } from "../support/stub-order-source";

// Apply to past orders as a merchant sees it (issue 27, item 3): on a rule's
// page, preview how many past orders match, confirm, and follow the order
// worker to the end — in English at the admin frame's width (1,040 px) and in
// French on a phone (390 px). The shared demo server runs no workers: this test
// runs the two that `npm start` runs, for the demo shop's backfills only.
const demoUrl = inject("demoUrl");
const stubUrl = inject("adminApiStubUrl");
const product = DEMO_PRODUCTS[11]!;
const DAY = 24 * 60 * 60 * 1000;
let browser: Browser;
let ruleId: string;
const workers: { stop(): Promise<void> }[] = [];

async function pastOrder(daysAgo: number) {
  const response = await fetch(`${stubUrl}/_stub/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      shop: DEMO_SHOP,
      customerId: null,
      email: "past-buyer@example.com",
      lines: [{ productId: product.id, quantity: 1 }],
      processedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
      silent: true,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: { id: string; lines: { id: string }[] } }).order;
}

async function stubPost(path: string, body: unknown) {
  const response = await fetch(`${stubUrl}/_stub/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const rule = await createRule(DEMO_SHOP, {
    targetType: "PRODUCT",
    targetId: product.gid,
    targetTitle: product.title,
    trigger: "PAID",
    issueTwin: false,
    card: cardInput("Past buyer's card"),
  });
  ruleId = rule.id;
  // Three orders paid in the last 30 days, one cancelled and one refunded beside them, one older.
  for (const daysAgo of [3, 11, 24]) await pastOrder(daysAgo);
  await stubPost(`orders/${(await pastOrder(6)).id}/cancel`, { silent: true });
  const refunded = await pastOrder(8);
  await stubPost(`orders/${refunded.id}/refunds`, { lines: [{ id: refunded.lines[0]!.id, quantity: 1 }], silent: true });
  await pastOrder(45);
  const token = await stubAccessToken(stubUrl);
  workers.push(
    new BackfillWorker({
      graphqlFor: async (shop) => stubGraphql(stubUrl, shop, token),
      where: { shop: DEMO_SHOP },
      pollMs: 200,
      bulkPollMs: 200,
      log: quietLog,
    }).start(),
    new OrderWorker({
      source: await stubOrderSource(stubUrl),
      where: { shop: DEMO_SHOP, webhookId: { startsWith: "backfill:" } },
      pollMs: 200,
      log: quietLog,
    }).start(),
  );
});
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await browser?.close();
});

/** Scrolled to, the element is entirely inside the viewport: nothing cut off or reached by scrolling sideways. */
async function inViewport(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

describe("Apply to past orders (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("in English at 1,040 px: preview the count, confirm, and the card ends finished with the counts", async () => {
    const page = await openAdminPage(browser, demoUrl, `/app/automation/${ruleId}`);
    await page.setViewportSize({ width: 1040, height: 900 });
    await shown(page.getByRole("heading", { name: "Apply to past orders" }));
    await page.getByLabel("Orders paid in the last").fill("30");
    const previewButton = page.getByRole("button", { name: "Preview" });
    await inViewport(page, previewButton);
    await previewButton.click();

    await shown(page.getByText("3 orders paid in the last 30 days match this rule."));
    await shown(page.getByText("2 cancelled or refunded orders will be skipped."));
    const apply = page.getByRole("button", { name: "Apply to 3 orders" });
    await inViewport(page, apply);
    await screenshot(page, "backfill-preview-en");
    await apply.click();

    await shown(page.getByText("Finished: orders paid in the last 30 days"));
    await shown(page.getByText("Issued: 3 · Already issued: 0 · Skipped: 2"));
    // The rule's activity lists what the past orders issued.
    await expect.poll(() => page.getByText("Waiting for claim").count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, "backfill-finished-en");
  });

  it("in French at 390 px: a second run issues nothing new, and says so", async () => {
    const page = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: `/app/automation/${ruleId}`, locale: "fr" })}`);
    await shown(page.getByRole("heading", { name: "Appliquer aux commandes passées" }));
    await page.getByLabel("Commandes payées ces derniers").fill("0");
    await page.getByRole("button", { name: "Aperçu" }).click();
    await shown(page.getByText("Saisissez un nombre de jours de 1 à 365"));

    await page.getByLabel("Commandes payées ces derniers").fill("30");
    await page.getByRole("button", { name: "Aperçu" }).click();
    await shown(page.getByText("3 commandes payées ces 30 derniers jours correspondent à cette règle."));
    const apply = page.getByRole("button", { name: "Appliquer à 3 commandes" });
    await inViewport(page, apply);
    await screenshot(page, "backfill-preview-fr-phone");
    await apply.click();

    await shown(page.getByText("Terminé\u00a0: commandes payées ces 30 derniers jours"));
    await shown(page.getByText("Émises\u00a0: 0 · Déjà émises\u00a0: 3 · Ignorées\u00a0: 2"));
    await inViewport(page, page.getByRole("button", { name: "Aperçu" }));
    await screenshot(page, "backfill-finished-fr-phone");
  });
});
