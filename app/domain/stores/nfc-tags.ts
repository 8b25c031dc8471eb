/** The master key a shop's tag keys are derived from, sealed (decision 0063). */
export interface TagKeyringRecord {
  shop: string;
  masterSealed: string;
  /** The all-zero key: NXP's factory keys, for tags of test items only. */
  factory: boolean;
  createdAt: Date;
}

export type NfcTagStatus = "ACTIVE" | "RETIRED";

/** An NTAG 424 DNA tag bound to a twin, and what its taps have shown. */
export interface NfcTagRecord {
  id: string;
  shop: string;
  /** 14 upper-case hex digits. */
  uid: string;
  twinId: string;
  livemode: boolean;
  status: NfcTagStatus;
  /** The read counter of the last tap accepted as authentic; null before the first. */
  lastCounter: number | null;
  lastTapAt: Date | null;
  copiedCount: number;
  invalidCount: number;
  createdAt: Date;
  retiredAt: Date | null;
}

/** TagKeyring and NfcTag: every query of them. */
export interface NfcTagStore {
  keyring(shop: string): Promise<TagKeyringRecord | null>;
  /** Sets up (or replaces) the shop's master key. */
  saveKeyring(keyring: TagKeyringRecord): Promise<void>;
  /** Binds a tag; null when the shop already knows that UID (bound or retired): nothing written. */
  bind(tag: NfcTagRecord): Promise<NfcTagRecord | null>;
  byUid(shop: string, uid: string): Promise<NfcTagRecord | null>;
  byId(shop: string, id: string): Promise<NfcTagRecord | null>;
  /** The tags bound to a twin, newest first. */
  ofTwin(shop: string, twinId: string): Promise<NfcTagRecord[]>;
  /** A page of the shop's tags of one mode, newest first: `take` tags older than `beforeId`. */
  page(shop: string, livemode: boolean, page: { beforeId?: string; take: number }): Promise<NfcTagRecord[]>;
  /** Retires an active tag; false when it was not active. */
  retire(shop: string, id: string, at: Date): Promise<boolean>;
  /**
   * Accepts a tap's read counter if it is above the last accepted one, in one conditional UPDATE (two taps
   * racing with one counter: one wins); false when it is not (nothing changed).
   */
  acceptCounter(id: string, counter: number, at: Date): Promise<boolean>;
  /** Counts a tap whose URL was replayed (its counter not above the last accepted one). */
  countCopied(id: string): Promise<void>;
  /** Counts a tap of this tag whose MAC did not verify. */
  countInvalid(id: string): Promise<void>;
  /** How many active tags of live twins the shop has. */
  activeLiveCount(shop: string): Promise<number>;
  /** Every tag and the keyring of the shop (shop/redact); how many tags there were. */
  deleteForShop(shop: string): Promise<number>;
}
