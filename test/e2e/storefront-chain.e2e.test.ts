import { randomInt } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import type { Browser, Locator } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { uniqueShop } from "../support/api";
import { launchBrowser, screenshot } from "../support/browser";
import { configureChainIssuing, fundedChain, minterFor } from "../support/chain";
import type { StorefrontHarness } from "../../stubs/storefront/server";
import { openStorefrontPage } from "../support/storefront-page";

// The "My cards" block for a customer whose twin is minted and whose card is still
// being minted: queued and minted in this process with LiteSVM, shown by the built server.
const baseUrl = inject("baseUrl");
const image = (file: string) => `${inject("adminApiStubUrl")}/images/${file}`;
const issuer = Keypair.generate();
let browser: Browser;
const harnesses: StorefrontHarness[] = [];

beforeAll(async () => {
  configureChainIssuing(issuer);
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.close()));
});
afterAll(async () => {
  await browser?.close();
});

const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });

describe("storefront: NFTs (Chromium)", { timeout: 120_000 }, () => {
  it("shows a minted twin as in the wallet with an explorer link, and a card still minting as on its way", async () => {
    const shop = uniqueShop();
    await setNftDistributionApproval(shop, true);
    const customerId = String(randomInt(1, 2 ** 47));
    const owner = `shopify|${customerId}`;
    const key = Keypair.generate().publicKey.toBase58();
    const name = await registerName(shop, { name: `nft-${randomInt(1e9)}`, publicKey: key, owner });
    const twin = await issueTwin(shop, {
      public_key: key,
      name_id: name.uns_name_id,
      title: "Aurora Ceramic Mug",
      quantity: 1,
      images: [image("aurora-ceramic-mug-1.svg")],
    });
    await minterFor(shop, fundedChain(issuer), issuer).drainOnce();
    await createCard(shop, { name: "Founding member", media: { imageUrls: [], videoUrls: [] }, owner, publicKey: key });

    const { page, myCards } = await openStorefrontPage({ browser, harnesses, appUrl: baseUrl, shop, customerId });

    const mug = myCards.getByRole("article", { name: "Aurora Ceramic Mug" });
    await shown(mug.getByText("NFT in your wallet."));
    const link = mug.getByRole("link", { name: "View on Solana Explorer: Aurora Ceramic Mug" });
    expect(await link.getAttribute("href")).toContain(`https://explorer.solana.com/address/${twin.chain!.mint}`);
    expect(await link.getAttribute("target")).toBe("_blank");
    const card = myCards.getByRole("article", { name: "Founding member" });
    await shown(card.getByText("NFT on its way to your wallet."));
    expect(await card.getByRole("link", { name: /Solana Explorer/ }).count()).toBe(0);
    await screenshot(page, "storefront-10-nfts");
  });
});
