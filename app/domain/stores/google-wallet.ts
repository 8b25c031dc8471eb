/** A Google Wallet object handed out in a save link: its id at Google, its item and whom it was made for. */
export interface GoogleWalletObjectRecord {
  objectId: string;
  shop: string;
  serialNumber: string;
  holder: string;
  locale: string | null;
}

/** Google Wallet objects and the outbox of their updates (decision 0048). */
export interface GoogleWalletStore {
  /** The object already handed out for this item and holder, or null. */
  objectOf(serialNumber: string, holder: string): Promise<GoogleWalletObjectRecord | null>;
  /** Records an object handed out (its language replaced when it already was); the object as stored. */
  keepObject(object: GoogleWalletObjectRecord): Promise<GoogleWalletObjectRecord>;
  /** An object by its id, or null. */
  byId(objectId: string): Promise<GoogleWalletObjectRecord | null>;
  /** The objects handed out for these items. */
  objectsOf(serialNumbers: string[]): Promise<GoogleWalletObjectRecord[]>;
  /** Queues object updates (the outbox a worker sends). */
  queueUpdates(updates: { id: string; objectId: string }[]): Promise<void>;
  /** A redacted customer's objects name `anonymous` instead of them, as their cards do; how many. */
  anonymizeHolder(shop: string, holder: string, anonymous: string): Promise<number>;
  /** Deletes the shop's objects and their waiting updates; how many objects. */
  deleteForShop(shop: string): Promise<number>;
}
