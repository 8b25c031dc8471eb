import { randomUUID } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { openAdminPage, shown } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { readQrSvg } from "../support/qr";
import { startStorefrontHarness, type StorefrontHarness } from "../../stubs/storefront/server";

// The verification page a QR code opens, in the theme harness (stubs/storefront) with
// no JavaScript, on a desktop and a phone; and the QR code the merchant sees in admin.
const baseUrl = inject("baseUrl");
const demoUrl = inject("demoUrl");
const image = (file: string) => `${inject("adminApiStubUrl")}/images/${file}`;

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

async function twinFor(shop: string) {
  const owner = `shopify|${Date.now()}`;
  const name = await registerName(shop, {
    name: `aurora-${randomUUID().slice(0, 8)}`,
    publicKey: Keypair.generate().publicKey.toBase58(),
    owner,
  });
  const twin = await issueTwin(shop, {
    public_key: name.public_key,
    name_id: name.uns_name_id,
    title: "Aurora Ceramic Mug",
    brand: "Nordlys Studio",
    quantity: 1,
    description: "A hand-thrown stoneware mug with a northern-lights glaze. Holds 350 ml.",
    images: [image("aurora-ceramic-mug-1.svg")],
  });
  return { name, twin };
}

describe("the verification page in the storefront (Chromium)", { timeout: 60_000 }, () => {
  it("shows a twin verified by the shop inside the theme, on a desktop and at 390 px, with no script", async () => {
    const shop = uniqueShop();
    const { name, twin } = await twinFor(shop);
    const harness = await startStorefrontHarness({
      appUrl: baseUrl,
      apiSecret: "test-api-secret",
      shop,
      customerId: null,
      clientAddress: uniqueClientAddress(),
    });
    harnesses.push(harness);
    const page = await newPage(browser, { javaScriptEnabled: false });
    const path = new URL(twin.verifyUrl).pathname;

    await page.goto(`${harness.url}${path}`);

    await shown(page.getByRole("heading", { name: "Aurora Ceramic Mug", level: 1 }));
    await shown(page.getByText("✓ Verified: issued by Harbor & Pine"));
    await shown(page.getByText(`${name.uns_name.slice(0, 2)}***${name.uns_name.at(-1)}`));
    await shown(page.getByRole("link", { name: "Harbor & Pine" }));
    expect(await page.content()).not.toContain(name.uns_name);
    await screenshot(page, "verify-desktop");

    await page.setViewportSize({ width: 390, height: 844 });
    await shown(page.getByText("✓ Verified: issued by Harbor & Pine"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "verify-phone");
  });
});

describe("the QR code in admin (Chromium)", { timeout: 60_000 }, () => {
  it("shows on the twin's page a QR code that decodes to the shop's verification page", async () => {
    const { twin } = await twinFor(DEMO_SHOP);
    const page = await openAdminPage(browser, demoUrl, `/app/twins/${twin.id}`);

    const qr = page.getByRole("img", { name: "QR code of the verification page of Aurora Ceramic Mug" });
    await shown(qr);
    const svg = decodeURIComponent((await qr.getAttribute("src"))!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ""));
    expect(readQrSvg(svg)).toBe(twin.verifyUrl);
    expect(twin.verifyUrl).toMatch(new RegExp(`^https://${DEMO_SHOP}/apps/twincards/v/[0-9a-f]{32}$`));
    await shown(page.getByRole("button", { name: "Download the QR code of Aurora Ceramic Mug as PNG" }));
    await screenshot(page, "verify-admin-twin-qr");
  });
});
