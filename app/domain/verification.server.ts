import { RateLimit } from "~/lib/rate-limit";
import { toChainState } from "./chain-view";
import { TooManyAttempts } from "./errors";
import { isVerifyToken } from "./verify-token.server";
import { maskName } from "./masking";
import { publicMetadata } from "./public-metadata";
import type { CardCustody, MetadataEntry } from "./schemas";
import type { StorefrontChain, StorefrontMetadataEntry } from "./storefront.server";
import { stores, wiredRateBuckets, type MintStateRecord } from "./stores";
import { verifyUrlOf } from "./verify-url";
import { shopifyOwner } from "./owners";
import { cardHistory, twinHistory, type HistoryEntry } from "./provenance.server";

/*
 * What the public verification page (/apps/twincards/v/<token>) may show of a
 * twin or card: built field by field, public data only. Never an e-mail, phone,
 * owner, wallet key, redemption code or PRIVATE metadata; the holder is a masked
 * universal name. A card still waiting for its claim shows only that it exists.
 * See docs/decisions/0026-verification-page.md.
 */

interface VerifiedBase {
  /** The page's own address, for Open Graph and the canonical link. */
  url: string;
  /** Whether the shop lets search engines index its verification pages. */
  indexed: boolean;
  issuedAt: string;
  /** false for a test item (decision 0036): the page shows it, never as verified. */
  livemode: boolean;
}

/** What happened to it, oldest first, holders numbered (decision 0043). */
interface WithHistory {
  history: HistoryEntry[];
  /**
   * The item's id when the logged-in visitor holds it (the page then offers its holder's
   * downloads: the Apple Wallet pass, the certificate); null for anyone else.
   */
  heldByViewer: string | null;
}

/** Its place in its edition (#12 of 250); nulls outside an edition. */
interface Numbered {
  serialNumber: number | null;
  editionSize: number | null;
}

export interface VerifiedTwin extends VerifiedBase, Numbered, WithHistory {
  kind: "twin";
  title: string;
  description: string;
  brand: string;
  creator: string;
  quantity: number;
  categories: string[];
  images: string[];
  /** The universal name it was issued to, masked (`ja***e`). */
  holder: string;
  chain: StorefrontChain;
}

export interface VerifiedCard extends VerifiedBase, Numbered, WithHistory {
  kind: "card";
  status: "OWNED";
  name: string;
  images: string[];
  videos: string[];
  metadata: StorefrontMetadataEntry[];
  /** The holder's universal name (the one registered to the card's owner and key), masked; null when they have none. */
  holder: string | null;
  /** HELD when the shop keeps the card for its owner, who claimed it with no wallet (decision 0032). */
  custody: CardCustody;
  claimedAt: string | null;
  chain: StorefrontChain;
}

/** A card waiting for its claim, or voided: that it exists, nothing about it or its recipient (a voided one: its history). */
export interface UnclaimedCard extends VerifiedBase {
  kind: "card";
  status: "PENDING_REDEMPTION" | "VOID";
  history: HistoryEntry[];
}

export type Verification = VerifiedTwin | VerifiedCard | UnclaimedCard;

// Lookups per client address: a burst of 60, then one a second. A token has 128
// random bits, so this bounds the load a scanner puts on the database rather
// than its odds, which are nil either way. Shared by every replica, like the
// redeem limits (docs/decisions/0025-shared-limits.md).
const LOOKUPS_PER_MINUTE = 60;
const byClientAddress = new RateLimit(
  "verify-address",
  { capacity: LOOKUPS_PER_MINUTE, refillPerSecond: LOOKUPS_PER_MINUTE / 60 },
  wiredRateBuckets,
);

const chainOf = (mint: MintStateRecord | null): StorefrontChain => {
  const chain = toChainState(mint);
  return chain && { status: chain.status, mint: chain.mint, explorerUrl: chain.explorerUrl };
};

/**
 * The shop's twin or card whose verification token is `token`, as the public
 * page shows it; null for a token of another shop, an unknown one or one of the
 * wrong shape. Every lookup counts toward the per-address limit (RATE_LIMITED).
 */
export async function verificationOf(
  shop: string,
  token: string,
  client: { address: string },
  viewerCustomerId: string | null = null,
): Promise<Verification | null> {
  const viewer = viewerCustomerId ? shopifyOwner(viewerCustomerId) : null;
  const taken = await byClientAddress.take(client.address);
  if (!taken.ok)
    throw new TooManyAttempts("Too many verification pages opened from this address; try again shortly", taken.retryAfterSeconds);
  if (!isVerifyToken(token)) return null;
  const [twin, card, indexed] = await Promise.all([
    stores().names.twinByVerifyToken(shop, token),
    stores().cards.byVerifyToken(shop, token),
    verifyPagesIndexed(shop),
  ]);
  const base = { url: verifyUrlOf(shop, token), indexed };
  if (twin) {
    return {
      ...base,
      kind: "twin",
      issuedAt: twin.createdAt.toISOString(),
      livemode: twin.livemode,
      title: twin.title,
      serialNumber: twin.serialNumber,
      editionSize: twin.editionSize,
      description: twin.description,
      brand: twin.brand,
      creator: twin.creator,
      quantity: twin.quantity,
      categories: [...(twin.categories as string[])],
      images: [...(twin.images as string[])],
      holder: maskName(twin.name.name),
      chain: chainOf(twin.chainMint),
      history: await twinHistory(twin),
      heldByViewer: viewer && twin.livemode && twin.name.owner === viewer ? twin.id : null,
    };
  }
  if (!card) return null;
  const issuedAt = card.createdAt.toISOString();
  const livemode = card.livemode;
  // A card being given is still its giver's (decision 0043).
  if (card.status === "VOID") return { ...base, kind: "card", status: "VOID", issuedAt, livemode, history: await cardHistory(card) };
  if (card.status !== "OWNED" && card.status !== "PENDING_TRANSFER")
    return { ...base, kind: "card", status: "PENDING_REDEMPTION", issuedAt, livemode, history: [] };
  const media = card.media as { imageUrls: string[]; videoUrls: string[] };
  return {
    ...base,
    kind: "card",
    status: "OWNED",
    issuedAt,
    livemode,
    name: card.name,
    serialNumber: card.serialNumber,
    editionSize: card.editionSize,
    images: [...media.imageUrls],
    videos: [...media.videoUrls],
    metadata: publicMetadata(card.metadata as MetadataEntry[]).map(({ key, value, metaType }) => ({ key, value, metaType })),
    holder: await holderName(card.owner, card.publicKey),
    custody: card.publicKey ? "WALLET" : "HELD",
    claimedAt: card.redemption?.redeemedAt?.toISOString() ?? null,
    chain: chainOf(card.chainMint),
    history: await cardHistory(card),
    heldByViewer: viewer && card.livemode && card.status === "OWNED" && card.owner === viewer ? card.id : null,
  };
}

/** The masked universal name registered to this owner with this key (the first alphabetically), if any (also on Wallet passes). */
export async function holderName(owner: string | null, publicKey: string | null): Promise<string | null> {
  if (!owner || !publicKey) return null;
  const name = await stores().names.firstNameOfOwnerKey(owner, publicKey);
  return name ? maskName(name.name) : null;
}

/** Whether search engines may index the shop's verification pages (default: no). */
export async function verifyPagesIndexed(shop: string): Promise<boolean> {
  const setup = await stores().settings.setup(shop);
  return setup?.verifyPagesIndexed ?? false;
}

/** The merchant's choice (admin Settings). */
export async function setVerifyPagesIndexed(shop: string, indexed: boolean): Promise<{ indexed: boolean }> {
  await stores().settings.saveSetup(shop, { verifyPagesIndexed: indexed });
  return { indexed };
}
