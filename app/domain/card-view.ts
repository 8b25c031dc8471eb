import { toChainState } from "./chain-view";
import { verifyUrlOf } from "./verify-url";
import type { CardCustody, CardStatus, MetadataEntry, UnitCard } from "./schemas";
import type { CardWithCode, ChainMintRecord } from "./stores";

/** A stored card with its redemption, and its mint when it has one (a card view, CardView, always reads it). */
export type CardWithRedemption = CardWithCode & { chainMint?: ChainMintRecord | null };

/** The API's UnitCard from a stored card. `code` is given only in the creation response. */
export function toUnitCard(row: CardWithRedemption, code?: string): UnitCard {
  const { redemption } = row;
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    editionSize: row.editionSize,
    media: row.media as UnitCard["media"],
    metadata: row.metadata as MetadataEntry[],
    owner: row.owner,
    publicKey: row.publicKey,
    custody: custodyOf(row),
    status: row.status as CardStatus,
    createdAt: row.createdAt.toISOString(),
    redeemedAt: redemption?.redeemedAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    redemption: redemption && {
      phone: redemption.phoneMasked,
      email: redemption.emailMasked,
      expiresAt: redemption.expiresAt.toISOString(),
      ...(code === undefined ? {} : { code }),
    },
    chain: toChainState(row.chainMint),
    verifyUrl: verifyUrlOf(row.shop, row.verifyToken),
    livemode: row.livemode,
  };
}

/** WALLET or HELD for an owned card (decision 0032): held when it was claimed with no wallet; null otherwise. */
export const custodyOf = (row: { status: string; publicKey: string | null }): CardCustody | null =>
  row.status === "OWNED" ? (row.publicKey ? "WALLET" : "HELD") : null;
