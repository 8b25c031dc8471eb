import { Keypair } from "@solana/web3.js";
import { beforeAll, describe, expect, it } from "vitest";
import { ChainError } from "~/adapters/chain/port";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { getPage, pageData, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { configureChainIssuing, FlakyChain, fundedChain, minterFor } from "../support/chain";
import { cardInput, uniqueName, uniqueOwner, walletKey } from "../support/fixtures";

// The server under test has no chain configured (as a shop whose operator turned
// it off later); this process queues and mints with LiteSVM, the admin shows the rows.
const issuer = Keypair.generate();
beforeAll(() => {
  configureChainIssuing(issuer);
});

async function twinOf(shop: string, title: string) {
  const publicKey = walletKey();
  const name = await registerName(shop, { name: uniqueName("adm"), publicKey });
  return issueTwin(shop, { name_id: name.uns_name_id, public_key: publicKey, title, quantity: 1 });
}

/** A shop with one minted twin and one whose mint failed for good. */
async function shopWithMintedAndFailedTwins() {
  const shop = uniqueShop();
  await setNftDistributionApproval(shop, true);
  const chain = new FlakyChain(fundedChain(issuer));
  const minted = await twinOf(shop, "Minted jacket");
  await minterFor(shop, chain, issuer).drainOnce();
  const failed = await twinOf(shop, "Failed jacket");
  chain.failNextSend("before", new ChainError("Transaction failed: InvalidAccountData", false));
  await minterFor(shop, chain, issuer).drainOnce();
  return { shop, minted, failed };
}

const mintOf = (itemId: string) => db.chainMint.findFirstOrThrow({ where: { OR: [{ twinId: itemId }, { cardId: itemId }] } });

describe("Twins and Cards pages", () => {
  it("show each item's NFT: status, mint address, the reason of a failure, and Retry only where it failed", async () => {
    const { shop, minted, failed } = await shopWithMintedAndFailedTwins();

    const page = await getPage("/app/twins", shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("On-chain");
    expect(page.text).toContain(`Minted ${minted.chain!.mint.slice(0, 5)}…${minted.chain!.mint.slice(-4)}`);
    expect(page.text).toContain(
      `Failed ${failed.chain!.mint.slice(0, 5)}…${failed.chain!.mint.slice(-4)} Transaction failed: InvalidAccountData Retry`,
    );
    expect(page.body).toContain(`https://explorer.solana.com/address/${minted.chain!.mint}`);
    // Once in each of the list's two layouts the server's HTML holds until the page runs (a table and stacked rows).
    expect(page.text.match(/Retry/g)).toHaveLength(2);
  });

  it("has no On-chain column for a shop with nothing on-chain when the server does not mint", async () => {
    const shop = uniqueShop();
    const page = await getPage("/app/twins", shop);
    expect(page.status).toBe(200);
    expect(page.text).toContain("No digital twins yet");
    expect(page.text).not.toContain("On-chain");
  });

  it("Retry puts a failed mint back in the queue, and then the worker mints it", async () => {
    const { shop, failed } = await shopWithMintedAndFailedTwins();

    const { status, result } = await submitFetcher("/app/twins", shop, { intent: "retry-mint", id: failed.id });

    expect(status).toBe(200);
    expect(result).toMatchObject({ intent: "retry-mint", ok: true });
    expect(await mintOf(failed.id)).toMatchObject({ status: "PENDING", attempts: 0, lastError: null });
    const data = await pageData("/app/twins", shop);
    const twins = (data.routes["routes/app.twins._index"] as { twins: { id: string; chain: { status: string } }[] }).twins;
    expect(twins.find((twin) => twin.id === failed.id)?.chain.status).toBe("PENDING");
  });

  it("Retry on the Cards page works for a card's mint", async () => {
    const shop = uniqueShop();
    await setNftDistributionApproval(shop, true);
    const card = await createCard(shop, { ...cardInput("Gold pass"), owner: uniqueOwner(), publicKey: walletKey() });
    await db.chainMint.updateMany({
      where: { cardId: card.id },
      data: { status: "FAILED", lastError: "Transaction failed: InvalidAccountData" },
    });

    const page = await getPage("/app/cards", shop);
    expect(page.text).toContain("Failed");
    expect(page.text).toContain("Transaction failed: InvalidAccountData");

    const { result } = await submitFetcher("/app/cards?index", shop, { intent: "retry-mint", id: card.id });
    expect(result).toMatchObject({ ok: true });
    expect((await mintOf(card.id)).status).toBe("PENDING");
  });

  it("refuses to retry another shop's mint or one that did not fail, and changes nothing", async () => {
    const { shop, minted, failed } = await shopWithMintedAndFailedTwins();

    const otherShop = await submitFetcher("/app/twins", uniqueShop(), { intent: "retry-mint", id: failed.id });
    const notFailed = await submitFetcher("/app/twins", shop, { intent: "retry-mint", id: minted.id });

    expect(otherShop.result).toMatchObject({ ok: false, message: "Mint not found" });
    expect(notFailed.result).toMatchObject({ ok: false, message: "Only a FAILED mint can be retried; this one is MINTED" });
    expect((await mintOf(failed.id)).status).toBe("FAILED");
    expect((await mintOf(minted.id)).status).toBe("MINTED");
  });
});

describe("Settings: NFT distribution", () => {
  it("says mints are held until approval and counts them; turning it on releases them", async () => {
    const shop = uniqueShop();
    const held = await twinOf(shop, "Held jacket");
    await minterFor(shop, fundedChain(issuer), issuer).drainOnce();
    expect((await mintOf(held.id)).status).toBe("HELD");

    const before = await getPage("/app/settings", shop);
    expect(before.text).toContain("Minting is held until Shopify approves this shop");
    expect(before.text).toContain("1 mint is held now.");
    // This server does not mint: the page says so rather than naming a network.
    expect(before.text).toContain("On-chain issuing is off on this server");

    const { result } = await submitFetcher("/app/settings", shop, { intent: "nft-approval", approved: "on" });

    expect(result).toMatchObject({ ok: true, data: { released: 1 } });
    expect((await mintOf(held.id)).status).toBe("PENDING");
    const after = await getPage("/app/settings", shop);
    expect(after.text).toContain("Approved");
    expect(after.text).toContain("Turn off NFT distribution");
    expect(after.text).not.toContain("Minting is held");
  });

  it("on a server that does not mint and with nothing held, says issuing is off and offers no approval", async () => {
    const page = await getPage("/app/settings", uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain("On-chain issuing is off on this server");
    expect(page.text).not.toContain("Minting is held");
    expect(page.text).not.toContain("turn on NFT distribution");
    expect(page.text).not.toContain("NFT distribution approval");
  });

  it("turning it off holds the next mints again", async () => {
    const shop = uniqueShop();
    await setNftDistributionApproval(shop, true);

    const { result } = await submitFetcher("/app/settings", shop, { intent: "nft-approval", approved: "off" });
    const twin = await twinOf(shop, "Later jacket");
    await minterFor(shop, fundedChain(issuer), issuer).drainOnce();

    expect(result).toMatchObject({ ok: true, data: { released: 0 } });
    expect((await mintOf(twin.id)).status).toBe("HELD");
  });

  it("Home warns about held and failed mints, with the way out", async () => {
    const { shop } = await shopWithMintedAndFailedTwins();
    await setNftDistributionApproval(shop, false);
    await twinOf(shop, "Held coat");
    await minterFor(shop, fundedChain(issuer), issuer).drainOnce();

    const page = await getPage("/app", shop);

    expect(page.text).toContain("1 NFT mint held");
    expect(page.text).toContain("Open settings");
    expect(page.text).toContain("1 NFT mint failed");
    expect(page.text).toContain("See digital twins");
  });
});
