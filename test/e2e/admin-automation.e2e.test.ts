import { randomUUID } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { navigate, openAdminPage, pickRuleProduct, shown, toast } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// Automation and voiding as a merchant clicks them, in Debian's Chromium, against the built server in demo mode.
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo shop's rules whose card template is named `cardName` (each test names its own). */
async function rulesIssuing(cardName: string) {
  const rules = await db.issuingRule.findMany({ where: { shop: DEMO_SHOP } });
  return rules.filter((rule) => (rule.cardTemplate as { name?: string } | null)?.name === cardName);
}

describe("Automation and voiding (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("creates a rule with a card template (a bad PRICE refused at its field first), sees it listed, and pauses it", async () => {
    const product = DEMO_PRODUCTS[2]!;
    const cardName = `Certificate ${randomUUID().slice(0, 8)}`;
    const page = await openAdminPage(browser, demoUrl);
    await navigate(page, "Automation");
    await shown(page.getByRole("heading", { name: "Automation", level: 1 }));
    await shown(page.getByRole("heading", { name: "Recent order webhooks" }));
    await page.getByRole("link", { name: "Create rule" }).first().click();
    await shown(page.getByRole("heading", { name: "Create rule", level: 1 }));

    await pickRuleProduct(page, product.title);
    await page.getByText("At fulfilment", { exact: true }).click();
    await page.getByText("Issue a unit card", { exact: true }).click();
    await page.getByLabel("Card name").fill(cardName);
    await page.getByLabel("Image URLs").fill("https://cdn.example.com/certificate.png");
    await page.getByRole("button", { name: "Add entry" }).click();
    const price = page.getByRole("group", { name: "Entry 1" });
    await price.getByLabel("Key").fill("price");
    await price.getByLabel("Type").selectOption({ label: "Price" });
    await price.getByLabel("Value").fill("cheap");
    await page.getByRole("button", { name: "Add entry" }).click();
    const secret = page.getByRole("group", { name: "Entry 2" });
    await secret.getByLabel("Key").fill("supplier_ref");
    await secret.getByLabel("Value").fill("NW-2291");
    await secret.getByText("Private", { exact: true }).click();
    await page.getByRole("button", { name: "Save rule" }).click();

    // Refused at the PRICE entry's value: the message is the one that field's input names.
    await shown(page.getByText("The rule wasn’t saved"));
    const value = price.getByLabel("Value");
    await expect.poll(() => value.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await value.getAttribute("aria-describedby")) ?? "";
    await expect
      .poll(() => page.locator(`[id="${describedBy.split(" ")[0]}"]`).innerText())
      .toContain("A PRICE value must be [amount >= 0, ISO 4217 code]");
    expect(await rulesIssuing(cardName)).toEqual([]);
    await screenshot(page, "automation-01-refused");

    await value.fill("189.90 EUR");
    await page.getByRole("button", { name: "Save rule" }).click();
    await shown(toast(page, "Rule saved"));
    await shown(page.getByRole("heading", { name: "Automation", level: 1 }));
    const row = page.getByRole("row", { name: new RegExp(cardName) });
    await shown(row.getByText(product.title));
    await shown(row.getByText("At fulfilment"));
    await shown(row.getByText(`Unit card “${cardName}”, one per unit`));
    await shown(row.getByText("Active"));
    await screenshot(page, "automation-02-listed");
    const [rule] = await rulesIssuing(cardName);
    expect(rule).toMatchObject({ trigger: "FULFILLED", issueTwin: true, status: "ACTIVE" });
    expect((rule!.cardTemplate as { metadata: unknown[] }).metadata).toEqual([
      { key: "price", value: [189.9, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
      { key: "supplier_ref", value: "NW-2291", metaType: "NO_TYPE", visibility: "PRIVATE" },
    ]);

    await row.getByRole("button", { name: `Pause the rule for ${product.title}` }).click();
    await shown(toast(page, "Rule paused"));
    await shown(row.getByText("Paused"));
    await shown(row.getByRole("button", { name: `Resume the rule for ${product.title}` }));
    expect((await db.issuingRule.findUniqueOrThrow({ where: { id: rule!.id } })).status).toBe("PAUSED");
    await screenshot(page, "automation-03-paused");
  });

  it("voids a card waiting to be claimed from its page, after a confirmation", async () => {
    const card = await createCard(DEMO_SHOP, {
      name: `Gift ${randomUUID().slice(0, 8)}`,
      media: { imageUrls: [] },
      email: "void.me@example.com",
    });
    const page = await openAdminPage(browser, demoUrl, `/app/cards/${card.id}`);
    await shown(page.getByRole("heading", { name: card.name, level: 1 }));

    await page.getByRole("button", { name: "Void card" }).click();
    const dialog = page.getByRole("dialog");
    await shown(dialog.getByText("Its redemption code will no longer claim it"));
    await screenshot(page, "automation-04-void-confirm");
    await dialog.getByRole("button", { name: "Void card" }).click();

    await shown(toast(page, "Card voided"));
    await shown(page.getByText("Voided by the merchant"));
    await expect.poll(() => page.getByRole("button", { name: "Void card" }).count()).toBe(0);
    const row = await db.unitCard.findUniqueOrThrow({ where: { id: card.id } });
    expect(row).toMatchObject({ status: "VOID", voidReason: "Voided by the merchant" });
    await screenshot(page, "automation-05-voided");

    await navigate(page, "Cards");
    await page.getByRole("tab", { name: "Voided" }).click();
    await page.waitForURL(/status=VOID/);
    await shown(page.getByRole("link", { name: card.name }));
  });
});
