import { conflict, notFound } from "./errors";
import { isIdOf, newId } from "./ids";
import { publicStatus } from "./chain-view";
import { metadataJson, type NftSubject } from "./nft-metadata";
import { ports } from "./ports";
import type { ChainStatus } from "./schemas";
import { stores, type ChainMintRecord } from "./stores";

export type MintFor = { twinId: string; cardId?: never } | { cardId: string; twinId?: never };

/**
 * Queues the NFT for a twin or an owned card in the caller's transaction, when
 * chain issuing is configured; a no-op otherwise (the off-chain registry is
 * the default). The mint address is derived and stored here, before any send.
 */
export async function enqueueMints(shop: string, items: (MintFor & { recipient: string })[]): Promise<ChainMintRecord[]> {
  const issuer = ports().chain.issuer();
  if (!issuer || items.length === 0) return [];
  return stores().chainMints.enqueue(
    items.map(({ recipient, ...subject }) => {
      const id = newId("nft");
      return {
        id,
        shop,
        ...subject,
        recipient,
        mintAddress: issuer.mintAddressFor(id),
        cluster: issuer.cluster,
      };
    }),
  );
}

/** Whether this server mints (SOLANA_RPC_URL and ISSUER_SECRET_KEY are set). */
export const chainIssuingOn = () => ports().chain.issuer() !== null;

/** The admin's Retry for a twin's or card's NFT: a FAILED mint goes back to the queue with fresh attempts. */
export async function retryMint(shop: string, itemId: string): Promise<void> {
  if (!isIdOf("twin", itemId) && !isIdOf("card", itemId)) throw notFound("Mint");
  if ((await stores().chainMints.retryFailed(shop, itemId, new Date())) === 1) return;
  const status = await stores().chainMints.statusOfItem(shop, itemId);
  if (status === null) throw notFound("Mint");
  throw conflict(`Only a FAILED mint can be retried; this one is ${publicStatus(status)}`);
}

/** Whether the merchant confirmed Shopify approved the shop to distribute NFTs. */
export async function nftDistributionApproval(shop: string): Promise<Date | null> {
  const setup = await stores().settings.setup(shop);
  return setup?.nftApprovedAt ?? null;
}

/**
 * The merchant's NFT distribution setting. Turning it on releases every HELD
 * mint at once; turning it off holds the ones not yet sent when the worker
 * reaches them.
 */
export async function setNftDistributionApproval(shop: string, approved: boolean): Promise<{ released: number }> {
  const nftApprovedAt = approved ? new Date() : null;
  return stores().transaction(async () => {
    await stores().settings.saveSetup(shop, { nftApprovedAt });
    if (!approved) return { released: 0 };
    return { released: await stores().chainMints.releaseHeld(shop, new Date()) };
  });
}

export interface ChainOverview {
  /** null when chain issuing is not configured on this server. */
  issuing: { cluster: string; issuer: string; issuerExplorerUrl: string } | null;
  nftApprovedAt: string | null;
  counts: Record<ChainStatus, number>;
}

/** What the admin shows about on-chain issuing for a shop. */
export async function chainOverview(shop: string): Promise<ChainOverview> {
  const { chain } = ports();
  const issuer = chain.issuer();
  return {
    issuing: issuer && {
      cluster: issuer.cluster,
      issuer: issuer.issuerAddress,
      issuerExplorerUrl: chain.explorerAddressUrl(issuer.cluster, issuer.issuerAddress),
    },
    nftApprovedAt: (await nftDistributionApproval(shop))?.toISOString() ?? null,
    counts: await chainMintCounts(shop),
  };
}

/** How many of the shop's mints are in each state, for the admin. */
export async function chainMintCounts(shop: string): Promise<Record<ChainStatus, number>> {
  const counts: Record<ChainStatus, number> = { PENDING: 0, HELD: 0, MINTED: 0, FAILED: 0 };
  for (const group of await stores().chainMints.countByStatus(shop)) counts[publicStatus(group.status)] += group.count;
  return counts;
}

/** The subject an NFT record was queued for, with what its metadata needs. */
export async function loadNftSubject(nftId: string): Promise<{ row: ChainMintRecord; subject: NftSubject } | null> {
  const row = await stores().chainMints.withSubject(nftId);
  if (!row) return null;
  const { card, twin, ...mint } = row;
  if (twin) return { row: mint, subject: { kind: "twin", twin } };
  if (card) return { row: mint, subject: { kind: "card", card } };
  return null;
}

/**
 * GET /v1/metadata/<id>.json: public (wallets and explorers fetch it with no
 * key). Only items queued for the chain have one; any other id is not found.
 */
export async function publicNftMetadata(nftId: string) {
  const found = await loadNftSubject(nftId);
  if (!found) throw notFound("NFT metadata");
  return metadataJson(found.subject, found.row.shop);
}
