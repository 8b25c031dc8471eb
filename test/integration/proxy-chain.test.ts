import { Keypair } from "@solana/web3.js";
import { beforeAll, describe, expect, it } from "vitest";
import { ChainError } from "~/adapters/chain/port";
import { createCard } from "~/domain/cards.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { uniqueShop } from "../support/api";
import { proxyFetch, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { configureChainIssuing, FlakyChain, fundedChain, minterFor } from "../support/chain";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";

const issuer = Keypair.generate();
const FAILURE = "Transaction failed: InvalidAccountData (merchant-side detail)";
beforeAll(() => {
  configureChainIssuing(issuer);
});

/** A customer whose twin is minted and whose card's mint failed. */
async function customerWithChainItems() {
  const shop = uniqueShop();
  await setNftDistributionApproval(shop, true);
  const customerId = uniqueCustomerId();
  const owner = `shopify|${customerId}`;
  const chain = new FlakyChain(fundedChain(issuer));
  const name = await registerName(shop, { name: uniqueName("sf"), publicKey: walletKey(), owner });
  const twin = await issueTwin(shop, { name_id: name.uns_name_id, public_key: name.public_key, title: "Walnut chair", quantity: 1 });
  await minterFor(shop, chain, issuer).drainOnce();
  const card = await createCard(shop, { ...cardInput("Gold pass"), owner, publicKey: walletKey() });
  chain.failNextSend("before", new ChainError(FAILURE, false));
  await minterFor(shop, chain, issuer).drainOnce();
  return { shop, customerId, twin, card };
}

describe("the storefront shows where a customer's items stand on-chain", () => {
  it("gives status, mint and explorer link in JSON, never the merchant-side reason", async () => {
    const { shop, customerId, twin, card } = await customerWithChainItems();

    const response = await proxyFetch(signedProxyUrl("/proxy/cards", { shop, customerId }));
    const raw = await response.text();
    const { data } = JSON.parse(raw) as { data: { cards: { chain: unknown }[]; twins: { chain: unknown }[] } };

    expect(response.status).toBe(200);
    expect(data.twins[0]!.chain).toEqual({
      status: "MINTED",
      mint: twin.chain!.mint,
      explorerUrl: `https://explorer.solana.com/address/${twin.chain!.mint}?cluster=custom`,
    });
    expect(data.cards[0]!.chain).toEqual({
      status: "FAILED",
      mint: card.chain!.mint,
      explorerUrl: expect.stringContaining(card.chain!.mint),
    });
    expect(raw).not.toContain("merchant-side detail");
  });

  it("says so on the page without JavaScript: in the wallet with a link, or on its way", async () => {
    const { shop, customerId, twin } = await customerWithChainItems();

    const response = await proxyFetch(signedProxyUrl("/proxy", { shop, customerId }));
    const body = await response.text();

    expect(response.status).toBe(200);
    expect(body).toContain(`NFT in your wallet. <a href="https://explorer.solana.com/address/${twin.chain!.mint}?cluster=custom"`);
    expect(body).toContain("NFT on its way to your wallet.");
    expect(body).not.toContain("merchant-side detail");
  });
});
