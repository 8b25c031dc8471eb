/** A universal name as stored: global across shops, one registry per mode (decision 0036). */
export interface UniversalNameRecord {
  id: string;
  name: string;
  /** The wallet key the name is registered with. */
  publicKey: string;
  /** `<provider>|<id>` of who holds it, null when none was given or it was forgotten. */
  owner: string | null;
  registeredByShop: string;
  createdAt: Date;
  /** false for a test name (decision 0036). */
  livemode: boolean;
}

export type NewUniversalName = Omit<UniversalNameRecord, "createdAt">;

/** What validating a name needs of it (the /v1 hot lookup). */
export type NameKey = Pick<UniversalNameRecord, "id" | "name" | "publicKey">;

/** A digital twin as stored. */
export interface DigitalTwinRecord {
  id: string;
  shop: string;
  nameId: string;
  publicKey: string;
  title: string;
  creator: string;
  description: string;
  quantity: number;
  /** Exact decimal text ("19.99"), never a binary float. */
  price: string | null;
  currency: string | null;
  brand: string;
  /** Stored JSON: arrays of strings. */
  categories: unknown;
  links: unknown;
  images: unknown;
  verifyToken: string;
  createdAt: Date;
  serialNumber: number | null;
  editionSize: number | null;
  /** false for a test twin (decision 0036). */
  livemode: boolean;
}

export type NewDigitalTwin = Omit<DigitalTwinRecord, "createdAt" | "categories" | "links" | "images"> & {
  categories: string[];
  links: string[];
  images: string[];
};

/** An NFT's state as a twin's or card's view shows it: those columns of its ChainMint row. */
export interface MintStateRecord {
  id: string;
  cluster: string;
  status: string;
  mintAddress: string;
  signature: string | null;
  lastError: string | null;
  mintedAt: Date | null;
}

/** A twin with its universal name. */
export type TwinWithName = DigitalTwinRecord & { name: UniversalNameRecord };

/** A twin as its views show it: with its universal name and its NFT, if one was queued. */
export type TwinView = TwinWithName & { chainMint: MintStateRecord | null };

/** What narrows a list of a shop's twins. */
export interface TwinFilter {
  livemode: boolean;
  /** Only twins of any of these universal names. */
  nameIds?: string[];
  /** Only twins of this universal name. */
  nameId?: string;
  /** Only twins issued to this public key. */
  publicKey?: string;
}

/** What a page of the admin's Twins list shows (decision 0078): the shop's twins of one mode, newest or oldest first. */
export interface TwinSearchFilter {
  shop: string;
  livemode: boolean;
  /** Only twins whose NFT is in this state (PENDING: queued, being minted or held), or that have none (NONE). */
  chain?: "MINTED" | "PENDING" | "FAILED" | "NONE";
  /** Only twins with a smaller id (the cursor's). */
  beforeId?: string;
  /** Only twins with a larger id (the cursor's, oldest first). */
  afterId?: string;
  oldestFirst?: boolean;
  /** Only twins matching any of these, each read through an index. */
  search?: TwinSearch;
}

/** What a search matches a twin on, any of them. */
export interface TwinSearch {
  /** The title starts with this, case aside. */
  titlePrefix: string;
  /** Its serial number in its edition. */
  serialNumber?: number;
  /** The owner (`<provider>|<id>`) of its universal name. */
  owner?: string;
  /** Its universal name, exactly. */
  universalName?: string;
}

/** A page of a list, newest first by id: `take` rows after (older than) `beforeId`. */
export interface TwinPage {
  beforeId?: string;
  take: number;
}

/** Universal names (UniversalName) and the digital twins issued to them (DigitalTwin). */
export interface NameStore {
  /** Whether `name` is registered in that mode. */
  nameTaken(name: string, livemode: boolean): Promise<boolean>;
  /**
   * Registers a name; null when it is taken in that mode (a concurrent registration won), after which the
   * open transaction cannot go on (PostgreSQL aborted it): the caller gives up.
   */
  register(name: NewUniversalName): Promise<UniversalNameRecord | null>;
  /** The name `name` of that mode, null when nobody registered it (every validate-name /v1 request: one direct statement). */
  keyOfName(name: string, livemode: boolean): Promise<NameKey | null>;
  /** The name with this id in that mode. */
  findById(id: string, livemode: boolean): Promise<UniversalNameRecord | null>;
  /** The owner's live names, by name. */
  liveNamesOfOwner(owner: string): Promise<UniversalNameRecord[]>;
  /** The owner's first live name registered (an order's twin goes to it). */
  firstLiveNameOfOwner(owner: string): Promise<UniversalNameRecord | null>;
  /** The owner's names of both modes, by id (a data request). */
  allNamesOfOwner(owner: string): Promise<UniversalNameRecord[]>;
  /** The owner's name registered with `publicKey`, the first by name. */
  firstNameOfOwnerKey(owner: string, publicKey: string): Promise<UniversalNameRecord | null>;
  /** Who holds each of these names, those found. */
  ownersOfNames(nameIds: string[]): Promise<Pick<UniversalNameRecord, "id" | "owner">[]>;
  /** The names `shop` registered for `owner` lose their owner (customer redaction); how many. */
  forgetOwner(shop: string, owner: string): Promise<number>;
  /** The names `shop` registered that no twin uses are deleted (shop/redact); how many. */
  deleteUnusedRegisteredBy(shop: string): Promise<number>;
  /** The names `shop` registered lose their owner (shop/redact, those another shop's twins keep); how many. */
  forgetOwnersRegisteredBy(shop: string): Promise<number>;

  /** Issues a twin. */
  createTwin(twin: NewDigitalTwin): Promise<TwinWithName>;
  /** One of the shop's twins of that mode. */
  twinView(shop: string, id: string, livemode: boolean): Promise<TwinView | null>;
  /** A page of the shop's twins, newest first. */
  twinPage(shop: string, filter: TwinFilter, page: TwinPage): Promise<TwinView[]>;
  /** A page of the admin's Twins list (a search, a filter, a sort), `take` at most. */
  twinSearchPage(filter: TwinSearchFilter, take: number): Promise<TwinView[]>;
  /** The shop's twins among `ids`, in no particular order. */
  twinViewsByIds(shop: string, ids: string[]): Promise<TwinView[]>;
  /** The shop's twins issued to any name `owner` holds, by id (a data request). */
  twinViewsOfOwner(shop: string, owner: string): Promise<TwinView[]>;
  /** The shop's twin whose verification token is `token` (the public verification page). */
  twinByVerifyToken(shop: string, token: string): Promise<TwinView | null>;
  /** The serial numbers of the numbered twins among `ids`. */
  twinSerials(ids: string[]): Promise<Pick<DigitalTwinRecord, "id" | "serialNumber" | "editionSize">[]>;
  countTwins(shop: string, livemode: boolean): Promise<number>;
  /** The twins created since `since` per time slot of `slotSeconds` (slot = seconds since 1970 / slotSeconds). */
  twinsBySlot(shop: string, livemode: boolean, since: Date, slotSeconds: number): Promise<{ slot: number; issued: number }[]>;
  /** Every twin of the shop (shop/redact); how many there were. */
  deleteTwinsForShop(shop: string): Promise<number>;
}
