import type { ChainMintRecord } from "./chain-mints";
/** A unit card as stored (the UnitCard table). */
export interface UnitCardRecord {
  id: string;
  shop: string;
  name: string;
  /** Stored JSON: the card's image and video URLs. */
  media: unknown;
  /** Stored JSON: the card's MetadataEntry list. */
  metadata: unknown;
  owner: string | null;
  publicKey: string | null;
  /** When a card the shop held for its holder moved to the wallet they linked (decision 0072); absent on insert: null. */
  walletLinkedAt?: Date | null;
  /** PENDING_REDEMPTION | OWNED | VOID (voided while pending: its code no longer claims it). */
  status: string;
  voidedAt: Date | null;
  voidReason: string | null;
  redemptionId: string | null;
  /** Names the public verification page (decision 0026). */
  verifyToken: string;
  createdAt: Date;
  /** Its place in its edition (decision 0033). */
  serialNumber: number | null;
  editionSize: number | null;
  /** false: a test card (decision 0036). */
  livemode: boolean;
}

/** A redemption code as stored (the Redemption table): only its hash is kept. */
export interface RedemptionRecord {
  id: string;
  shop: string;
  codeHash: string;
  phoneMasked: string | null;
  emailMasked: string | null;
  expiresAt: Date;
  createdAt: Date;
  redeemedAt: Date | null;
  redeemedBy: string | null;
  redeemedPublicKey: string | null;
  /** The Shopify customer the code was sent to, when known (Flow's "Issue a card to customer"). */
  customerId: string | null;
  livemode: boolean;
}

/** A card with its redemption code's row (null for a card issued to an owner). */
export type CardWithCode = UnitCardRecord & { redemption: RedemptionRecord | null };

/** A card with what its API view shows: its redemption and its mint. */
export type CardView = CardWithCode & { chainMint: ChainMintRecord | null };

/** A redemption with the status of each of its cards. */
export type RedemptionWithCards<Card extends keyof UnitCardRecord = "status"> = RedemptionRecord & {
  cards: Pick<UnitCardRecord, Card>[];
};

/** Which of a shop's cards a page lists (newest first). */
export interface CardPageFilter {
  shop: string;
  /** Live cards, or the test cards of test mode. */
  livemode: boolean;
  owner?: string;
  status?: string;
  /** Only cards with a smaller id (the cursor's). */
  beforeId?: string;
  /** Only cards with a larger id (the cursor's, oldest first). */
  afterId?: string;
  /** Oldest first instead of newest first. */
  oldestFirst?: boolean;
  /** Only cards matching any of these (the Cards list's search, decision 0078). */
  search?: CardSearch;
}

/** What a search matches a card on, any of them; each is read through an index. */
export interface CardSearch {
  /** The name starts with this, case aside. */
  namePrefix: string;
  /** Its serial number in its edition. */
  serialNumber?: number;
  /** Its owner (`<provider>|<id>`). */
  owner?: string;
}

/** Cards and their redemption codes (the UnitCard and Redemption tables). */
export interface CardStore {
  // Creating (POST /v1/unit-cards and its batch: the hot path, written as multi-row INSERTs).
  /** Whether the shop has a redemption code with this hash (a new code must not be someone else's). */
  codeTaken(shop: string, codeHash: string): Promise<boolean>;
  /** Writes a new redemption, every column as given. A code the shop already has fails as a unique violation. */
  insertRedemption(redemption: RedemptionRecord): Promise<void>;
  /** Writes new cards, every column as given, in the order given (a batch is all or nothing inside a transaction). */
  insertCards(cards: UnitCardRecord[]): Promise<void>;

  // Reading cards for their API view.
  /** One of the shop's cards in one mode. */
  findForShop(shop: string, id: string, livemode: boolean): Promise<CardView | null>;
  /** A card of the shop that exists (it throws otherwise), of either mode. */
  viewOf(shop: string, id: string): Promise<CardView>;
  /** The shop's cards newest first (or oldest first), `take` at most. */
  page(filter: CardPageFilter, take: number): Promise<CardView[]>;
  /** The cards `ids`, oldest first. */
  views(ids: string[]): Promise<CardView[]>;
  /** The shop's cards among `ids`, oldest first. */
  viewsInShop(shop: string, ids: string[]): Promise<CardView[]>;
  /** The shop's card with this verification token. */
  byVerifyToken(shop: string, token: string): Promise<CardView | null>;

  // Redeeming.
  /** The shop's redemption whose code hashes to `codeHash` in one mode, with its cards' statuses. */
  redemptionByCode(shop: string, codeHash: string, livemode: boolean): Promise<RedemptionWithCards | null>;
  /** The shop's redemption `id`, with its cards' statuses (a claim by verified e-mail, issue 39 item 7). */
  redemptionById(shop: string, id: string): Promise<RedemptionWithCards | null>;
  /** The cards still PENDING_REDEMPTION of the shop's codes `ids`, oldest first, with their code's id. */
  pendingCardsOfCodes(shop: string, ids: string[]): Promise<{ id: string; name: string; redemptionId: string | null }[]>;
  /** Marks the redemption redeemed, if nobody did yet: false when another redeem won. */
  markRedeemed(id: string, at: Date, redeemedBy: string, redeemedPublicKey: string | null): Promise<boolean>;
  /** Gives the redemption's pending cards (not the void ones) to their owner. */
  claimPending(redemptionId: string, owner: string, publicKey: string | null): Promise<void>;
  /** The redemption's owned cards, oldest first. */
  ownedOfCode(redemptionId: string): Promise<CardWithCode[]>;

  // Voiding.
  /** The status of the shop's card in one mode, null when there is none. */
  statusOf(shop: string, id: string, livemode: boolean): Promise<string | null>;
  /** Voids those of `ids` still pending (a redeem that won keeps its cards); how many. */
  voidPending(shop: string, livemode: boolean, ids: string[], reason: string, at: Date): Promise<number>;
  /** Those of `ids` voided at `at`, oldest first. */
  voidedAt(ids: string[], at: Date): Promise<CardView[]>;
  /** Those of the shop's redemptions `ids` whose cards are all void. */
  emptiedCodes(shop: string, ids: string[]): Promise<string[]>;
  /** Those of `ids` still pending. */
  pendingAmong(ids: string[]): Promise<string[]>;
  /** How many of `ids` are not void. */
  countNotVoid(ids: string[]): Promise<number>;

  // Issuing rules and orders.
  /** The redemption of card `id`, which exists (it throws otherwise). */
  redemptionIdOf(id: string): Promise<string | null>;
  /** The redemptions `ids`, with the id and status of each of their cards. */
  redemptionsWithCards(ids: string[]): Promise<RedemptionWithCards<"id" | "status">[]>;
  /** The numbered ones among cards `ids`, with their numbers. */
  serialsOf(ids: string[]): Promise<Pick<UnitCardRecord, "id" | "serialNumber" | "editionSize">[]>;

  // Wallets and notifications.
  /** The ids of the shop's live cards held for `owner` (owned, no wallet yet), oldest first. */
  heldFor(shop: string, owner: string): Promise<string[]>;
  /** Puts those of cards `ids` with no wallet in `publicKey`. */
  moveToWallet(ids: string[], publicKey: string, at: Date): Promise<void>;
  /** The redemption of the shop's card `id`, null when there is no such card or it has none. */
  redemptionIdInShop(shop: string, id: string): Promise<string | null>;
  /** For the shop's cards among `ids` that have a code: where its notifications went, oldest first. */
  claimDestinations(shop: string, ids: string[]): Promise<{ id: string; destinations: string[] }[]>;

  // The admin home page.
  countWithStatus(shop: string, livemode: boolean, status: string): Promise<number>;
  /** The cards created since `since` per time slot of `slotSeconds` (slot = seconds since 1970 / slotSeconds): all, and those sent to be claimed. */
  issuedBySlot(
    shop: string,
    livemode: boolean,
    since: Date,
    slotSeconds: number,
  ): Promise<{ slot: number; issued: number; sent: number }[]>;
  /** Of the cards created since `since`, those claimed (not void), per time slot of their claim. */
  claimedBySlot(shop: string, livemode: boolean, since: Date, slotSeconds: number): Promise<{ slot: number; claimed: number }[]>;

  // Privacy requests.
  /** Hands the shop's cards of `owner` to `anonymous`; how many. */
  anonymizeOwner(shop: string, owner: string, anonymous: string): Promise<number>;
  /** Forgets who redeemed the shop's codes `owner` redeemed; their ids. */
  forgetRedeemer(shop: string, owner: string): Promise<string[]>;
  /** Forgets the masked e-mail or phone a redemption shows. */
  forgetMaskedDestination(id: string, destination: "email" | "phone"): Promise<void>;
  /** The shop's redemptions `owner` redeemed or among `ids`, oldest first. */
  redemptionsOfCustomer(shop: string, owner: string, ids: string[]): Promise<RedemptionRecord[]>;
  /** The shop's cards `owner` owns, and those pending of the redemptions `redemptionIds`, oldest first. */
  cardsOfCustomer(shop: string, owner: string, redemptionIds: string[]): Promise<CardView[]>;
  /** Every card of the shop (shop/redact); how many there were. */
  deleteCardsForShop(shop: string): Promise<number>;
  /** Every redemption of the shop (after its cards); how many there were. */
  deleteRedemptionsForShop(shop: string): Promise<number>;
}
