/** The wallet a customer linked in a shop (decision 0032), as stored. */
export interface CustomerWalletRecord {
  shop: string;
  /** `shopify|<customer id>`. */
  owner: string;
  publicKey: string;
  /** true when they proved it by signing; false when they pasted it and accepted the risk. */
  verified: boolean;
  linkedAt: Date;
}

/** A one-time message a customer's wallet signs to link it, as stored. */
export interface WalletChallengeRecord {
  id: string;
  shop: string;
  /** `shopify|<customer id>`: only this customer can complete it. */
  owner: string;
  publicKey: string;
  /** The host the customer's page was on, named in the message. */
  domain: string;
  /** The sentence the wallet shows, in the shopper's language and the shop's name. */
  statement: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export type NewWalletChallenge = Omit<WalletChallengeRecord, "usedAt">;

/** Customers' linked wallets (CustomerWallet) and their link challenges (WalletChallenge). */
export interface WalletStore {
  /** The wallet `owner` linked in `shop`, or null. */
  linkedWallet(shop: string, owner: string): Promise<CustomerWalletRecord | null>;
  /** Records the customer's wallet, replacing the one they linked before. */
  saveWallet(wallet: CustomerWalletRecord): Promise<void>;
  createChallenge(challenge: NewWalletChallenge): Promise<void>;
  challenge(id: string): Promise<WalletChallengeRecord | null>;
  /** Marks the challenge used unless it already was: false when another completion marked it first. */
  markChallengeUsed(id: string, at: Date): Promise<boolean>;
  /** The customer's wallet and challenges in `shop` (customer redaction); how many wallets. */
  deleteForCustomer(shop: string, owner: string): Promise<number>;
  /** Every wallet and challenge of the shop (shop/redact); how many wallets. */
  deleteForShop(shop: string): Promise<number>;
}
