import { stores } from "./stores";

/** The wallet a customer linked in a shop (decision 0032). */
export interface LinkedWallet {
  publicKey: string;
  /** true when they proved it by signing; false when they pasted it and accepted the risk. */
  verified: boolean;
  linkedAt: string;
}

/** The wallet `owner` linked in `shop`, or null: where their later claims go. */
export async function linkedWallet(shop: string, owner: string): Promise<LinkedWallet | null> {
  const row = await stores().wallets.linkedWallet(shop, owner);
  return row && { publicKey: row.publicKey, verified: row.verified, linkedAt: row.linkedAt.toISOString() };
}

/** A wallet address as a customer recognises it without the whole key: its first and last four characters. */
export const shortAddress = (publicKey: string) => `${publicKey.slice(0, 4)}…${publicKey.slice(-4)}`;
