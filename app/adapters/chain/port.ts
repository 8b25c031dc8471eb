import type { PublicKey, Transaction } from "@solana/web3.js";
import { OutboxError } from "../../lib/outbox-error";

/** Which Solana network a chain adapter talks to; decides explorer links. */
export const CLUSTERS = ["mainnet-beta", "devnet", "testnet", "localnet"] as const;
export type Cluster = (typeof CLUSTERS)[number];

export interface ChainAccount {
  /** The program that owns the account. */
  owner: PublicKey;
  lamports: number;
  data: Uint8Array;
}

export interface RecentBlockhash {
  blockhash: string;
  /** The transaction must land at or before this block height, or never. */
  lastValidBlockHeight: number;
}

/** What minting needs from a Solana network; one adapter per way of reaching one. */
export interface ChainPort {
  readonly cluster: Cluster;
  getLatestBlockhash(): Promise<RecentBlockhash>;
  /** Sends a fully signed transaction; resolves with its signature once confirmed, or throws a ChainError. */
  sendAndConfirm(transaction: Transaction, lifetime: RecentBlockhash): Promise<string>;
  /** null when no account lives at the address. */
  getAccount(address: PublicKey): Promise<ChainAccount | null>;
  getMinimumBalanceForRentExemption(bytes: number): Promise<number>;
  /** Whether a transaction sent earlier landed: its confirmed status, or unknown. */
  getSignatureStatus(signature: string): Promise<"confirmed" | "failed" | "unknown">;
}

/** A failed chain call: `retryable` for an expired blockhash, RPC 429/5xx or the network; the rest end the mint FAILED. */
export class ChainError extends OutboxError {
  override name = "ChainError";
}

/** A link a person can open to see an address or transaction on Solana Explorer. */
export function explorerUrl(cluster: Cluster, kind: "address" | "tx", value: string, localRpcUrl?: string): string {
  const url = new URL(`https://explorer.solana.com/${kind}/${value}`);
  if (cluster === "devnet" || cluster === "testnet") url.searchParams.set("cluster", cluster);
  if (cluster === "localnet") {
    url.searchParams.set("cluster", "custom");
    if (localRpcUrl) url.searchParams.set("customUrl", localRpcUrl);
  }
  return url.toString();
}
