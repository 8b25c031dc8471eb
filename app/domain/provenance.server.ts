import { toChainState } from "./chain-view";
import { stores, type CardView, type MintStateRecord } from "./stores";

/*
 * An item's public history (decision 0043), for its verification page: what
 * happened to it and when, with its holders numbered in order of holding —
 * "holder 1", "holder 2" — and nothing else about them: no e-mail, phone,
 * customer id or wallet key of any holder, past or present, is ever read here.
 */

export const HISTORY_KINDS = ["ISSUED", "CLAIMED", "GIVEN", "GIFT_PENDING", "WALLET_LINKED", "MINTED", "VOIDED"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export interface HistoryEntry {
  kind: HistoryKind;
  at: string;
  /** The holder it concerns, numbered from 1 in order of holding (the giver, for GIVEN). */
  holder: number | null;
  /** GIVEN: the holder it went to. */
  to: number | null;
  /** ISSUED: the shop's order it came from (e.g. `#1001`), if one. */
  orderName: string | null;
  /** MINTED: the NFT on a Solana explorer. */
  explorerUrl: string | null;
}

const entry = (kind: HistoryKind, at: Date, more: Partial<Omit<HistoryEntry, "kind" | "at">> = {}): HistoryEntry => ({
  kind,
  at: at.toISOString(),
  holder: null,
  to: null,
  orderName: null,
  explorerUrl: null,
  ...more,
});

/** `linkedAt`: when a card claimed with no wallet went to the one its holder linked (decisions 0032, 0072); its NFT, if one. */
function chainEntries(mint: MintStateRecord | null, holder: number, linkedAt: Date | null): HistoryEntry[] {
  const linked = linkedAt ? [entry("WALLET_LINKED", linkedAt, { holder })] : [];
  if (!mint) return linked;
  if (mint.status !== "MINTED" || !mint.mintedAt) return linked;
  return [...linked, entry("MINTED", mint.mintedAt, { holder, explorerUrl: toChainState(mint)?.explorerUrl ?? null })];
}

/** A card's history, oldest first. */
export async function cardHistory(card: CardView): Promise<HistoryEntry[]> {
  const gifts = await stores().gifts.ofCards([card.id]);
  // The code it was first sent with: the one before its first gift, else its own (null: issued to an owner).
  const firstRedemptionId = gifts.length > 0 ? gifts[0]!.previousRedemptionId : card.redemptionId;
  const [first] = firstRedemptionId ? await stores().cards.redemptionsWithCards([firstRedemptionId]) : [];
  const orderName = firstRedemptionId ? await stores().orders.orderNameOf(card.shop, { redemptionId: firstRedemptionId }) : null;

  const history = [entry("ISSUED", card.createdAt, { orderName, holder: firstRedemptionId ? null : 1 })];
  if (first?.redeemedAt) history.push(entry("CLAIMED", first.redeemedAt, { holder: 1 }));
  let holder = 1;
  for (const gift of gifts) {
    if (gift.status === "CLAIMED" && gift.settledAt) {
      history.push(entry("GIVEN", gift.settledAt, { holder, to: holder + 1 }));
      holder += 1;
    } else if (gift.status === "PENDING") {
      history.push(entry("GIFT_PENDING", gift.createdAt, { holder }));
    }
  }
  // Held at its claim (no key then), in a wallet since: the holder linked one.
  const claimedHeld = first ? first.redeemedAt !== null && first.redeemedPublicKey === null : false;
  // Recorded since decision 0072; before, only an NFT, queued when the key arrived, told when.
  const linkedAt = card.walletLinkedAt ?? (claimedHeld && gifts.length === 0 && card.chainMint ? card.chainMint.createdAt : null);
  const linked = chainEntries(card.chainMint, holder, linkedAt);
  // The holder who linked it: the one who held it then (an earlier holder's wallet, if it was given since).
  const holderAt = (at: Date) => 1 + gifts.filter((gift) => gift.status === "CLAIMED" && gift.settledAt && gift.settledAt <= at).length;
  history.push(...linked.map((line) => (line.kind === "WALLET_LINKED" && linkedAt ? { ...line, holder: holderAt(linkedAt) } : line)));
  if (card.voidedAt) history.push(entry("VOIDED", card.voidedAt));
  return history.sort((a, b) => a.at.localeCompare(b.at));
}

/** A twin's history, oldest first: issued to its universal name, and its NFT. */
export async function twinHistory(twin: { id: string; shop: string; createdAt: Date; chainMint: MintStateRecord | null }) {
  const orderName = await stores().orders.orderNameOf(twin.shop, { twinId: twin.id });
  return [entry("ISSUED", twin.createdAt, { orderName, holder: 1 }), ...chainEntries(twin.chainMint, 1, null)];
}
