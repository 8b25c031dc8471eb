import { metadataPath } from "./nft-metadata";
import { ports } from "./ports";
import type { ChainState, ChainStatus } from "./schemas";
import type { MintStateRecord } from "./stores";

/** A stored status as the API shows it: MINTING (a worker holds the row) is still PENDING to everyone else. */
export const publicStatus = (status: string): ChainStatus => (status === "MINTING" ? "PENDING" : (status as ChainStatus));

/** The API's view of a mint. */
export function toChainState(row: MintStateRecord | null | undefined): ChainState {
  if (!row) return null;
  const status = publicStatus(row.status);
  const { chain, urls } = ports();
  return {
    status,
    mint: row.mintAddress,
    signature: row.signature,
    explorerUrl: chain.explorerAddressUrl(row.cluster, row.mintAddress),
    metadataUrl: `${urls.appUrl()}${metadataPath(row.id)}`,
    reason: status === "MINTED" ? null : row.lastError,
    mintedAt: row.mintedAt?.toISOString() ?? null,
  };
}
