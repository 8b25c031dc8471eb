/** A card given by its holder, as stored (the CardTransfer table; decision 0043). */
export interface CardTransferRecord {
  id: string;
  shop: string;
  cardId: string;
  /** The giver, and the recipient once claimed (`<provider>|<id>`): never shown, only counted as holders. */
  fromOwner: string;
  toOwner: string | null;
  /** The gift's redemption code. */
  redemptionId: string;
  /** The card's redemption before the gift, given back on cancel; null for a card issued to an owner. */
  previousRedemptionId: string | null;
  /** The giver's words, for the claim message only. */
  message: string | null;
  /** The giver as the recipient sees them (the name they chose, else their first name in Shopify): issue 39, item 9. */
  fromName: string | null;
  /** The language of the page the giver gave from: the gift-claimed notice to the giver is in it. */
  giverLocale: string | null;
  /** The recipient's first name when Shopify knows them, for the giver's "given to …". */
  toName: string | null;
  /** PENDING | CLAIMED | CANCELLED */
  status: string;
  createdAt: Date;
  settledAt: Date | null;
  livemode: boolean;
}

export type SettledGiftStatus = "CLAIMED" | "CANCELLED";

/** Gifts of cards (the CardTransfer table, and the card's move in and out of PENDING_TRANSFER). */
export interface GiftStore {
  insert(transfer: CardTransferRecord): Promise<void>;
  /** Puts the owner's owned card under the gift's code (OWNED → PENDING_TRANSFER); false when it no longer is the owner's owned card. */
  startTransfer(cardId: string, owner: string, redemptionId: string): Promise<boolean>;
  /** The card's gift waiting for its claim, if any. */
  pendingOfCard(cardId: string): Promise<CardTransferRecord | null>;
  /** The gift made with redemption `redemptionId`, if it is one. */
  byRedemption(redemptionId: string): Promise<CardTransferRecord | null>;
  /** Settles a pending gift; false when it was settled already (the other of a claim and a cancel won). */
  settle(id: string, status: SettledGiftStatus, at: Date, toOwner: string | null): Promise<boolean>;
  /** Gives a pending card back to its giver under its earlier code (PENDING_TRANSFER → OWNED). */
  returnCard(cardId: string, previousRedemptionId: string | null): Promise<void>;
  /** The cards' gifts, oldest first: the history of each. */
  ofCards(cardIds: string[]): Promise<CardTransferRecord[]>;
  /** Privacy requests: the shop's gifts from or to `owner`, oldest first. */
  ofOwner(shop: string, owner: string): Promise<CardTransferRecord[]>;
  /** Privacy requests: hands the shop's gifts from or to `owner` to `anonymous`; how many rows changed. */
  anonymizeOwner(shop: string, owner: string, anonymous: string): Promise<number>;
}
