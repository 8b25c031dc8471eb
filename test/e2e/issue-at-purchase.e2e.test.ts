import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OrderWorker } from "~/adapters/shopify/order-worker.server";
import { db } from "~/db/client.server";
import { registerName } from "~/domain/names.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { navigate, openAdminPage, pickRuleProduct, shown, toast } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";
import { uniqueName, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { stubOrderSource } from "../support/stub-order-source";

// Issue at purchase as a merchant sees it (issue 16): a rule made in Automation,
// an order placed through the demo's Admin API stub (which sends the signed
// orders/paid webhook), and the twin on the customer's page. The shared demo
// server runs no order worker (tests run their own): this test works the order.
const demoUrl = inject("demoUrl");
const stubUrl = inject("adminApiStubUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("issue at purchase (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("a rule created in admin issues the twin of an ordered product to the customer's universal name, shown on their page", async () => {
    const product = DEMO_PRODUCTS[3]!;
    const customer = DEMO_CUSTOMERS[4]!;
    await registerName(DEMO_SHOP, { name: uniqueName("buyer"), publicKey: walletKey(), owner: `shopify|${customer.id}` });
    const started = new Date();

    const page = await openAdminPage(browser, demoUrl);
    await navigate(page, "Automation");
    await page.getByRole("link", { name: "Create rule" }).first().click();
    await pickRuleProduct(page, product.title);
    await page.getByText("At payment", { exact: true }).click();
    await page.getByRole("button", { name: "Save rule" }).click();
    await shown(toast(page, "Rule saved"));
    await shown(page.getByRole("row", { name: new RegExp(product.title) }).getByText("At payment"));

    await page.getByRole("button", { name: "Place a demo order" }).click();
    const form = page.locator("#demo-order-form");
    await form.getByLabel("Customer").selectOption({ label: customer.name });
    await form.getByLabel("Product").selectOption({ label: product.title });
    await form.getByLabel("Quantity").fill("1");
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = page.getByText(/^Order #\d{4} placed$/);
    await shown(placed);
    const orderName = (await placed.innerText()).split(" ")[1]!;

    // What `npm start` runs in the background: the recorded webhook, worked.
    const worker = new OrderWorker({
      source: await stubOrderSource(stubUrl),
      where: { shop: DEMO_SHOP, topic: "orders/paid", createdAt: { gte: started } },
      log: quietLog,
    });
    expect(await worker.drainOnce()).toBeGreaterThanOrEqual(1);
    const issue = await db.orderIssue.findFirstOrThrow({ where: { shop: DEMO_SHOP, orderName } });
    expect(issue).toMatchObject({ status: "ISSUED", customerId: customer.id, productTitle: product.title });

    await page.getByRole("link", { name: `${customer.name}’s page` }).click();
    await shown(page.getByRole("heading", { name: customer.name, level: 1 }));
    const issued = page.getByText(`${orderName} · ${product.title} × 1`);
    await shown(issued);
    await shown(page.getByText("Issued", { exact: true }));
    // Named by its number in the rule's edition (other rules of the demo shop may have issued for this order too).
    await page
      .getByRole("link", { name: /^Twin #\d+$/ })
      .first()
      .click();
    await shown(page.getByRole("heading", { name: product.title, level: 1 }));
    expect(page.url()).toContain(`/app/twins/${issue.twinId}`);
    await screenshot(page, "issue-at-purchase-twin");
  });
});
