import type { CardWithRedemption } from "../card-view";
import type { NftSubject } from "../nft-metadata";
import type { toDigitalTwin } from "../twins.server";

/** An NFT queued for a twin or an owned card: a row of the mint outbox (docs/decisions/0016-on-chain-issuing.md). */
export interface ChainMintRecord {
  /** nft_<ULID>; also names the public metadata JSON. */
  id: string;
  shop: string;
  twinId: string | null;
  cardId: string | null;
  /** The wallet receiving the NFT. */
  recipient: string;
  /** Derived from the issuer key and `id`, fixed before the first send. */
  mintAddress: string;
  cluster: string;
  /** PENDING | MINTING (a worker's lease) | HELD | MINTED | FAILED */
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  /** Every signature sent, space-separated, oldest first. */
  sentSignatures: string;
  signature: string | null;
  mintedAt: Date | null;
  createdAt: Date;
}

/** An NFT to queue, for a twin or for a card. */
export type NewChainMint = Pick<ChainMintRecord, "id" | "shop" | "recipient" | "mintAddress" | "cluster"> & {
  twinId?: string;
  cardId?: string;
};

/** A mint with what its metadata needs: its twin (with its name) or its card. */
export type ChainMintWithSubject = ChainMintRecord & {
  card: Extract<NftSubject, { kind: "card" }>["card"] | null;
  twin: Extract<NftSubject, { kind: "twin" }>["twin"] | null;
};

/** A mint with its twin or card as their /v1 views need them (its event shows the item). */
export type ChainMintWithItem = ChainMintRecord & {
  card: CardWithRedemption | null;
  twin: Parameters<typeof toDigitalTwin>[0] | null;
};

export interface ChainMintStore {
  /** Queues mints in the caller's transaction; the rows written. */
  enqueue(mints: NewChainMint[]): Promise<ChainMintRecord[]>;
  /** The shop's FAILED mint of a twin or card back to PENDING with fresh attempts, due at `at`; how many (0 or 1). */
  retryFailed(shop: string, itemId: string, at: Date): Promise<number>;
  /** The status of the shop's mint of a twin or card; null when it has none. */
  statusOfItem(shop: string, itemId: string): Promise<string | null>;
  /** Every HELD mint of the shop back to PENDING, due at `at`; how many. */
  releaseHeld(shop: string, at: Date): Promise<number>;
  /** One mint back to PENDING, due at `at`, if it is HELD. */
  releaseHeldMint(id: string, at: Date): Promise<void>;
  /** How many of the shop's mints are in each stored status. */
  countByStatus(shop: string): Promise<{ status: string; count: number }[]>;
  withSubject(id: string): Promise<ChainMintWithSubject | null>;
  withItem(id: string): Promise<ChainMintWithItem | null>;
  /** Every mint of the shop (shop/redact); how many there were. */
  deleteForShop(shop: string): Promise<number>;
}
