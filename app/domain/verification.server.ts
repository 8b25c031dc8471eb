import { toChainState } from "./chain-view";
import { isVerifyToken } from "./verify-token.server";
import { SERIAL_MAX_LENGTH } from "./digital-link";
import { identityOf } from "./item-products.server";
import { linksetOf, type Linkset } from "./linkset";
import { resolvedItemOf } from "./resolver.server";
import { countVisitorLookup } from "./visitor-lookups.server";
import { maskName } from "./masking";
import { publicMetadata } from "./public-metadata";
import type { CardCustody, MetadataEntry } from "./schemas";
import type { StorefrontChain, StorefrontMetadataEntry } from "./storefront.server";
import { stores, type MintStateRecord } from "./stores";
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

/** What machines read of the item (its JSON-LD and GS1 linkset): its identifiers. */
export interface Passport {
  /** Its GS1 serial, else its number in its edition, else the first 20 hex digits of its token. */
  serial: string;
  /** Its GTIN-14, when it was issued from a product whose barcode is a GTIN. */
  gtin: string | null;
  /** Its GS1 linkset (RFC 9264), when it has a Digital Link. */
  linkset: Linkset | null;
}

interface VerifiedBase {
  /** The page's own address, for Open Graph and the canonical link: the item's GS1 Digital Link when it has one. */
  url: string;
  passport: Passport;
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
  await countVisitorLookup(client.address);
  return verificationByToken(shop, token, viewerCustomerId);
}

/** The item and its identifiers as the page shows them, once the visitor's lookup was counted (the resolver and taps count their own). */
export async function verificationByToken(shop: string, token: string, viewerCustomerId: string | null): Promise<Verification | null> {
  const viewer = viewerCustomerId ? shopifyOwner(viewerCustomerId) : null;
  if (!isVerifyToken(token)) return null;
  const [twin, card, indexed] = await Promise.all([
    stores().names.twinByVerifyToken(shop, token),
    stores().cards.byVerifyToken(shop, token),
    verifyPagesIndexed(shop),
  ]);
  const item = twin ?? card;
  if (!item) return null;
  const owned = card ? card.status === "OWNED" || card.status === "PENDING_TRANSFER" : true;
  const passport = await passportOf(shop, item, {
    verifyToken: token,
    description: twin ? twin.title : card && owned ? card.name : null,
    claimable: card ? card.status === "PENDING_REDEMPTION" || card.status === "PENDING_TRANSFER" : false,
  });
  const base = { url: passport.url, passport: passport.passport, indexed };
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

/** The item's identifiers, and its public URL: its GS1 Digital Link when it has one, else its verification page. */
async function passportOf(
  shop: string,
  item: { id: string; serialNumber: number | null },
  linked: { verifyToken: string; description: string | null; claimable: boolean },
): Promise<{ url: string; passport: Passport }> {
  const identity = await identityOf(shop, item.id);
  const fallbackSerial = item.serialNumber === null ? linked.verifyToken.slice(0, SERIAL_MAX_LENGTH) : String(item.serialNumber);
  if (!identity?.digitalLink || !identity.serial)
    return {
      url: verifyUrlOf(shop, linked.verifyToken),
      passport: { serial: fallbackSerial, gtin: identity?.gtin ?? null, linkset: null },
    };
  const resolved = await resolvedItemOf(shop, { ...identity, digitalLink: identity.digitalLink }, linked);
  return { url: identity.digitalLink, passport: { serial: identity.serial, gtin: identity.gtin, linkset: linksetOf(resolved) } };
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
