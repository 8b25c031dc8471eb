import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createCard } from "~/domain/cards.server";
import { createRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import { messagesDir } from "~/adapters/notifications/transports/local.server";
import { issueTwin } from "~/domain/twins.server";
import { openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// Every list at a phone's width (390 px): what a merchant needs — status,
// Revoke, View message — is on screen, not scrolled off to the side.
const demoUrl = inject("demoUrl");
const PHONE = { width: 390, height: 844 };
const label = randomUUID().slice(0, 6);
let browser: Browser;
let messageFile: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const card = await createCard(DEMO_SHOP, { name: `Phone card ${label}`, media: { imageUrls: [] }, email: "phone.test@example.com" });
  const notification = await db.notification.findFirstOrThrow({
    where: { shop: DEMO_SHOP, destination: "phone.test@example.com" },
    orderBy: { id: "desc" },
  });
  messageFile = path.join(messagesDir(), `${notification.id}.eml`);
  mkdirSync(path.dirname(messageFile), { recursive: true });
  writeFileSync(messageFile, `Subject: Your card\n\nCode ${card.redemption!.code}\n`);
  await db.notification.update({
    where: { id: notification.id },
    data: { status: "SENT", sentAt: new Date(), providerMessageId: `local:${notification.id}.eml` },
  });
  await createApiKey({ shop: DEMO_SHOP, label: `phone-${label}` });
  const name = await registerName(DEMO_SHOP, { name: `phone-${label}`, publicKey: Keypair.generate().publicKey.toBase58() });
  await issueTwin(DEMO_SHOP, { name_id: name.uns_name_id, public_key: name.public_key, title: `Phone twin ${label}`, quantity: 1 });
  await createRule(DEMO_SHOP, {
    targetType: "PRODUCT",
    targetId: "gid://shopify/Product/1",
    targetTitle: `Phone rule ${label}`,
    trigger: "PAID",
    issueTwin: true,
    card: null,
  });
});
afterAll(async () => {
  await browser?.close();
  if (messageFile) rmSync(messageFile, { force: true });
});

async function openAtPhoneWidth(pathname: string, shot: string): Promise<Page> {
  const page = await openAdminPage(browser, demoUrl, pathname);
  await page.setViewportSize(PHONE);
  await screenshot(page, shot);
  return page;
}

/** The list item (a stacked row at this width) that mentions `text`. */
const rowWith = (page: Page, text: string) => page.locator("li", { hasText: text });

/** Fails unless the element lies within the phone's width, as rendered. */
async function expectOnScreen(locator: Locator) {
  await shown(locator);
  const box = (await locator.first().boundingBox())!;
  expect(box.x, "starts on screen").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, "ends on screen").toBeLessThanOrEqual(PHONE.width);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("admin lists at 390 px (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("Cards: the card's status is on screen", async () => {
    const page = await openAtPhoneWidth("/app/cards", "phone-cards");
    const row = rowWith(page, `Phone card ${label}`);
    await expectOnScreen(row.getByText(`Phone card ${label}`));
    await expectOnScreen(row.getByText("Waiting to be claimed"));
    await expectOnScreen(row.getByText("phone.test@example.com"));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("Twins: the twin and its universal name are on screen", async () => {
    const page = await openAtPhoneWidth("/app/twins", "phone-twins");
    await expectOnScreen(page.getByText(`Phone twin ${label}`));
    await expectOnScreen(page.getByText(`phone-${label}`).first());
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("Automation: each rule's status and Pause are on screen", async () => {
    const page = await openAtPhoneWidth("/app/automation", "phone-automation");
    const row = rowWith(page, `Phone rule ${label}`);
    await expectOnScreen(row.getByText("Active", { exact: true }));
    await expectOnScreen(row.getByRole("button", { name: `Pause the rule for Phone rule ${label}` }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("Notifications: status and View message are on screen", async () => {
    const page = await openAtPhoneWidth("/app/notifications", "phone-notifications");
    const row = rowWith(page, "phone.test@example.com").first();
    await expectOnScreen(row.getByRole("link", { name: "View message" }));
    await expectOnScreen(row.getByText("Sent", { exact: true }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("Settings: each API key's Revoke is on screen", async () => {
    const page = await openAtPhoneWidth("/app/settings", "phone-settings");
    const row = rowWith(page, `phone-${label}`);
    await expectOnScreen(row.getByText(`phone-${label}`));
    await expectOnScreen(row.getByRole("button", { name: "Revoke" }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  it("Customers: names and the admin's menu fit the screen", async () => {
    const page = await openAtPhoneWidth("/app/customers", "phone-customers");
    await expectOnScreen(page.getByRole("link", { name: "Settings" }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});
