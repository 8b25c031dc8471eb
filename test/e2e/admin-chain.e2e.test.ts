import { Keypair } from "@solana/web3.js";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
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

// What a merchant clicks when the server mints (the demo with DEMO_CHAIN=1): the
// chain test server, its own database, its worker minting on the local LiteSVM RPC.
vi.hoisted(() => {
  process.env.DATABASE_URL = inject("chainDatabaseUrl");
});

const chainUrl = inject("chainUrl");
// The worker polls every 100 ms; generous for a loaded machine.
const WORKER_DEADLINE = { timeout: 20_000, interval: 250 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Issues a twin from the first customer's page to a fresh name; returns the name. */
async function issueTwinFromCustomerPage(page: Page) {
  await openFirstCustomer(page);
  const name = `nft-${Date.now().toString(36)}`;
  await registerAndValidateName(page, name, Keypair.generate().publicKey.toBase58());
  const title = await prefillFirstOrderedProduct(page);
  await page.getByRole("button", { name: "Issue digital twin" }).click();
  await shown(toast(page, `Digital twin “${title}” issued; its NFT is being minted`));
  return name;
}

/** The twin's row on the Twins page once it shows `status`, opening the page again until it does. */
async function twinRowShowing(page: Page, name: string, status: string) {
  const row = page.locator("tr", { hasText: name });
  await expect
    .poll(async () => {
      await navigate(page, "Twins");
      await page.getByRole("heading", { name: "Digital twins" }).waitFor();
      return row.getByText(status, { exact: true }).count();
    }, WORKER_DEADLINE)
    .toBeGreaterThan(0);
  return row;
}

const mintOfTwinNamed = async (name: string) => db.chainMint.findFirstOrThrow({ where: { twin: { shop: DEMO_SHOP, name: { name } } } });

describe("merchant admin with on-chain issuing (Chromium)", { timeout: 120_000 }, () => {
  it("holds a twin's NFT until the merchant confirms Shopify's approval, then mints it", async () => {
    await setNftDistributionApproval(DEMO_SHOP, false);
    const page = await openAdminPage(browser, chainUrl);
    const name = await issueTwinFromCustomerPage(page);

    const held = await twinRowShowing(page, name, "Held");
    await shown(held.getByText(/Held until the shop is approved for NFT distribution/));
    await screenshot(page, "chain-01-twin-held");

    await navigate(page, "Settings");
    await shown(page.getByText("Minting is held until Shopify approves this shop"));
    await shown(page.getByText("Twins and owned cards are minted as NFTs on a local Solana chain"));
    await screenshot(page, "chain-02-settings-held");
    await page.getByRole("button", { name: "Shopify approved this shop: turn on NFT distribution" }).click();
    await shown(toast(page, /NFT distribution on: \d+ held mints? released/));
    await shown(page.getByRole("button", { name: "Turn off NFT distribution" }));

    const minted = await twinRowShowing(page, name, "Minted");
    const { mintAddress } = await mintOfTwinNamed(name);
    const link = minted.getByRole("link", { name: new RegExp(`NFT ${mintAddress} on Solana Explorer`) });
    expect(await link.getAttribute("href")).toContain(`https://explorer.solana.com/address/${mintAddress}`);
    await screenshot(page, "chain-03-twin-minted");
    expect(await mintOfTwinNamed(name)).toMatchObject({ status: "MINTED", signature: expect.any(String) });
  });

  it("shows why a mint failed and retries it with one click", async () => {
    await setNftDistributionApproval(DEMO_SHOP, false);
    const page = await openAdminPage(browser, chainUrl);
    const name = await issueTwinFromCustomerPage(page);
    await expect.poll(async () => (await mintOfTwinNamed(name)).status, WORKER_DEADLINE).toBe("HELD");
    // As the worker records a permanent failure (here: the issuer ran dry), then the shop is approved.
    const { id } = await mintOfTwinNamed(name);
    await db.chainMint.update({
      where: { id },
      data: { status: "FAILED", lastError: "The issuer account has too little SOL to pay for the mint: fund it, then retry." },
    });
    await setNftDistributionApproval(DEMO_SHOP, true);

    const failed = await twinRowShowing(page, name, "Failed");
    await shown(failed.getByText("The issuer account has too little SOL to pay for the mint: fund it, then retry."));
    await screenshot(page, "chain-04-twin-failed");
    await failed.getByRole("button", { name: /^Retry minting/ }).click();
    await shown(toast(page, "Minting queued again"));

    await twinRowShowing(page, name, "Minted");
    expect(await mintOfTwinNamed(name)).toMatchObject({ status: "MINTED", lastError: null });
  });
});
