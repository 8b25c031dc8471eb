import { ed25519 } from "@noble/curves/ed25519";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
import { redeem } from "~/domain/redeem.server";
import { completeWalletLink, startWalletLink } from "~/domain/wallet-links.server";
import { uniqueClientAddress, uniqueShop } from "../support/api";
import { uniqueCustomerId } from "../support/app-proxy";
import { configureChainIssuing, FlakyChain, fundedChain, minterFor, readNft } from "../support/chain";
import { cardInput } from "../support/fixtures";

// Issue 25: cards claimed with no wallet are minted, each exactly once, to the wallet their
// owner links later — on a real Solana VM (LiteSVM), through the same outbox as every mint.

const issuer = Keypair.generate();
beforeAll(() => {
  configureChainIssuing(issuer);
});

describe("held cards on-chain", () => {
  it("mints nothing while the shop holds them, then one NFT each to the wallet linked, even when the minter runs twice", async () => {
    const shop = uniqueShop();
    await setNftDistributionApproval(shop, true);
    const customerId = uniqueCustomerId();
    const owner = `shopify|${customerId}`;
    const created = await createCard(shop, { ...cardInput("Gold pass"), email: "guest@example.com" });
    const second = await createCard(shop, { ...cardInput("Silver pass"), email: "guest@example.com" });
    for (const card of [created, second]) await redeem(shop, { code: card.redemption!.code!, owner }, { address: uniqueClientAddress() });
    const chain = new FlakyChain(fundedChain(issuer));
    await minterFor(shop, chain, issuer).drainOnce();
    expect(await db.chainMint.count({ where: { shop } })).toBe(0);

    const secret = ed25519.utils.randomPrivateKey();
    const address = bs58.encode(ed25519.getPublicKey(secret));
    const challenge = await startWalletLink(shop, customerId, { publicKey: address }, "Link this wallet to your cards at Harbor & Pine.");
    const signature = Buffer.from(ed25519.sign(new TextEncoder().encode(challenge.message), secret)).toString("base64");
    const linked = await completeWalletLink(shop, customerId, { challengeId: challenge.challengeId, signature });
    expect(linked.cards.map((card) => [card.id, card.custody, card.chain?.status])).toEqual(
      [created.id, second.id].sort().map((id) => [id, "WALLET", "PENDING"]),
    );

    await minterFor(shop, chain, issuer).drainOnce();
    await minterFor(shop, chain, issuer).drainOnce();

    const mints = await db.chainMint.findMany({ where: { shop }, orderBy: { cardId: "asc" } });
    expect(mints.map((mint) => [mint.cardId, mint.status, mint.recipient])).toEqual(
      [created.id, second.id].sort().map((id) => [id, "MINTED", address]),
    );
    expect(chain.sendsThatLanded).toBe(2);
    for (const mint of mints) {
      const nft = await readNft(chain, mint.mintAddress, address);
      expect([nft.supply, nft.ownerBalance, nft.tokenAccountOwner]).toEqual([1n, 1n, address]);
    }
  });
});
