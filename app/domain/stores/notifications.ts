/** A claim message as stored: a row of the notification outbox (docs/decisions/0015-notification-delivery.md). */
export interface NotificationRecord {
  id: string;
  shop: string;
  redemptionId: string;
  /** EMAIL | SMS */
  channel: string;
  /** The e-mail address or E.164 phone number. */
  destination: string;
  /** The claim notification's payload (ClaimNotificationPayload); without its code once delivered or redacted. */
  payload: unknown;
  /** PENDING | SENDING (a worker's lease) | SENT | FAILED | TEST (never sent, decision 0036) */
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  providerMessageId: string | null;
  sentAt: Date | null;
  createdAt: Date;
}

/** A notification to queue; with no status it is PENDING. */
export type NewNotification = Pick<
  NotificationRecord,
  "id" | "shop" | "redemptionId" | "channel" | "destination" | "payload" | "nextAttemptAt" | "createdAt"
> & { status?: string };

/** A notification with the ids of its code's cards, oldest first (its event shows them). */
export type NotificationWithCardIds = NotificationRecord & { redemption: { cards: { id: string }[] } | null };

/** Which of a shop's notifications a page lists: those of one mode's codes, optionally of one status, newest first. */
export interface NotificationPage {
  status?: string;
  livemode: boolean;
  /** Only notifications with an id below this one (the page after a cursor). */
  beforeId?: string;
  take: number;
}

/** What a page of the admin's Notifications list shows (decision 0078). */
export interface NotificationSearchFilter {
  shop: string;
  livemode: boolean;
  /** Only of these statuses. */
  statuses?: string[];
  /** EMAIL | SMS */
  channel?: string;
  /** Only those whose destination starts with this, case aside (an exact address is its own prefix). */
  destinationPrefix?: string;
  beforeId?: string;
  afterId?: string;
  oldestFirst?: boolean;
}

export interface NotificationStore {
  /** Writes notifications as multi-row INSERTs (app/db/insert-rows.server.ts), in the caller's transaction; all of one shape. */
  insert(notifications: NewNotification[]): Promise<void>;
  findWithCardIds(id: string): Promise<NotificationWithCardIds | null>;
  listForShop(shop: string, page: NotificationPage): Promise<NotificationRecord[]>;
  /** A page of the admin's Notifications list (a search, filters, a sort), `take` at most. */
  searchPage(filter: NotificationSearchFilter, take: number): Promise<NotificationRecord[]>;
  /** The notifications sent for one code, oldest first. */
  listOfRedemption(shop: string, redemptionId: string): Promise<NotificationRecord[]>;
  /** The shop's notification, of one mode's code when `livemode` is given. */
  findForShop(shop: string, id: string, livemode?: boolean): Promise<NotificationRecord | null>;
  /**
   * Queues a FAILED notification again as a fresh one, unless every card of its code was voided:
   * one conditional write, so two at once cannot both win. How many it queued (0 or 1).
   */
  requeueFailed(shop: string, id: string, at: Date): Promise<number>;
  /** Ends the PENDING notifications of these codes WITHDRAWN with `reason`: never sent, and not a failure. */
  withdrawPending(redemptionIds: string[], reason: string): Promise<void>;
  /** How many of the shop's notifications of one mode's codes FAILED. */
  countFailed(shop: string, livemode: boolean): Promise<number>;
  /** The shop's notifications sent to any of `destinations`. */
  sentTo(shop: string, destinations: string[]): Promise<NotificationRecord[]>;
  /**
   * The shop's live codes sent by e-mail that can still be claimed (not redeemed, not expired, with a card
   * PENDING_REDEMPTION), each with the address it went to as written: the caller compares addresses.
   */
  emailedAwaitingClaim(shop: string, now: Date): Promise<{ redemptionId: string; destination: string; expiresAt: Date }[]>;
  /** The same, oldest first. */
  sentToOldestFirst(shop: string, destinations: string[]): Promise<NotificationRecord[]>;
  /**
   * The shop's notifications sent to exactly `destination` for live codes that can still be claimed
   * (not redeemed, not expired, with a card PENDING_REDEMPTION), oldest first: what a resend may send again (decision 0071).
   */
  stillClaimableTo(shop: string, destination: string, now: Date): Promise<NotificationRecord[]>;
  /**
   * Live codes of any shop with no reminder queued yet that can still be claimed and expire after `now`
   * and by `until`, soonest first, at most `take` (decision 0071); one shop's only when `shop` is given (tests).
   */
  codesNearingExpiry(
    now: Date,
    until: Date,
    take: number,
    shop?: string,
  ): Promise<{ id: string; shop: string; createdAt: Date; expiresAt: Date }[]>;
  /**
   * Marks a code's reminder queued at `at` if no one did: one conditional write, so of two workers at once
   * only one wins (true). Joins the caller's transaction, in which the winner queues the reminder's messages.
   */
  markReminderQueued(redemptionId: string, at: Date): Promise<boolean>;
  /** A live code's shop if it can still be claimed at `now` (not redeemed, not expired, a card PENDING_REDEMPTION); else null. */
  claimableCode(redemptionId: string, now: Date): Promise<{ shop: string } | null>;
  /** Replaces a notification's destination and payload; `failedWith` also ends it FAILED with that reason (it can no longer be sent). */
  redact(id: string, change: { destination: string; payload: unknown; failedWith?: string }): Promise<void>;
  /** Every notification of the shop (shop/redact); how many there were. */
  deleteForShop(shop: string): Promise<number>;
}
