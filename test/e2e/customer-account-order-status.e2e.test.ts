import { randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { registerName } from "~/domain/names.server";
import { startCustomerAccountHarness, type CustomerAccountHarness } from "../../stubs/customer-account/server";
import { API_KEY, API_SECRET } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueCustomerId } from "../support/app-proxy";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { issuedOrder } from "../support/order-issues";

// The order-status block of the customer account extension (extensions/customer-account/
// src/OrderStatusBlock.tsx) in Chromium, in the stand-in host (stubs/customer-account/),
// which gives it the order as Shopify's `shopify.order` does, against the built app.
const baseUrl = inject("baseUrl");
const images = ["aurora-ceramic-mug-1.svg"].map((file) => `${inject("adminApiStubUrl")}/images/${file}`);

let browser: Browser;
let harness: CustomerAccountHarness;

beforeAll(async () => {
  [browser, harness] = await Promise.all([
    launchBrowser(),
    startCustomerAccountHarness({ appUrl: baseUrl, apiKey: API_KEY, apiSecret: API_SECRET }),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), harness?.close()]);
});

const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

/** The order-status page of `orderId` for a customer of a shop, once the block has shown the app's answer. */
async function openOrder(shop: string, customerId: string, orderId: string, locale = "en"): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${harness.url}/order-status?${new URLSearchParams({ shop, customer: customerId, order: orderId, locale })}`);
  await page.waitForFunction(() => (globalThis as unknown as { hostAnswersHandled: number }).hostAnswersHandled >= 1);
  return page;
}

/** A customer with a universal name, and their order that issued a twin and a card to it. */
async function customerWithIssuedOrder(shop: string) {
  const customerId = uniqueCustomerId();
  await registerName(shop, {
    name: `alex-${randomUUID().slice(0, 8)}`,
    publicKey: Keypair.generate().publicKey.toBase58(),
    owner: `shopify|${customerId}`,
  });
  return { customerId, ...(await issuedOrder(shop, customerId, { images, productTitle: "Aurora Ceramic Mug" })) };
}

describe("customer account order-status block (Chromium)", { timeout: 120_000 }, () => {
  it("lists the twin and card the order issued, with their pictures, and links to the Cards and twins page", async () => {
    const shop = uniqueShop();
    const { customerId, orderId, secret } = await customerWithIssuedOrder(shop);
    const page = await openOrder(shop, customerId, orderId);

    await shown(page.getByRole("heading", { name: "Cards and twins from this order" }));
    await shown(page.getByRole("heading", { name: "Aurora Ceramic Mug" }));
    await shown(page.getByText("In your collection"));
    await shown(page.getByText("Digital twin · quantity 2"));
    await shown(page.getByText("Certificate of authenticity"));
    await shown(page.getByRole("img", { name: "Aurora Ceramic Mug" }));
    expect(await page.locator("body").innerText()).not.toContain(secret.value);
    const link = page.getByRole("link", { name: "View your cards and twins" });
    expect(await link.getAttribute("data-href")).toBe("extension:twin-cards-page/");
    await screenshot(page, "customer-account-order-status");
  });

  it("tells a customer without a universal name that a claim code was sent, and where to claim", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { orderId } = await issuedOrder(shop, customerId, { images, productTitle: "Aurora Ceramic Mug" });
    const page = await openOrder(shop, customerId, orderId);

    await shown(page.getByText("Waiting for you to claim it"));
    await shown(page.getByText(/We sent a claim code to this order's e-mail address or phone number/));
    expect(await page.getByRole("link", { name: "Claim them on the Cards and twins page" }).getAttribute("data-href")).toBe(
      "extension:twin-cards-page/",
    );
    await screenshot(page, "customer-account-order-status-waiting");
  });

  it("speaks French", async () => {
    const shop = uniqueShop();
    const { customerId, orderId } = await customerWithIssuedOrder(shop);
    const page = await openOrder(shop, customerId, orderId, "fr");

    await shown(page.getByRole("heading", { name: "Cartes et jumeaux de cette commande" }));
    await shown(page.getByText("Dans votre collection"));
    await shown(page.getByText("Jumeau numérique · quantité 2"));
    await shown(page.getByRole("link", { name: "Voir vos cartes et jumeaux" }));
    await screenshot(page, "customer-account-order-status-fr");
  });

  it("renders nothing for an order that issued nothing, nor for another customer's order", async () => {
    const shop = uniqueShop();
    const { orderId } = await customerWithIssuedOrder(shop);

    for (const page of [
      await openOrder(shop, uniqueCustomerId(), orderId),
      await openOrder(shop, uniqueCustomerId(), "5550001234", "fr"),
    ]) {
      expect(await page.locator("s-section").count()).toBe(0);
      expect((await page.locator("body").innerText()).trim()).toBe("");
    }
  });
});
