import { z } from "./zod";

export const CHAIN_STATUSES = ["PENDING", "HELD", "MINTED", "FAILED"] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

/** Where a twin or owned card stands on Solana; null when chain issuing is off. */
export const chainState = z
  .object({
    status: z.enum(CHAIN_STATUSES).meta({
      description: "PENDING: queued or being minted; HELD: waiting for the shop's NFT distribution approval; MINTED; FAILED (see reason)",
    }),
    mint: z.string().meta({ description: "The NFT's mint address, fixed before the first send" }),
    signature: z.string().nullable().meta({ description: "The minting transaction, once MINTED" }),
    explorerUrl: z.string().meta({ description: "Solana Explorer page of the mint" }),
    metadataUrl: z.string().meta({ description: "The public metadata JSON the NFT points to" }),
    reason: z.string().nullable().meta({ description: "Why it is HELD or FAILED, or the last transient error while PENDING" }),
    mintedAt: z.string().nullable(),
  })
  .nullable()
  .meta({ id: "ChainState" });
export type ChainState = z.infer<typeof chainState>;
