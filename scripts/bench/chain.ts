// The chain part of `npm run bench`: how fast and how costly on-chain issuing is,
// on an in-process LiteSVM chain. Baseline: a raw build-and-send mint loop with no
// database. Then the app's path: owned cards queued in a fresh SQLite file, drained
// by ChainMinter. Prints both rates, their ratio, and what one mint costs the
// issuer. BENCH_MINTS sets N. Importing this module points this process's
// database and chain settings at the bench's own (see below): scripts/bench.ts
// imports it only when the chain part runs, after the parts that start servers.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { UnitCard as CardRow } from "@prisma/client";
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from "@solana/spl-token";
import { address } from "@solana/kit";
import { Keypair, LAMPORTS_PER_SOL, PublicKey } from "@solana/web3.js";
import { mintSeedFor } from "~/adapters/chain/issuer-key.server";
import { LiteSvmChain } from "../../stubs/solana-rpc/litesvm";
import { buildNftTransaction, mintAccountSize } from "~/adapters/chain/nft-transaction.server";

const N = Number(process.env.BENCH_MINTS ?? 200);
if (!Number.isInteger(N) || N < 1) throw new Error("BENCH_MINTS must be a whole number of at least 1");
const WARMUP = 5;
const SHOP = "bench.myshopify.com";
const APP_URL = "https://bench.example.com";
const FUNDING = 1_000 * LAMPORTS_PER_SOL;
const cardName = (i: number) => `Bench limited edition card #${String(i).padStart(5, "0")}`;

// Everything that imports ~/db/client.server or reads the chain config must be loaded after this.
const dbFile = join(tmpdir(), `twin-cards-bench-${process.pid}.sqlite`);
process.on("exit", () => ["", "-journal", "-wal", "-shm"].forEach((suffix) => rmSync(`${dbFile}${suffix}`, { force: true })));
const issuer = Keypair.generate();
Object.assign(process.env, {
  DATABASE_URL: `file:${dbFile}`,
  SOLANA_RPC_URL: "http://127.0.0.1:8899",
  ISSUER_SECRET_KEY: JSON.stringify(Array.from(issuer.secretKey)),
  SHOPIFY_APP_URL: APP_URL,
});
execFileSync("node_modules/.bin/prisma", ["migrate", "deploy"], { stdio: ["ignore", "ignore", "inherit"] });

const { wireServices } = await import("~/wiring/services.server");
wireServices();
const { db } = await import("~/db/client.server");
const { createCardBatch } = await import("~/domain/cards.server");
const { setNftDistributionApproval } = await import("~/domain/chain-mints.server");
const { metadataPath, onChainMetadata } = await import("~/domain/nft-metadata");
const { newId } = await import("~/domain/ids");
const { ChainMinter } = await import("~/adapters/chain/minter.server");
const { MAX_BATCH_CARDS } = await import("~/domain/schemas/card");

function fundedChain(): LiteSvmChain {
  const chain = new LiteSvmChain();
  chain.airdrop(issuer.publicKey, FUNDING);
  return chain;
}

const balance = (chain: LiteSvmChain) => Number(chain.svm.getBalance(address(issuer.publicKey.toBase58())) ?? 0);

/** Baseline: build and send, as the minter does, with nothing else around it. Returns one transaction's size. */
async function rawMints(chain: LiteSvmChain, recipient: PublicKey, count: number): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const nftId = newId("nft");
    const card = { id: newId("card"), name: cardName(i) } as CardRow;
    const metadata = onChainMetadata({ kind: "card", card }, SHOP, `${APP_URL}${metadataPath(nftId)}`);
    const mint = Keypair.fromSeed(mintSeedFor(issuer, nftId));
    const { totalLen } = mintAccountSize(mint.publicKey, issuer.publicKey, metadata);
    const rentLamports = await chain.getMinimumBalanceForRentExemption(totalLen);
    const lifetime = await chain.getLatestBlockhash();
    const transaction = buildNftTransaction({ issuer, mint, recipient, metadata, rentLamports, lifetime });
    bytes = transaction.serialize().length;
    await chain.sendAndConfirm(transaction);
  }
  return bytes;
}

/** Owned cards, created through the domain as the API does; returns their ids. */
async function queueCards(recipient: PublicKey, count: number, first: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += MAX_BATCH_CARDS) {
    const cards = Array.from({ length: Math.min(MAX_BATCH_CARDS, count - start) }, (_, i) => ({
      name: cardName(first + start + i),
      media: { imageUrls: [`${APP_URL}/images/card.png`] },
    }));
    const created = await createCardBatch(SHOP, { cards, owner: "shopify|1001", publicKey: recipient.toBase58() });
    ids.push(...created.map((card) => card.id));
  }
  return ids;
}

async function drain(minter: InstanceType<typeof ChainMinter>) {
  while ((await minter.drainOnce()) > 0);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Checks every card's NFT on chain and sums the rent held by its mint and token accounts. */
async function mintedOnChain(chain: LiteSvmChain, cardIds: string[], recipient: PublicKey) {
  const rows = await db.chainMint.findMany({ where: { cardId: { in: cardIds }, status: "MINTED" } });
  let mintRent = 0;
  let ataRent = 0;
  let mintBytes = 0;
  let verified = 0;
  for (const row of rows) {
    const mint = new PublicKey(row.mintAddress);
    const mintAccount = await chain.getAccount(mint);
    const ata = await chain.getAccount(getAssociatedTokenAddressSync(mint, recipient, true, TOKEN_2022_PROGRAM_ID));
    if (!mintAccount?.owner.equals(TOKEN_2022_PROGRAM_ID) || !ata) continue;
    // A token account starts mint (32), owner (32), amount (u64).
    if (Buffer.from(ata.data).readBigUInt64LE(64) !== 1n) continue;
    verified++;
    mintRent += mintAccount.lamports;
    ataRent += ata.lamports;
    mintBytes = mintAccount.data.length;
  }
  return { minted: rows.length, verified, mintRent, ataRent, mintBytes };
}

const lamportsAndSol = (lamports: number) =>
  `${Math.round(lamports).toLocaleString("en-US").padStart(11)} lamports  ${(lamports / LAMPORTS_PER_SOL).toFixed(6)} SOL`;

async function main(): Promise<boolean> {
  const recipient = Keypair.generate().publicKey;

  const rawChain = fundedChain();
  await rawMints(rawChain, recipient, WARMUP);
  let txBytes = 0;
  const rawMs = await timed(async () => (txBytes = await rawMints(rawChain, recipient, N)));

  const chain = fundedChain();
  const minter = new ChainMinter({ chain, issuer, appUrl: APP_URL });
  await setNftDistributionApproval(SHOP, true);
  await queueCards(recipient, WARMUP, 0);
  await drain(minter);
  const cardIds = await queueCards(recipient, N, WARMUP);
  const before = balance(chain);
  const appMs = await timed(() => drain(minter));
  const paid = (before - balance(chain)) / N;
  const check = await mintedOnChain(chain, cardIds, recipient);

  const rawRate = (N / rawMs) * 1000;
  const appRate = (N / appMs) * 1000;
  const mintRent = check.mintRent / N;
  const ataRent = check.ataRent / N;
  const overheadMs = (appMs - rawMs) / N;
  const rows: [string, string][] = [
    ["raw LiteSVM loop", `${rawRate.toFixed(1).padStart(7)} mints/s  ${(rawMs / N).toFixed(2).padStart(6)} ms/mint`],
    ["app (SQLite + ChainMinter)", `${appRate.toFixed(1).padStart(7)} mints/s  ${(appMs / N).toFixed(2).padStart(6)} ms/mint`],
    [
      "app / raw",
      `${(appRate / rawRate).toFixed(2)}× the raw loop, ${overheadMs >= 0 ? "+" : ""}${overheadMs.toFixed(2)} ms overhead per mint`,
    ],
    ["issuer paid per mint", lamportsAndSol(paid)],
    ["  mint account rent", `${lamportsAndSol(mintRent)}  (${check.mintBytes} bytes)`],
    ["  token account (ATA) rent", lamportsAndSol(ataRent)],
    ["  fees", lamportsAndSol(paid - mintRent - ataRent)],
    ["transaction size", `${txBytes} bytes (limit 1232)`],
    ["peak RSS", `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`],
    ["check", `${check.minted}/${N} rows MINTED, ${check.verified}/${N} NFTs on chain (1 token each)`],
  ];
  console.log(`Twin Cards bench: ${N} NFT mints per run on LiteSVM (${WARMUP} warm-up mints each), Node ${process.version}`);
  for (const [label, value] of rows) console.log(`${label.padEnd(28)}${value}`);
  return check.minted === N && check.verified === N;
}

/** Runs the chain bench and prints its table; false when not every NFT was minted. */
export async function chainBench(): Promise<boolean> {
  try {
    const ok = await main();
    if (!ok) console.error("chain bench FAILED: not every NFT was minted");
    return ok;
  } finally {
    await db.$disconnect();
  }
}
