import { publicMetadata } from "./public-metadata";
import { customerHoldings } from "./customer-holdings.server";
import { linkedWallet, shortAddress, type LinkedWallet } from "./customer-wallets.server";
import { shopifyOwner } from "./owners";
import { namesOfOwner, registerNameFor } from "./names.server";
import { redeem, redeemById, type RedeemClient } from "./redeem.server";
import { notFound } from "./errors";
import { stores } from "./stores";
import { googleWalletOn } from "./google-wallet.server";
import { ports } from "./ports";
import { walletPassesOn } from "./wallet-passes.server";
import { canBeGiven, cancelGift, giftsOfCustomer, giveCard } from "./gifts.server";
import {
  CHAIN_STATUSES,
  cardCustody,
  cardStatus,
  giveCardInput,
  optionalText,
  parseInput,
  type ChainState,
  registerNameInput,
  serialFields,
  walletPublicKey,
  type DigitalTwin,
  type MetadataEntry,
  type NameRecord,
  type UnitCard,
} from "./schemas";
import { z } from "./schemas/zod";
import { maskEmail, maskPhone } from "./masking";

/*
 * What a customer sees on the storefront (app proxy, theme blocks): only public
 * data. No owner, wallet key, redemption contact or code, no PRIVATE metadata.
 * The shapes are built field by field, so a field added to UnitCard or
 * DigitalTwin never reaches the storefront by accident.
 */

export const storefrontMetadataEntry = z.object({ key: z.string(), value: z.unknown(), metaType: z.string() });
export type StorefrontMetadataEntry = z.infer<typeof storefrontMetadataEntry>;

/** A customer sees where their item stands on-chain, never the merchant-side reason for a hold or failure. */
export const storefrontChain = z.object({ status: z.enum(CHAIN_STATUSES), mint: z.string(), explorerUrl: z.string() }).nullable();
export type StorefrontChain = z.infer<typeof storefrontChain>;

const toStorefrontChain = (chain: ChainState): StorefrontChain =>
  chain && { status: chain.status, mint: chain.mint, explorerUrl: chain.explorerUrl };

/*
 * What a holder can do with an item, the same on every "My cards" (issue 39, item 5): the theme
 * block, the app proxy's page and the customer account page all show these, in this order, so they
 * cannot drift. Each is a path under the app proxy (`/apps/twincards`), which every face prefixes
 * as it reaches the storefront (the block and the page with the localized root, the account with
 * `https://<shop>`).
 */
export const ITEM_ACTIONS = ["VERIFY", "GIVE", "TAKE_BACK", "CERTIFICATE", "APPLE_PASS", "GOOGLE_PASS"] as const;
export type ItemActionKind = (typeof ITEM_ACTIONS)[number];
export const itemAction = z.object({
  kind: z.enum(ITEM_ACTIONS),
  path: z.string().meta({ description: "Under the app proxy, e.g. /v/<token> or /certificate/<id>?size=a4" }),
});
export type ItemAction = z.infer<typeof itemAction>;

/** `https://<shop>/apps/twincards/v/<token>` → `/v/<token>`. */
function proxyRelative(url: string): string {
  const { pathname } = new URL(url);
  const prefix = ports().urls.proxyPath();
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
}

/** A card's actions: verify once claimed; give or take back; its certificate and passes while its holder has it. */
export function cardActions(card: Pick<UnitCard, "id" | "status" | "verifyUrl">, giftable: boolean): ItemAction[] {
  const id = encodeURIComponent(card.id);
  const held = card.status === "OWNED" || card.status === "PENDING_TRANSFER";
  const actions: (ItemAction | false)[] = [
    card.status !== "PENDING_REDEMPTION" && card.status !== "VOID" && { kind: "VERIFY", path: proxyRelative(card.verifyUrl) },
    giftable && { kind: "GIVE", path: `/cards/${id}/give` },
    card.status === "PENDING_TRANSFER" && { kind: "TAKE_BACK", path: `/cards/${id}/cancel-gift` },
    held && { kind: "CERTIFICATE", path: `/certificate/${id}?size=a4` },
    ...passActions(card.id, card.status === "OWNED"),
  ];
  return actions.filter((action): action is ItemAction => action !== false);
}

/** A twin's actions: verify, its certificate, its passes. */
export const twinActions = (twin: Pick<DigitalTwin, "id" | "verifyUrl">): ItemAction[] => [
  { kind: "VERIFY", path: proxyRelative(twin.verifyUrl) },
  { kind: "CERTIFICATE", path: `/certificate/${encodeURIComponent(twin.id)}?size=a4` },
  ...passActions(twin.id, true),
];

const passActions = (id: string, held: boolean): ItemAction[] => [
  ...(held && walletPassesOn() ? [{ kind: "APPLE_PASS" as const, path: `/passes/${encodeURIComponent(id)}.pkpass` }] : []),
  ...(held && googleWalletOn() ? [{ kind: "GOOGLE_PASS" as const, path: `/google-wallet/${encodeURIComponent(id)}` }] : []),
];

export const storefrontCard = z.object({
  id: z.string(),
  name: z.string(),
  ...serialFields,
  media: z.object({ imageUrls: z.array(z.string()), videoUrls: z.array(z.string()) }),
  metadata: z.array(storefrontMetadataEntry).meta({ description: "PUBLIC entries only, without visibility" }),
  status: cardStatus,
  custody: cardCustody
    .nullable()
    .meta({ description: "HELD: the shop keeps the card for the customer until they link a wallet; WALLET: in their wallet" }),
  createdAt: z.string(),
  redeemedAt: z.string().nullable(),
  chain: storefrontChain,
  giftable: z
    .boolean()
    .meta({ description: "Whether its holder can give it (decision 0043): owned and not minted, since the shop cannot move an NFT" }),
  verifyUrl: z.string().meta({ description: "The item's public verification page, with its history" }),
  actions: z.array(itemAction).meta({ description: "What its holder can do with it, in the order every My cards shows" }),
  giftFrom: z
    .object({ name: z.string().nullable(), at: z.string() })
    .nullable()
    .meta({ description: "A card given to its holder: who gave it (the name they chose; null: unknown) and when they claimed it" }),
});
export type StorefrontCard = z.infer<typeof storefrontCard>;

export const storefrontTwin = z.object({
  id: z.string(),
  title: z.string(),
  ...serialFields,
  description: z.string(),
  brand: z.string(),
  creator: z.string(),
  quantity: z.number().int(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  categories: z.array(z.string()),
  links: z.array(z.string()),
  images: z.array(z.string()),
  uns_name: z.string(),
  createdAt: z.string(),
  chain: storefrontChain,
  actions: z.array(itemAction),
});
export type StorefrontTwin = z.infer<typeof storefrontTwin>;

/**
 * The wallet the customer linked, as they recognise it: shown shortened; the whole address only to
 * copy it, on their own logged-in pages (a public key, theirs; decision 0072).
 */
export const storefrontWallet = z
  .object({
    address: z.string().meta({ description: "First and last four characters, e.g. 3uKC…nnpe" }),
    publicKey: z.string().meta({ description: "The whole address, for the customer's Copy button" }),
    verified: z.boolean(),
  })
  .nullable();
export type StorefrontWallet = z.infer<typeof storefrontWallet>;

/** A gift the customer gave and its recipient claimed (issue 39, item 9). */
export const storefrontGiftGiven = z.object({
  cardId: z.string(),
  cardName: z.string(),
  recipient: z.string().meta({ description: "The recipient's first name in Shopify, else the masked address the gift went to" }),
  at: z.string(),
});
export type StorefrontGiftGiven = z.infer<typeof storefrontGiftGiven>;

/**
 * A code sent to the customer's own e-mail address, still to be claimed (issue 39, item 7): "waiting
 * for you" on every My cards, claimed with one tap at `claimPath` (under the app proxy) without its code.
 */
export const storefrontWaitingCode = z.object({
  id: z.string().meta({ description: "The code's id (never the code itself)" }),
  cards: z.array(z.object({ id: z.string(), name: z.string() })).meta({ description: "Its cards still to claim, oldest first" }),
  expiresAt: z.string(),
  claimPath: z.string().meta({ description: "POST here (under the app proxy) to claim it: /waiting/<id>/claim" }),
});
export type StorefrontWaitingCode = z.infer<typeof storefrontWaitingCode>;

export const storefrontHoldingsSchema = z.object({
  waiting: z
    .array(storefrontWaitingCode)
    .meta({ description: "Codes sent to the customer's e-mail address that Shopify says they verified, still to claim (decision 0070)" }),
  cards: z.array(storefrontCard),
  given: z.array(storefrontGiftGiven).meta({ description: "The gifts the customer gave that were claimed, newest first" }),
  twins: z.array(storefrontTwin),
  wallet: storefrontWallet,
  appleWalletPasses: z.boolean().meta({ description: "Whether each item offers Add to Apple Wallet (the app can sign passes)" }),
  googleWalletPasses: z
    .boolean()
    .meta({ description: "Whether each item offers Add to Google Wallet (the app has a Google Wallet service account)" }),
});
export type StorefrontHoldings = z.infer<typeof storefrontHoldingsSchema>;

/** What the storefront sends to claim cards: never an owner, which is the logged-in customer. */
export const claimCardInput = z
  .object({
    code: z.string().min(1, "Required").max(80, "Must be at most 80 characters"),
    publicKey: z.preprocess(optionalText, walletPublicKey.optional()).meta({
      description: "Wallet key for the cards; default: the key of the customer's universal name, else none (the shop holds them)",
    }),
  })
  .strict();
export type ClaimCardInput = z.input<typeof claimCardInput>;
export type ClaimCardCommand = z.output<typeof claimCardInput>;

/** What the storefront sends to register a name: never an owner, which is the logged-in customer. */
export const customerNameInput = registerNameInput.omit({ owner: true });
export type CustomerNameCommand = z.output<typeof customerNameInput>;

export const toStorefrontCard = (card: UnitCard): StorefrontCard => {
  const giftable = canBeGiven(card, card.chain !== null);
  return {
    id: card.id,
    name: card.name,
    serialNumber: card.serialNumber,
    editionSize: card.editionSize,
    media: { imageUrls: [...card.media.imageUrls], videoUrls: [...card.media.videoUrls] },
    // UnitCard's metadata is the stored MetadataEntry[], typed loosely for the API schema.
    metadata: publicMetadata(card.metadata as MetadataEntry[]).map(({ key, value, metaType }) => ({ key, value, metaType })),
    status: card.status,
    custody: card.custody,
    createdAt: card.createdAt,
    redeemedAt: card.redeemedAt,
    chain: toStorefrontChain(card.chain),
    giftable,
    verifyUrl: card.verifyUrl,
    actions: cardActions(card, giftable),
    giftFrom: null,
  };
};

/** The customer's cards with who gave each one given to them, and the gifts they gave that were claimed. */
export async function withGifts(shop: string, customerId: string, cards: StorefrontCard[]) {
  const { received, given } = await giftsOfCustomer(shop, shopifyOwner(customerId));
  const from = (card: StorefrontCard) => received.get(card.id);
  return {
    cards: cards.map((card) => {
      const gift = from(card);
      return gift ? { ...card, giftFrom: { name: gift.fromName, at: gift.at } } : card;
    }),
    given,
  };
}

export const toStorefrontTwin = (twin: DigitalTwin): StorefrontTwin => ({
  id: twin.id,
  title: twin.title,
  serialNumber: twin.serialNumber,
  editionSize: twin.editionSize,
  description: twin.description,
  brand: twin.brand,
  creator: twin.creator,
  quantity: twin.quantity,
  price: twin.price,
  currency: twin.currency,
  categories: [...twin.categories],
  links: [...twin.links],
  images: [...twin.images],
  uns_name: twin.uns_name,
  createdAt: twin.createdAt,
  chain: toStorefrontChain(twin.chain),
  actions: twinActions(twin),
});

/**
 * A Shopify customer's cards in a shop (owned by `shopify|<id>`) and the twins
 * that shop issued to the customer's universal names, public data only.
 */
export async function storefrontHoldings(shop: string, customerId: string): Promise<StorefrontHoldings> {
  const [{ cards, twins }, wallet] = await Promise.all([customerHoldings(shop, customerId), linkedWallet(shop, shopifyOwner(customerId))]);
  const [gifts, waiting] = await Promise.all([
    withGifts(shop, customerId, cards.map(toStorefrontCard)),
    waitingForCustomer(shop, customerId),
  ]);
  return {
    waiting,
    cards: gifts.cards,
    given: gifts.given,
    twins: twins.map(toStorefrontTwin),
    wallet: toStorefrontWallet(wallet),
    appleWalletPasses: walletPassesOn(),
    googleWalletPasses: googleWalletOn(),
  };
}

export const toStorefrontWallet = (wallet: LinkedWallet | null): StorefrontWallet =>
  wallet && { address: shortAddress(wallet.publicKey), publicKey: wallet.publicKey, verified: wallet.verified };

/**
 * An e-mail address as the app compares it (decision 0070): trimmed, lower-cased, Unicode NFC. No
 * dot or plus folding: `a.b+c@x` is another mailbox than `ab@x` for most providers but one.
 */
export const comparableEmail = (address: string) => address.trim().toLowerCase().normalize("NFC");

/**
 * The codes waiting for a logged-in customer (issue 39, item 7): those sent by e-mail to exactly the
 * address Shopify says they verified (`CustomerFacts.verifiedEmail`, read from the Admin API, never
 * from the request), not redeemed, not expired, with cards still to claim. A gift's code is not one:
 * its cards are being given, and the giver may take them back. SMS codes never: Shopify does not say
 * a customer's phone is verified. Shopify unknown or away: none.
 */
export async function waitingForCustomer(shop: string, customerId: string): Promise<StorefrontWaitingCode[]> {
  const verified = (await ports().customers.about(shop, customerId))?.verifiedEmail;
  if (!verified) return [];
  const address = comparableEmail(verified);
  const sent = (await stores().notifications.emailedAwaitingClaim(shop, new Date())).filter(
    (row) => comparableEmail(row.destination) === address,
  );
  const codes = new Map(sent.map((row) => [row.redemptionId, row.expiresAt]));
  if (codes.size === 0) return [];
  const cards = await stores().cards.pendingCardsOfCodes(shop, [...codes.keys()]);
  return [...codes]
    .map(([id, expiresAt]) => ({
      id,
      cards: cards.filter((card) => card.redemptionId === id).map((card) => ({ id: card.id, name: card.name })),
      expiresAt: expiresAt.toISOString(),
      claimPath: `/waiting/${encodeURIComponent(id)}/claim`,
    }))
    .filter((code) => code.cards.length > 0);
}

/** Where a customer's claimed cards go when they name no wallet: the one they linked, else their first universal name's. */
async function defaultKey(shop: string, owner: string): Promise<string | undefined> {
  return (await linkedWallet(shop, owner))?.publicKey ?? (await namesOfOwner(owner))[0]?.public_key;
}

/**
 * A logged-in customer claims a code waiting for them with one tap, as if they had typed it: the same
 * claim, to the same wallet or the shop's keeping. Only a code `waitingForCustomer` lists for them; any
 * other (someone else's, claimed, voided, expired, a gift) is NOT_FOUND and nothing is written.
 */
export async function claimWaitingForCustomer(shop: string, customerId: string, codeId: string): Promise<StorefrontCard[]> {
  const waiting = await waitingForCustomer(shop, customerId);
  if (!waiting.some((code) => code.id === codeId)) throw notFound("No card is waiting for you under this code");
  const owner = shopifyOwner(customerId);
  const cards = await redeemById(shop, codeId, owner, (await defaultKey(shop, owner)) ?? null);
  return (await withGifts(shop, customerId, cards.map(toStorefrontCard))).cards;
}

/**
 * A logged-in customer claims the cards of a redemption code with the code alone:
 * the owner is `shopify|<id>`; the cards go to the wallet key given, else to the
 * wallet the customer linked, else to the key of their first universal name
 * (alphabetically), else the shop holds them for the customer (custody HELD)
 * until they link a wallet. Then the same redeem as /v1 — single use,
 * 404/409/410, the same attempt limits.
 */
export async function claimForCustomer(
  shop: string,
  customerId: string,
  { code, publicKey }: ClaimCardCommand,
  client: RedeemClient,
): Promise<StorefrontCard[]> {
  const owner = shopifyOwner(customerId);
  const key = publicKey ?? (await defaultKey(shop, owner));
  const cards = await redeem(shop, { code, owner, publicKey: key }, client);
  // A gift claimed says who gave it (issue 39, item 9).
  return (await withGifts(shop, customerId, cards.map(toStorefrontCard))).cards;
}

/** A logged-in customer gives one of their cards (decision 0043); the giver is `shopify|<id>`. */
export async function giveCardForCustomer(shop: string, customerId: string, cardId: string, input: unknown) {
  const card = toStorefrontCard(await giveCard(shop, shopifyOwner(customerId), cardId, input));
  // Where the gift went, masked, for the page's "Gift sent to …" (issue 39, defect 8): the input was valid, or giveCard refused it.
  const { email, phone } = parseInput(giveCardInput, input);
  return { ...card, sentTo: email ? maskEmail(email) : phone ? maskPhone(phone) : null };
}

/** A logged-in customer takes back a card they gave, before it is claimed. */
export const cancelGiftForCustomer = async (shop: string, customerId: string, cardId: string) =>
  toStorefrontCard(await cancelGift(shop, shopifyOwner(customerId), cardId));

/** A logged-in customer registers a universal name for their wallet key; the owner is `shopify|<id>`. */
export function registerNameForCustomer(shop: string, customerId: string, { name, publicKey }: CustomerNameCommand): Promise<NameRecord> {
  return registerNameFor(shop, { name, publicKey, owner: shopifyOwner(customerId) });
}
