import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { openAdminPage, openFirstCustomer, shown, toast } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";
import { sendLocalCopy } from "../support/notify";

// docs/tour.md's "follow the claim end to end" in the demo: a card created in admin,
// its message opened with View message, its link followed to the demo's
// storefront, where a customer logs in and claims the card.
const demoUrl = inject("demoUrl");
const storefrontUrl = inject("demoStorefrontUrl");
let browser: Browser;
const written: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  written.forEach((file) => rmSync(file, { force: true }));
});

describe("a claim message's link in the demo", { timeout: 120_000 }, () => {
  it("leads to the demo storefront's claim page, where a logged-in customer claims the card", async () => {
    const page = await openAdminPage(browser, demoUrl);
    const customerName = await openFirstCustomer(page);
    const cardName = `Gift to follow ${Date.now().toString(36)}`;
    await page.getByText("Claimed with a code sent to them").click();
    await page.getByLabel("Card name").fill(cardName);
    await page.getByRole("button", { name: "Create card" }).click();
    await shown(toast(page, `Card “${cardName}” created`));
    const card = await db.unitCard.findFirstOrThrow({
      where: { shop: DEMO_SHOP, name: cardName },
      include: { redemption: { include: { notifications: true } } },
    });
    const notification = card.redemption!.notifications[0]!;
    written.push(await sendLocalCopy(notification.id));

    await page.goto(`${demoUrl}/demo?to=${encodeURIComponent(`/app/notifications/${notification.id}`)}`);
    await shown(page.getByText(`Demo: the shop's links open the local storefront at ${storefrontUrl}.`));
    const button = page.frameLocator('iframe[title="The e-mail as sent"]').getByRole("link", { name: "Claim your card" });
    expect(await button.getAttribute("href")).toMatch(new RegExp(`^${storefrontUrl}/apps/twincards/redeem\\?code=`));
    const [storefront] = await Promise.all([page.context().waitForEvent("page"), button.click()]);

    // Logged out on the storefront: the claim page asks to log in and brings the visitor back with the code.
    await shown(storefront.getByRole("heading", { name: "Claim a card" }));
    await storefront.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await storefront.getByRole("link", { name: `Log in as ${customerName}` }).click();
    await shown(storefront.getByLabel("Claim code"));
    expect(await storefront.getByLabel("Claim code").inputValue()).toBe((notification.payload as { code: string }).code);
    // The code alone: no wallet is asked for (the store holds the card unless the customer has one).
    expect(await storefront.getByRole("main").getByRole("textbox").count()).toBe(1);
    await storefront.getByRole("button", { name: "Claim card" }).click();
    await shown(storefront.getByRole("heading", { name: "You claimed a card" }));
    await shown(storefront.getByText(cardName));
    await screenshot(storefront, "demo-claim-link-claimed");

    const customer = DEMO_CUSTOMERS.find((c) => c.name === customerName)!;
    const claimed = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(claimed).toMatchObject({ status: "OWNED", owner: `shopify|${customer.id}` });
  });
});
