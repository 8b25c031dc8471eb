// What the app's /customer-account/* routes answer (app/domain/customer-account.server.ts,
// public storefront shapes only).

export interface ChainLine {
  status: "PENDING" | "MINTED" | "HELD" | "FAILED";
  mint: string;
  explorerUrl: string;
}

export interface MetadataEntry {
  key: string;
  value: unknown;
  metaType: string;
}

/** An item's place in its edition: #serialNumber of editionSize (null: open edition); both null outside an edition. */
export interface Numbered {
  serialNumber: number | null;
  editionSize: number | null;
}

/** What the holder can do with an item, in the order every "My cards" shows (the app's `ITEM_ACTIONS`). */
export interface ItemAction {
  kind: "VERIFY" | "GIVE" | "TAKE_BACK" | "CERTIFICATE" | "APPLE_PASS" | "GOOGLE_PASS";
  /** Under the storefront's app proxy: `<Holdings.proxyUrl><path>`. */
  path: string;
}

export interface Card extends Numbered {
  id: string;
  name: string;
  media: { imageUrls: string[]; videoUrls: string[] };
  metadata: MetadataEntry[];
  status: string;
  /** HELD: the shop keeps the card for the customer, who claimed it with no wallet. */
  custody: "WALLET" | "HELD" | null;
  createdAt: string;
  redeemedAt: string | null;
  chain: ChainLine | null;
  /** Whether the customer can give it (decision 0043): owned and not an NFT. */
  giftable: boolean;
  /** Its public verification page, with its history. */
  verifyUrl: string;
  actions: ItemAction[];
  /** A card given to the customer: who gave it (the name they chose; null: unknown) and when they claimed it. */
  giftFrom: { name: string | null; at: string } | null;
}

/** A gift the customer gave and its recipient claimed. */
export interface GiftGiven {
  cardId: string;
  cardName: string;
  /** The recipient's first name in Shopify, else the masked address the gift went to. */
  recipient: string;
  at: string;
}

export interface Twin extends Numbered {
  id: string;
  title: string;
  description: string;
  brand: string;
  quantity: number;
  price: number | null;
  currency: string | null;
  links: string[];
  images: string[];
  uns_name: string;
  createdAt: string;
  chain: ChainLine | null;
  actions: ItemAction[];
}

export interface UniversalName {
  name: string;
  publicKey: string;
}

/** The wallet the customer linked, as they recognise it (e.g. 3uKC…nnpe), and its whole address to copy. */
export type LinkedWallet = { address: string; publicKey: string; verified: boolean } | null;

/** A code sent to the customer's verified e-mail, claimed with one tap (decision 0070); the code itself never comes. */
export interface WaitingCode {
  id: string;
  cards: { id: string; name: string }[];
  expiresAt: string;
}

export interface Holdings {
  /** Codes sent to the customer's e-mail that Shopify says they verified, still to claim. */
  waiting: WaitingCode[];
  cards: Card[];
  /** The gifts the customer gave that were claimed, newest first. */
  given: GiftGiven[];
  twins: Twin[];
  names: UniversalName[];
  wallet: LinkedWallet;
  /** The storefront's app proxy (`https://<shop>/apps/twincards`), under which each item's actions are. */
  proxyUrl: string;
  /** The storefront page where a wallet app signs the link (the account cannot reach a wallet). */
  walletPageUrl: string;
  /** The storefront's certificate download: `<this>/<id>?size=a4` (the storefront knows the logged-in customer). */
  certificatePageUrl: string;
  /** Where "Add to Apple Wallet" points (`<url>/<id>.pkpass` on the storefront); null while the app cannot sign passes. */
  applePassesUrl: string | null;
  /** Where "Add to Google Wallet" points (`<url>/<id>` on the storefront, a redirect to Google's save link); null while off. */
  googleWalletUrl: string | null;
  /** The customer's first name in Shopify (null: unknown): the gift form's giver name until they edit it. */
  firstName: string | null;
}

/** What one order issued (GET /customer-account/orders/<id>, app/domain/customer-order-issues.server.ts). */
export interface OrderItem {
  id: string;
  productTitle: string;
  quantity: number;
  status: "ISSUED" | "WAITING" | "CLAIMED" | "VOIDED";
  twin: Twin | null;
  cards: Card[];
}

export interface OrderIssues {
  items: OrderItem[];
}
