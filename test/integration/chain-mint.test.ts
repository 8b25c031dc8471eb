import { TOKEN_2022_PROGRAM_ID } from "@solana/spl-token";
import { Keypair } from "@solana/web3.js";
import { beforeAll, describe, expect, it } from "vitest";
import { HELD_REASON } from "~/adapters/chain/minter.server";
import { ChainError } from "~/adapters/chain/port";
import { db } from "~/db/client.server";
import { createCard, createCardBatch, createCardFor } from "~/domain/cards.server";
import { publicNftMetadata, retryMint, setNftDistributionApproval } from "~/domain/chain-mints.server";
import { registerName, registerNameFor } from "~/domain/names.server";
import { redeemCode } from "~/domain/redeem.server";
import { issueTwin, issueTwinTo } from "~/domain/twins.server";
import { createCardInput, issueTwinInput, MAX_EDITION_SIZE, NO_SERIAL, parseInput } from "~/domain/schemas";
import { configureChainIssuing, FlakyChain, fundedChain, minterFor, readNft, TEST_APP_URL } from "../support/chain";
import { cardInput, uniqueName, uniqueOwner, walletKey } from "../support/fixtures";

const issuer = Keypair.generate();
let shopCount = 0;
const newShop = () => `chain-${process.pid}-${++shopCount}.myshopify.com`;

beforeAll(() => {
  configureChainIssuing(issuer);
});

async function approvedShop() {
  const shop = newShop();
  await setNftDistributionApproval(shop, true);
  return shop;
}

async function twinFor(shop: string, quantity = 2) {
  const publicKey = walletKey();
  const name = await registerName(shop, { name: uniqueName("chain"), publicKey, owner: uniqueOwner() });
  const twin = await issueTwin(shop, {
    name_id: name.uns_name_id,
    public_key: publicKey,
    title: "Heritage chronograph, ref. 1968",
    brand: "Maison Horlogère",
    creator: "Atelier 7",
    description: "Hand-finished movement",
    quantity,
    price: 4200,
    currency: "EUR",
    categories: ["watches"],
    images: ["https://cdn.example.com/chrono.png"],
  });
  return { twin, publicKey };
}

const rowOf = (mintAddress: string) => db.chainMint.findUniqueOrThrow({ where: { mintAddress } });

describe("minting a twin", () => {
  it("answers PENDING with the mint address at once, then mints a Token-2022 NFT the owner holds", async () => {
    const shop = await approvedShop();
    const chain = fundedChain(issuer);
    const { twin, publicKey } = await twinFor(shop, 3);

    expect(twin.chain).toMatchObject({ status: "PENDING", signature: null, mintedAt: null });
    const mint = twin.chain!.mint;
    expect(twin.chain!.metadataUrl).toMatch(new RegExp(`^${TEST_APP_URL}/v1/metadata/nft_[0-9A-Z]{26}\\.json$`));
    expect(twin.chain!.explorerUrl).toContain(`/address/${mint}`);
    expect(await chain.getAccount(new (await import("@solana/web3.js")).PublicKey(mint))).toBeNull();

    expect(await minterFor(shop, chain, issuer).drainOnce()).toBe(1);

    const row = await rowOf(mint);
    expect(row).toMatchObject({ status: "MINTED", attempts: 1, lastError: null });
    expect(await chain.getSignatureStatus(row.signature!)).toBe("confirmed");

    const nft = await readNft(chain, mint, publicKey);
    expect(nft.programOwner).toBe(TOKEN_2022_PROGRAM_ID.toBase58());
    expect(nft.supply).toBe(1n);
    expect(nft.decimals).toBe(0);
    expect(nft.mintAuthority).toBeNull();
    expect(nft.metadataPointer).toBe(mint);
    expect(nft.ownerBalance).toBe(1n);
    expect(nft.tokenAccountOwner).toBe(publicKey);
    expect(nft.metadata).toMatchObject({
      name: "Heritage chronograph, ref. 1968",
      symbol: "TWIN",
      uri: twin.chain!.metadataUrl,
      updateAuthority: issuer.publicKey,
    });
    expect(Object.fromEntries(nft.metadata!.additionalMetadata)).toEqual({
      kind: "twin",
      shop,
      twin_id: twin.id,
      universal_name: twin.uns_name,
      quantity: "3",
      brand: "Maison Horlogère",
    });
  });

  it("serves the metadata JSON the NFT points to, in the common NFT shape", async () => {
    const shop = await approvedShop();
    const { twin } = await twinFor(shop, 3);
    const id = /\/(nft_[0-9A-Z]+)\.json$/.exec(twin.chain!.metadataUrl)![1]!;
    expect(await publicNftMetadata(id)).toMatchObject({
      name: "Heritage chronograph, ref. 1968",
      symbol: "TWIN",
      description: "Hand-finished movement",
      image: "https://cdn.example.com/chrono.png",
      attributes: expect.arrayContaining([
        { trait_type: "Quantity", value: 3 },
        { trait_type: "Brand", value: "Maison Horlogère" },
        { trait_type: "Price", value: "4200.00 EUR" },
      ]),
      properties: { files: [{ uri: "https://cdn.example.com/chrono.png", type: "image/png" }] },
      twin_cards: { kind: "twin", id: twin.id, shop, quantity: 3 },
    });
  });

  it("fits the longest multi-byte title, brand and shop, and the largest serial numbers, into one transaction, cut on-chain and whole in the JSON", async () => {
    const shop = `${"長".repeat(20)}-${process.pid}.myshopify.com`;
    await setNftDistributionApproval(shop, true);
    const chain = fundedChain(issuer);
    const publicKey = walletKey();
    const name = await registerName(shop, { name: uniqueName("x".repeat(20)), publicKey });
    const title = "時計".repeat(127);
    // The last item of the largest edition a rule may have.
    const serial = { serialNumber: MAX_EDITION_SIZE, editionSize: MAX_EDITION_SIZE };
    const input = parseInput(issueTwinInput, {
      name_id: name.uns_name_id,
      public_key: publicKey,
      title,
      brand: "ブランド".repeat(63),
      quantity: 1_000_000,
    });
    const twin = await issueTwinTo(shop, input, serial);

    await minterFor(shop, chain, issuer).drainOnce();

    const nft = await readNft(chain, twin.chain!.mint, publicKey);
    expect(nft.supply).toBe(1n);
    expect(Object.fromEntries(nft.metadata!.additionalMetadata)).toMatchObject({ serial: "1000000/1000000" });
    expect(Buffer.byteLength(nft.metadata!.name)).toBeLessThanOrEqual(64);
    expect(nft.metadata!.name).toMatch(/^(時計)+時?…$/);
    expect((await publicNftMetadata(twin.chain!.metadataUrl.match(/(nft_\w+)\.json$/)![1]!)).name).toBe(title);
  });
});

describe("minting cards", () => {
  it("mints a card created by owner to the owner's key, with no PRIVATE metadata on-chain or in the JSON", async () => {
    const shop = await approvedShop();
    const chain = fundedChain(issuer);
    const publicKey = walletKey();
    const card = await createCard(shop, { ...cardInput("Gold membership"), owner: uniqueOwner(), publicKey });
    expect(card.chain?.status).toBe("PENDING");

    await minterFor(shop, chain, issuer).drainOnce();

    const nft = await readNft(chain, card.chain!.mint, publicKey);
    expect(nft).toMatchObject({ supply: 1n, decimals: 0, mintAuthority: null, ownerBalance: 1n });
    expect(nft.metadata).toMatchObject({ name: "Gold membership", symbol: "CARD" });
    expect(Object.fromEntries(nft.metadata!.additionalMetadata)).toEqual({ kind: "card", shop, card_id: card.id });
    // cardInput's PRIVATE entry is { key: "supplier-cost", value: 12 }.
    expect(nft.rawData.includes(Buffer.from("supplier-cost"))).toBe(false);

    const json = JSON.stringify(await publicNftMetadata(card.chain!.metadataUrl.match(/(nft_\w+)\.json$/)![1]!));
    expect(json).not.toContain("supplier-cost");
    expect(json).toContain('"trait_type":"sku","value":"GOLD-1"');
    expect(json).toContain('"trait_type":"price","value":"49.5 EUR"');
  });

  it("queues nothing for a card by redemption until it is redeemed, then mints to the redeemer's key", async () => {
    const shop = await approvedShop();
    const chain = fundedChain(issuer);
    const created = await createCard(shop, { ...cardInput("Welcome gift"), email: "guest@example.com" });
    expect(created.chain).toBeNull();
    expect(await db.chainMint.count({ where: { shop } })).toBe(0);

    const redeemer = walletKey();
    const [claimed] = await redeemCode(
      shop,
      { code: created.redemption!.code!, owner: uniqueOwner(), publicKey: redeemer },
      { address: `chain-${shop}` },
    );
    expect(claimed!.chain?.status).toBe("PENDING");

    await minterFor(shop, chain, issuer).drainOnce();
    expect(await readNft(chain, claimed!.chain!.mint, redeemer)).toMatchObject({
      supply: 1n,
      ownerBalance: 1n,
      tokenAccountOwner: redeemer,
    });
  });
});

describe("serial numbers on-chain and in the metadata JSON", () => {
  it("carries a card's number in its batch's edition as on-chain fields and as attributes marketplaces show as \"2 of 3\"", async () => {
    const shop = await approvedShop();
    const chain = fundedChain(issuer);
    const publicKey = walletKey();
    const cards = await createCardBatch(shop, {
      owner: uniqueOwner(),
      publicKey,
      cards: [cardInput("Bronze"), cardInput("Silver"), cardInput("Gold")],
    });
    const silver = cards[1]!;

    await minterFor(shop, chain, issuer).drainOnce();

    const nft = await readNft(chain, silver.chain!.mint, publicKey);
    expect(Object.fromEntries(nft.metadata!.additionalMetadata)).toEqual({ kind: "card", shop, card_id: silver.id, serial: "2/3" });
    const json = await publicNftMetadata(silver.chain!.metadataUrl.match(/(nft_\w+)\.json$/)![1]!);
    expect(json.attributes.slice(0, 2)).toEqual([
      { trait_type: "Serial number", value: 2, display_type: "number", max_value: 3 },
      { trait_type: "Edition size", value: 3, display_type: "number" },
    ]);
    expect(json.twin_cards).toMatchObject({ serial_number: 2, edition_size: 3 });
  });

  it("gives an item of an open edition its number with no size, and an item outside an edition neither", async () => {
    const shop = await approvedShop();
    const publicKey = walletKey();
    const name = await registerName(shop, { name: uniqueName("open"), publicKey });
    const input = parseInput(issueTwinInput, { name_id: name.uns_name_id, public_key: publicKey, title: "Open print", quantity: 1 });
    const open = await issueTwinTo(shop, input, { serialNumber: 41, editionSize: null });
    const alone = await createCard(shop, { ...cardInput("Solo"), owner: uniqueOwner(), publicKey });
    const metadataOf = (metadataUrl: string) => publicNftMetadata(metadataUrl.match(/(nft_\w+)\.json$/)![1]!);

    const chain = fundedChain(issuer);
    await minterFor(shop, chain, issuer).drainOnce();

    expect(Object.fromEntries((await readNft(chain, open.chain!.mint, publicKey)).metadata!.additionalMetadata)).toMatchObject({
      serial: "41",
    });
    expect(
      Object.keys(Object.fromEntries((await readNft(chain, alone.chain!.mint, publicKey)).metadata!.additionalMetadata)),
    ).not.toContain("serial");
    const openJson = await metadataOf(open.chain!.metadataUrl);
    expect(openJson.attributes[0]).toEqual({ trait_type: "Serial number", value: 41, display_type: "number" });
    expect(openJson.attributes.map((attribute) => attribute.trait_type)).not.toContain("Edition size");
    expect(openJson.twin_cards).toMatchObject({ serial_number: 41, edition_size: null });
    const aloneJson = await metadataOf(alone.chain!.metadataUrl);
    expect(aloneJson.attributes.map((attribute) => attribute.trait_type)).not.toContain("Serial number");
    expect(aloneJson.twin_cards).toMatchObject({ serial_number: null, edition_size: null });
  });
});

describe("exactly once", () => {
  it("does not mint twice when a send landed but its answer was lost and the retry cannot reach the chain", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin, publicKey } = await twinFor(shop);
    const minter = minterFor(shop, chain, issuer);

    chain.failNextSend("after-then-down", new ChainError("Solana RPC answered 503 Service Unavailable", true));
    // The send landed, but the worker heard an error and could not look: it has to retry.
    await minter.drainOnce().catch(() => undefined);
    chain.readsFail = false;
    const afterFirst = await rowOf(twin.chain!.mint);
    expect(afterFirst.status).toBe("PENDING");
    expect(afterFirst.sentSignatures.split(" ")).toHaveLength(1);

    await minter.drainOnce();

    const row = await rowOf(twin.chain!.mint);
    expect(row.status).toBe("MINTED");
    expect(row.signature).toBe(afterFirst.sentSignatures);
    expect(chain.sendsThatLanded).toBe(1);
    expect(await readNft(chain.inner, twin.chain!.mint, publicKey)).toMatchObject({ supply: 1n, ownerBalance: 1n });
  });

  it("records MINTED without resending when the answer is lost but the chain can be read", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin } = await twinFor(shop);

    chain.failNextSend("after", new ChainError("socket hang up", true));
    await minterFor(shop, chain, issuer).drainOnce();

    expect(await rowOf(twin.chain!.mint)).toMatchObject({ status: "MINTED", attempts: 1 });
    expect(chain.sendsThatLanded).toBe(1);
  });

  it("retries a send that never reached the chain (RPC 429, expired blockhash) and mints once", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin, publicKey } = await twinFor(shop);
    const minter = minterFor(shop, chain, issuer);

    chain.failNextSend("before", new ChainError("Solana RPC answered 429 Too Many Requests", true));
    chain.failNextSend("expire-blockhash", new ChainError("unused", true));
    await minter.drainOnce();
    const afterRateLimit = await rowOf(twin.chain!.mint);
    expect(afterRateLimit).toMatchObject({ status: "PENDING", attempts: 1, lastError: "Solana RPC answered 429 Too Many Requests" });
    await minter.drainOnce();
    expect((await rowOf(twin.chain!.mint)).lastError).toMatch(/BlockhashNotFound/);
    await minter.drainOnce();

    const row = await rowOf(twin.chain!.mint);
    expect(row).toMatchObject({ status: "MINTED", attempts: 3 });
    expect(row.sentSignatures.split(" ")).toHaveLength(3);
    expect(row.signature).toBe(row.sentSignatures.split(" ")[2]);
    expect(chain.sendsThatLanded).toBe(1);
    expect(await readNft(chain.inner, twin.chain!.mint, publicKey)).toMatchObject({ supply: 1n, ownerBalance: 1n });
  });

  it("recovers a row whose worker died after sending: the next worker finds the NFT instead of minting again", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin } = await twinFor(shop);
    // The first worker's process ends right after its send: simulated by a send
    // that throws something the worker cannot survive, with the lease left in place.
    chain.failNextSend("after-then-down", new ChainError("unused", true));
    const crashing = minterFor(shop, chain, issuer, { leaseMs: 60_000 });
    await crashing.drainOnce();
    chain.readsFail = false;
    await db.chainMint.update({
      where: { mintAddress: twin.chain!.mint },
      data: { status: "MINTING", lockedUntil: new Date(Date.now() - 1) },
    });

    await minterFor(shop, chain, issuer).drainOnce();

    expect(await rowOf(twin.chain!.mint)).toMatchObject({ status: "MINTED" });
    expect(chain.sendsThatLanded).toBe(1);
  });

  it("lets only one of two racing workers mint each row", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const twins = await Promise.all([1, 2, 3, 4, 5].map(() => twinFor(shop)));

    const handled = await Promise.all([minterFor(shop, chain, issuer).drainOnce(), minterFor(shop, chain, issuer).drainOnce()]);

    expect(handled[0]! + handled[1]!).toBe(5);
    expect(chain.sendsThatLanded).toBe(5);
    for (const { twin } of twins) expect((await rowOf(twin.chain!.mint)).status).toBe("MINTED");
  });

  it("cannot mint a second NFT at the same address even when the transaction is rebuilt and resent", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin, publicKey } = await twinFor(shop);
    await minterFor(shop, chain, issuer).drainOnce();
    // Someone forces the row back to PENDING with its history erased: the worker still checks the chain first.
    await db.chainMint.update({
      where: { mintAddress: twin.chain!.mint },
      data: { status: "PENDING", signature: null, sentSignatures: "" },
    });

    await minterFor(shop, chain, issuer).drainOnce();

    expect(chain.sendsThatLanded).toBe(1);
    expect(await rowOf(twin.chain!.mint)).toMatchObject({ status: "MINTED", signature: null });
    expect(await readNft(chain.inner, twin.chain!.mint, publicKey)).toMatchObject({ supply: 1n, ownerBalance: 1n });
  });
});

describe("holds and failures", () => {
  it("holds minting while the shop is not approved for NFT distribution, and mints once approved", async () => {
    const shop = newShop();
    const chain = fundedChain(issuer);
    const { twin, publicKey } = await twinFor(shop);

    await minterFor(shop, chain, issuer).drainOnce();
    expect(await rowOf(twin.chain!.mint)).toMatchObject({ status: "HELD", attempts: 0, lastError: HELD_REASON });
    expect(await chain.getAccount(new (await import("@solana/web3.js")).PublicKey(twin.chain!.mint))).toBeNull();
    // A HELD row is not picked up again by itself.
    expect(await minterFor(shop, chain, issuer).drainOnce()).toBe(0);

    expect(await setNftDistributionApproval(shop, true)).toEqual({ released: 1 });
    await minterFor(shop, chain, issuer).drainOnce();
    expect(await readNft(chain, twin.chain!.mint, publicKey)).toMatchObject({ supply: 1n, ownerBalance: 1n });
  });

  it("fails with a reason the merchant can act on when the issuer has no SOL, and mints after a retry", async () => {
    const shop = await approvedShop();
    const chain = fundedChain(issuer, 0);
    const { twin, publicKey } = await twinFor(shop);

    await minterFor(shop, chain, issuer).drainOnce();
    const failed = await rowOf(twin.chain!.mint);
    expect(failed.status).toBe("FAILED");
    expect(failed.lastError).toContain(`The issuer account ${issuer.publicKey.toBase58()} has too little SOL`);

    chain.airdrop(issuer.publicKey, 1_000_000_000);
    await retryMint(shop, twin.id);
    expect(await rowOf(twin.chain!.mint)).toMatchObject({ status: "PENDING", attempts: 0, lastError: null });
    await minterFor(shop, chain, issuer).drainOnce();
    expect(await readNft(chain, twin.chain!.mint, publicKey)).toMatchObject({ supply: 1n, ownerBalance: 1n });
    await expect(retryMint(shop, twin.id)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(retryMint(newShop(), twin.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("gives up as FAILED after the last attempt of a transient error", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin } = await twinFor(shop);
    const minter = minterFor(shop, chain, issuer, { maxAttempts: 2 });
    chain.failNextSend("before", new ChainError("Solana RPC answered 502 Bad Gateway", true));
    chain.failNextSend("before", new ChainError("Solana RPC answered 502 Bad Gateway", true));

    await minter.drainOnce();
    await minter.drainOnce();

    expect(await rowOf(twin.chain!.mint)).toMatchObject({
      status: "FAILED",
      attempts: 2,
      lastError: "Solana RPC answered 502 Bad Gateway",
    });
    expect(chain.sendsThatLanded).toBe(0);
  });

  it("counts a chain that cannot be read as an attempt, so an outage ends FAILED with the reason rather than looping", async () => {
    const shop = await approvedShop();
    const chain = new FlakyChain(fundedChain(issuer));
    const { twin } = await twinFor(shop);
    const minter = minterFor(shop, chain, issuer, { maxAttempts: 2 });
    chain.readsFail = true;

    await minter.drainOnce();
    expect(await rowOf(twin.chain!.mint)).toMatchObject({
      status: "PENDING",
      attempts: 1,
      lastError: "Solana RPC unreachable: fetch failed",
    });
    await minter.drainOnce();

    expect(await rowOf(twin.chain!.mint)).toMatchObject({
      status: "FAILED",
      attempts: 2,
      lastError: "Solana RPC unreachable: fetch failed",
    });
    expect(chain.sendsThatLanded).toBe(0);
  });

  it("fails rather than minting to a new address when the issuer key changed after queueing", async () => {
    const shop = await approvedShop();
    const other = Keypair.generate();
    const chain = fundedChain(other);
    const { twin } = await twinFor(shop);

    await minterFor(shop, chain, other).drainOnce();

    expect(await rowOf(twin.chain!.mint)).toMatchObject({ status: "FAILED", lastError: expect.stringContaining("issuer key changed") });
  });
});

describe("test mode (decision 0036)", () => {
  it("mints nothing for a test card or twin, while the same live card is queued", async () => {
    const shop = await approvedShop();
    const owner = { owner: uniqueOwner(), publicKey: walletKey() };
    const command = parseInput(createCardInput, { ...cardInput(), ...owner });

    const testCard = await createCardFor(shop, command, false);
    const liveCard = await createCardFor(shop, command, true);
    const name = await registerNameFor(shop, { name: uniqueName("test-mode"), publicKey: owner.publicKey }, false);
    const testTwin = await issueTwinTo(
      shop,
      parseInput(issueTwinInput, {
        name_id: name.uns_name_id,
        public_key: owner.publicKey,
        title: "Chronograph",
        description: "",
        quantity: 1,
        brand: "Acme",
        creator: "Atelier",
      }),
      NO_SERIAL,
      false,
    );

    expect([testCard.chain, testTwin.chain]).toEqual([null, null]);
    expect(liveCard.chain).toMatchObject({ status: "PENDING" });
    expect(await db.chainMint.findMany({ where: { shop }, select: { cardId: true } })).toEqual([{ cardId: liveCard.id }]);
  });
});
