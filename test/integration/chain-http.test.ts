import { getAccount, getAssociatedTokenAddressSync, getMint, getTokenMetadata, TOKEN_2022_PROGRAM_ID } from "@solana/spl-token";
import { Connection, PublicKey } from "@solana/web3.js";
import { describe, expect, inject, it, vi } from "vitest";
import { TwinCardsClient } from "@twin-cards/client";
import { db } from "~/db/client.server";
import { setNftDistributionApproval } from "~/domain/chain-mints.server";
import type { ChainState } from "~/domain/schemas";
import { shopClient, USER_AGENT } from "../support/api";
import { cardInput, uniqueName, uniqueOwner, walletKey } from "../support/fixtures";

// The chain server has a database of its own (test/support/global-setup.ts):
// this file arranges and reads state there, so point `db` at it before it opens.
vi.hoisted(() => {
  process.env.DATABASE_URL = inject("chainDatabaseUrl");
});

const chainUrl = inject("chainUrl");
const solana = new Connection(inject("solanaRpcUrl"), "confirmed");
// The chain worker polls every 100 ms (CHAIN_POLL_MS in global-setup); generous for a loaded machine.
const WORKER_DEADLINE = { timeout: 15_000, interval: 100 };

/** A shop with a key on the chain server; approved for NFT distribution unless said otherwise. */
async function chainShop({ approved }: { approved: boolean }) {
  const { shop, key, clientAddress } = await shopClient();
  if (approved) await setNftDistributionApproval(shop, true);
  const fetchFrom: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", clientAddress);
    headers.set("User-Agent", USER_AGENT);
    return fetch(input, { ...init, headers });
  };
  return { shop, key, client: new TwinCardsClient({ baseUrl: chainUrl, apiKey: key, fetch: fetchFrom }) };
}

/** A raw request to the chain server: status, headers and parsed JSON, as an integrator or a wallet sees them. */
async function call(path: string, init: RequestInit & { key?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.key) headers.set("Authorization", `Bearer ${init.key}`);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  headers.set("User-Agent", USER_AGENT);
  const response = await fetch(chainUrl + path, { ...init, headers });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** Steps 1 and 2 of issuing a twin over HTTP; the raw 201 answer. */
async function issueTwin(shop: Awaited<ReturnType<typeof chainShop>>, title: string) {
  const name = uniqueName("chain");
  const publicKey = walletKey();
  await shop.client.names.register({ name, publicKey });
  const { payload } = await shop.client.names.validate(name);
  const response = await call("/v1/issue-digital-twin", {
    method: "POST",
    key: shop.key,
    body: JSON.stringify({ name_id: payload.uns_name_id, public_key: payload.public_key, title, brand: "Maison Horlogère", quantity: 2 }),
  });
  return { name, publicKey, response, twin: response.json.data as { id: string; chain: NonNullable<ChainState> } };
}

const storedStatus = async (mintAddress: string) => (await db.chainMint.findUniqueOrThrow({ where: { mintAddress } })).status;

/** The token account balance `owner` holds of `mint`, read from the chain. */
async function balanceOf(mint: string, owner: string) {
  const ata = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner), true, TOKEN_2022_PROGRAM_ID);
  const account = await getAccount(solana, ata, "confirmed", TOKEN_2022_PROGRAM_ID);
  expect(account.owner.toBase58()).toBe(owner);
  return account.amount;
}

describe("a digital twin on-chain, over HTTP", () => {
  it("answers 201 PENDING with the mint address at once, then mints a Token-2022 NFT the twin's key holds", async () => {
    const shop = await chainShop({ approved: true });

    const { name, publicKey, response, twin } = await issueTwin(shop, "Heritage chronograph");

    expect(response.status).toBe(201);
    expect(twin.chain).toMatchObject({ status: "PENDING", signature: null, mintedAt: null });
    const mint = new PublicKey(twin.chain.mint);
    // An integrator follows the twin over the API until its NFT is minted.
    await expect.poll(async () => (await shop.client.twins.get(twin.id)).chain?.status, WORKER_DEADLINE).toBe("MINTED");
    const { chain } = await shop.client.twins.get(twin.id);
    expect(chain).toMatchObject({ mint: mint.toBase58(), signature: expect.any(String), mintedAt: expect.any(String), reason: null });

    expect(await getMint(solana, mint, "confirmed", TOKEN_2022_PROGRAM_ID)).toMatchObject({ supply: 1n, decimals: 0, mintAuthority: null });
    const metadata = await getTokenMetadata(solana, mint, "confirmed", TOKEN_2022_PROGRAM_ID);
    expect(metadata).toMatchObject({ name: "Heritage chronograph", symbol: "TWIN", uri: twin.chain.metadataUrl });
    expect(Object.fromEntries(metadata!.additionalMetadata)).toMatchObject({
      kind: "twin",
      twin_id: twin.id,
      universal_name: name,
      quantity: "2",
    });
    expect(await balanceOf(mint.toBase58(), publicKey)).toBe(1n);
    expect((await solana.getSignatureStatuses([chain!.signature!])).value[0]).toMatchObject({ err: null, confirmationStatus: "confirmed" });
  });
});

describe("GET /v1/metadata/{file}", () => {
  it("serves an owned card's NFT metadata to anyone, with its public attributes and none of its PRIVATE metadata", async () => {
    const shop = await chainShop({ approved: true });
    const card = await shop.client.cards.create({ ...cardInput("Gold membership"), owner: uniqueOwner(), publicKey: walletKey() });
    const { pathname } = new URL(card.chain!.metadataUrl);

    const response = await call(pathname);

    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.json).toMatchObject({
      name: "Gold membership",
      symbol: "CARD",
      image: "https://cdn.example.com/gold.png",
      attributes: expect.arrayContaining([
        { trait_type: "sku", value: "GOLD-1" },
        { trait_type: "price", value: "49.5 EUR" },
      ]),
    });
    // cardInput's PRIVATE entry is { key: "supplier-cost", value: 12 }.
    expect(JSON.stringify(response.json)).not.toContain("supplier-cost");
  });

  it("answers 404 with the error envelope for an unknown NFT id and for a file that is not one", async () => {
    for (const path of ["/v1/metadata/nft_00000000000000000000000000.json", "/v1/metadata/whatever.json"]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(response.json, path).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });
});

describe("a shop not approved for NFT distribution", () => {
  it("holds its twins and cards off-chain and says why in the card's chain state", async () => {
    const shop = await chainShop({ approved: false });
    const owner = uniqueOwner();
    const { twin } = await issueTwin(shop, "Held chronograph");
    const card = await shop.client.cards.create({ ...cardInput("Held membership"), owner, publicKey: walletKey() });

    await expect.poll(() => storedStatus(twin.chain.mint), WORKER_DEADLINE).toBe("HELD");
    await expect.poll(async () => (await shop.client.cards.list({ owner })).data[0]?.chain?.status, WORKER_DEADLINE).toBe("HELD");

    const [listed] = (await shop.client.cards.list({ owner })).data;
    expect(listed).toMatchObject({
      id: card.id,
      chain: { status: "HELD", signature: null, reason: expect.stringContaining("approved for NFT distribution") },
    });
    expect(await solana.getAccountInfo(new PublicKey(twin.chain.mint))).toBeNull();
    expect(await solana.getAccountInfo(new PublicKey(card.chain!.mint))).toBeNull();
  });
});

describe("a card by redemption", () => {
  it("mints nothing for a card claimed with no wallet: the shop holds it until its owner links one", async () => {
    const shop = await chainShop({ approved: true });
    const created = await shop.client.cards.create({ ...cardInput("Held gift"), email: "guest@example.com" });

    const [redeemed] = await shop.client.cards.redeem({ code: created.redemption!.code!, owner: uniqueOwner() });

    expect(redeemed).toMatchObject({ status: "OWNED", publicKey: null, custody: "HELD", chain: null });
    expect(await db.chainMint.count({ where: { cardId: created.id } })).toBe(0);
  });

  it("has no NFT until redeemed, then mints one to the redeemer's key", async () => {
    const shop = await chainShop({ approved: true });
    const created = await shop.client.cards.create({ ...cardInput("Welcome gift"), email: "guest@example.com" });
    expect(created.chain).toBeNull();
    const redeemer = walletKey();

    const [redeemed] = await shop.client.cards.redeem({ code: created.redemption!.code!, owner: uniqueOwner(), publicKey: redeemer });

    expect(redeemed!.chain).toMatchObject({ status: "PENDING", mint: expect.any(String) });
    await expect.poll(async () => (await shop.client.cards.get(created.id)).chain?.status, WORKER_DEADLINE).toBe("MINTED");
    const minted = (await shop.client.cards.get(created.id)).chain!;
    expect(minted).toMatchObject({
      mint: redeemed!.chain!.mint,
      signature: expect.any(String),
      mintedAt: expect.any(String),
      reason: null,
    });
    expect(await balanceOf(minted.mint, redeemer)).toBe(1n);
  });
});
