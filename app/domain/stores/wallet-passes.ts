/** A pass that has been handed out at least once: its serial number (the item's id) and its update tag. */
export interface WalletPassRecord {
  serialNumber: string;
  shop: string;
  /** When what the pass shows last changed (its update tag). */
  changedAt: Date;
}

/** A pass file's authentication token as stored (only its hash), with whom the file was made for. */
export interface WalletPassTokenRecord {
  serialNumber: string;
  holder: string;
  locale: string | null;
  pass: WalletPassRecord;
}

export interface NewWalletPassToken {
  shop: string;
  serialNumber: string;
  tokenHash: string;
  holder: string;
  locale: string | null;
  at: Date;
}

export interface NewWalletPassPush {
  id: string;
  serialNumber: string;
  pushToken: string;
}

/** Apple Wallet passes that update (decision 0047): passes, their tokens, devices' registrations and the push outbox. */
export interface WalletPassStore {
  /** Records a pass file handed out: the pass (new ones changed at `at`) and its token; keeps the newest `keep` tokens of the pass. */
  issueToken(token: NewWalletPassToken, keep: number): Promise<void>;
  /** The token's pass, or null for a token never handed out. */
  byToken(tokenHash: string): Promise<WalletPassTokenRecord | null>;
  /** Registers a device for a pass (its push token replaced when already registered); false when it already was. */
  register(id: string, deviceLibraryId: string, serialNumber: string, pushToken: string): Promise<boolean>;
  /** Forgets a device's registration for a pass; false when there was none. */
  unregister(deviceLibraryId: string, serialNumber: string): Promise<boolean>;
  /** The passes a device is registered for, changed after `since` (all of them when null). */
  registeredPasses(deviceLibraryId: string, since: Date | null): Promise<WalletPassRecord[]>;
  /** Whether a device has any registration. */
  deviceKnown(deviceLibraryId: string): Promise<boolean>;
  /** Moves the update tag of those passes that exist to `at` (a whole second), or a second after their last change; their registrations' push tokens. */
  markChanged(serialNumbers: string[], at: Date): Promise<{ serialNumber: string; pushToken: string }[]>;
  /** Queues APNs pushes (the outbox a worker sends). */
  queuePushes(pushes: NewWalletPassPush[]): Promise<void>;
  /** Privacy requests: the pass files made for `holder` in the shop, oldest first. */
  tokensOfHolder(shop: string, holder: string): Promise<{ serialNumber: string; locale: string | null; createdAt: Date }[]>;
  /** A redacted customer's pass tokens name `anonymous` instead of them, as their cards do; how many. */
  anonymizeHolder(shop: string, holder: string, anonymous: string): Promise<number>;
  /** Deletes the shop's passes with their tokens, registrations and waiting pushes; how many passes. */
  deleteForShop(shop: string): Promise<number>;
}
