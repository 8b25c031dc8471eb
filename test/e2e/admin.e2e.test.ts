import { Keypair } from "@solana/web3.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { createCard } from "~/domain/cards.server";
import { USER_AGENT } from "../support/api";
import {
  navigate,
  openAdminPage,
  openFirstCustomer,
  prefillFirstOrderedProduct,
  registerAndValidateName,
  shown,
  toast,
} from "../support/admin-browser";
import { launchBrowser, screenshot } from "../support/browser";

// What a merchant clicks, in Debian's Chromium, against the built server in demo mode.
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openAdmin = (path = "/app") => openAdminPage(browser, demoUrl, path);

describe("merchant admin (demo mode, Chromium)", { timeout: 120_000 }, () => {
  it("validates a registered name and issues a twin of an ordered product, listed on the customer page and on Twins", async () => {
    const page = await openAdmin();
    await shown(page.getByText("Cards waiting to be claimed"));
    await screenshot(page, "01-home");

    await openFirstCustomer(page, "02-customers");
    const name = `e2e-${Date.now().toString(36)}`;
    const wallet = Keypair.generate().publicKey.toBase58();
    await registerAndValidateName(page, name, wallet);
    await shown(page.getByText(wallet).first());

    const title = await prefillFirstOrderedProduct(page);
    await expect.poll(() => page.getByLabel("Currency").inputValue()).not.toBe("");
    await expect.poll(() => page.getByLabel("Brand").inputValue()).not.toBe("");
    await screenshot(page, "03-customer-twin-step-2");

    await page.getByRole("button", { name: "Issue digital twin" }).click();
    await shown(toast(page, `Digital twin “${title}” issued`));
    await shown(page.getByText("Digital twins (1)"));
    await screenshot(page, "04-customer-twin-issued");

    await navigate(page, "Twins");
    await shown(page.getByRole("cell", { name: new RegExp(name) }).first());
    await screenshot(page, "05-twins");
    const twin = await db.digitalTwin.findFirstOrThrow({ where: { shop: DEMO_SHOP, name: { name } } });
    expect(twin.title).toBe(title);
  });

  it("keeps step 2 locked with a clear message when the name is unknown", async () => {
    const page = await openAdmin();
    await openFirstCustomer(page);
    await page.getByLabel("Customer's universal name").fill("nobody-has-this-name");
    await page.getByRole("button", { name: "Validate" }).click();
    await shown(page.getByText("No universal name “nobody-has-this-name” is registered"));
    await shown(page.getByText("Step 2, the twin's details, unlocks once the name is validated."));
    expect(await page.getByRole("button", { name: "Issue digital twin" }).count()).toBe(0);
    await screenshot(page, "06-customer-unknown-name");
  });

  it("creates a card by redemption for the customer, with its notification in the outbox", async () => {
    const page = await openAdmin();
    await openFirstCustomer(page);
    const cardName = `Welcome gift ${Date.now().toString(36)}`;
    await page.getByText("Claimed with a code sent to them").click();
    await page.getByLabel("Card name").fill(cardName);
    const email = await page.getByLabel("E-mail").inputValue();
    await page.getByRole("button", { name: "Create card" }).click();
    await shown(toast(page, `Card “${cardName}” created`));
    await shown(page.getByText("Card created: a claim code was sent"));
    await screenshot(page, "07-customer-card-created");

    const card = await db.unitCard.findFirstOrThrow({
      where: { shop: DEMO_SHOP, name: cardName },
      include: { redemption: { include: { notifications: true } } },
    });
    expect(card.status).toBe("PENDING_REDEMPTION");
    expect(card.redemption?.notifications).toEqual([expect.objectContaining({ channel: "EMAIL", destination: email, status: "PENDING" })]);
  });

  it("shows a bad e-mail under its field in the app's words (no browser popup), and a Copy button beside a new code", async () => {
    const page = await openAdmin();
    await openFirstCustomer(page);
    await page.getByText("Claimed with a code sent to them").click();
    await page.getByLabel("Card name").fill("Typo gift");
    await page.getByLabel("E-mail").fill("jane@@example");
    await page.getByRole("button", { name: "Create card" }).click();
    const emailField = page.getByLabel("E-mail");
    await expect.poll(() => emailField.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await emailField.getAttribute("aria-describedby")) ?? "";
    await expect.poll(async () => page.locator(`[id="${describedBy.split(" ")[0]}"]`).innerText()).toMatch(/e-?mail/i);

    await emailField.fill("jane@example.com");
    await page.getByRole("button", { name: "Create card" }).click();
    await shown(page.getByText("Card created: a claim code was sent"));
    await page.getByRole("button", { name: "Copy code" }).click();
    await shown(toast(page, "Redemption code copied"));
  });

  it("batch-creates three cards sharing one redemption code", async () => {
    const page = await openAdmin();
    await navigate(page, "Cards");
    await page
      .getByRole("button", { name: "Create cards" })
      .or(page.getByRole("link", { name: "Create cards" }))
      .first()
      .click();
    await page.getByRole("heading", { name: "Create cards" }).waitFor();
    const suffix = Date.now().toString(36);
    await page.getByLabel("E-mail").fill(`batch-${suffix}@example.com`);
    await page.getByRole("button", { name: "Add card" }).click();
    await page.getByRole("button", { name: "Add card" }).click();
    const names = ["Gold", "Silver", "Bronze"].map((metal) => `${metal} ${suffix}`);
    for (const [index, cardName] of names.entries()) await page.getByLabel("Name").nth(index).fill(cardName);
    await screenshot(page, "08-cards-new");
    await page.getByRole("button", { name: "Create 3 cards" }).click();
    await shown(toast(page, "3 cards created"));
    await screenshot(page, "09-cards-created");

    const cards = await db.unitCard.findMany({ where: { shop: DEMO_SHOP, name: { in: names } } });
    expect(cards).toHaveLength(3);
    expect(new Set(cards.map((card) => card.redemptionId)).size).toBe(1);
    await navigate(page, "Cards");
    await shown(page.getByText(names[0]!));
    await screenshot(page, "10-cards");
  });

  it("shows a bad batch's errors on the rows they concern, which keep them when another row is removed", async () => {
    const page = await openAdmin("/app/cards/new");
    await page.getByRole("heading", { name: "Create cards" }).waitFor();
    const suffix = Date.now().toString(36);
    await page.getByLabel("E-mail").fill(`rows-${suffix}@example.com`);
    await page.getByRole("button", { name: "Add card" }).click();
    await page.getByRole("button", { name: "Add card" }).click();
    await page.getByLabel("Name").nth(0).fill(`Fine ${suffix}`);
    await page.getByLabel("Name").nth(2).fill(`Bad image ${suffix}`);
    await page.getByLabel("Image URL").nth(2).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Create 3 cards" }).click();

    await shown(page.getByText("Fix the fields marked below and try again. Nothing was saved."));
    const row = (index: number) => page.getByRole("group", { name: `Card ${index + 1}`, exact: true });
    await shown(row(1).getByText("Must not be empty"));
    await shown(row(2).getByText("Must be an absolute https:// or http:// URL"));
    expect(await row(0).getByText(/Must /).count()).toBe(0);
    expect(await db.unitCard.count({ where: { shop: DEMO_SHOP, name: { contains: suffix } } })).toBe(0);

    await page.getByRole("button", { name: "Remove card 1" }).click();
    await shown(row(0).getByText("Must not be empty"));
    await shown(row(1).getByText("Must be an absolute https:// or http:// URL"));
  });

  it("creates an API key that works against /v1, then revokes it so /v1 answers 401", async () => {
    const page = await openAdmin();
    await navigate(page, "Settings");
    await page.getByLabel("Label", { exact: true }).fill("E2E integration");
    await page.getByRole("button", { name: /Create (API )?key/ }).click();
    await shown(toast(page, "API key created"));
    const key = await page.getByLabel("API key", { exact: true }).inputValue();
    expect(key).toMatch(/^tc_live_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, "11-settings-key-created");

    const call = () => fetch(`${demoUrl}/v1/unit-cards`, { headers: { Authorization: `Bearer ${key}`, "User-Agent": USER_AGENT } });
    expect((await call()).status).toBe(200);

    const row = page.locator("tr", { hasText: "E2E integration" });
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await shown(row.getByText("Revoked"));
    await screenshot(page, "12-settings-key-revoked");
    expect((await call()).status).toBe(401);
  });

  it("resends a failed notification from the Notifications page, with a toast", async () => {
    const domain = `e2e-${Date.now().toString(36)}.example.com`;
    await createCard(DEMO_SHOP, { name: "Resend me", media: { imageUrls: [], videoUrls: [] }, email: `zed@${domain}` });
    const row = await db.notification.findFirstOrThrow({ where: { shop: DEMO_SHOP, destination: `zed@${domain}` } });
    await db.notification.update({
      where: { id: row.id },
      data: { status: "FAILED", attempts: 5, lastError: "SMTP 550: mailbox unavailable" },
    });

    const page = await openAdmin();
    await navigate(page, "Notifications");
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    await page.getByRole("tab", { name: "Failed" }).click();
    const listed = page.locator("tr", { hasText: `zed@${domain}` });
    await shown(listed.getByText("SMTP 550: mailbox unavailable"));
    await page.getByText("Loading notifications…").first().waitFor({ state: "hidden" });
    await screenshot(page, "13-notifications-failed");
    await listed.getByRole("button", { name: `Resend the notification to zed@${domain}` }).click();
    await shown(toast(page, "Notification queued again"));
    await expect.poll(() => listed.count()).toBe(0);
    expect(await db.notification.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "PENDING",
      attempts: 0,
      lastError: null,
    });
  });
});
