import { CLAIM_LINK_TARGETS, type ClaimLinkTarget } from "./claim-links.server";
import { conflict, fieldError, notFound } from "./errors";
import { isIdOf } from "./ids";
import { bulkIds, parseListQuery, type ListQuery, type NotificationChannel } from "./list-search";
import { afterCursor, pageLimit, pageQuery, toPage } from "./pagination";
import { ports } from "./ports";
import { stores, type NotificationRecord } from "./stores";

export const NOTIFICATION_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * A notification as the shop's own admin shows it: the customer's address in
 * full (the merchant has it in Shopify already; masking is for other
 * audiences), never the code.
 */
export interface NotificationSummary {
  id: string;
  channel: string;
  /** The destination: an e-mail address or an E.164 phone number. */
  recipient: string;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
  createdAt: Date;
  cardNames: string[];
  /** Where its claim link lands (the shop's setting when it was queued); null for a message queued before the setting existed. */
  claimTarget: ClaimLinkTarget | null;
  /** The dispatcher wrote the message to a local file (no SMTP/SMS configured: demo or development). */
  hasLocalCopy: boolean;
}

const DEFAULT_LIMIT = 25;

/**
 * The shop's notifications of one mode, newest first; `cursor` is the nextCursor of the previous page.
 * `livemode` false: the messages of test cards (status TEST, never sent; decision 0036).
 */
export async function listNotifications(
  shop: string,
  options: { status?: NotificationStatus; cursor?: string; limit?: number; livemode?: boolean } = {},
): Promise<{ notifications: NotificationSummary[]; nextCursor: string | null }> {
  const limit = pageLimit(options.limit, DEFAULT_LIMIT);
  if (options.status !== undefined && !NOTIFICATION_STATUSES.includes(options.status)) {
    throw fieldError("status", `Must be one of ${NOTIFICATION_STATUSES.join(", ")}`);
  }
  const rows = await stores().notifications.listForShop(shop, {
    status: options.status,
    livemode: options.livemode ?? true,
    beforeId: afterCursor(options.cursor, "ntf").id?.lt,
    take: pageQuery(limit).take,
  });
  const { page, nextCursor } = toPage(rows, limit);
  return { notifications: page.map(toSummary), nextCursor };
}

/** The claim notifications sent for a card's redemption code (none for a card issued to an owner), oldest first. */
export async function notificationsOfCard(shop: string, cardId: string): Promise<NotificationSummary[]> {
  if (!isIdOf("card", cardId)) return [];
  const redemptionId = await stores().cards.redemptionIdInShop(shop, cardId);
  if (!redemptionId) return [];
  const rows = await stores().notifications.listOfRedemption(shop, redemptionId);
  return rows.map(toSummary);
}

/** Where each card's claim code was sent (its notifications' destinations, in full), by card id; cards issued to an owner have none. */
export async function destinationsOfCards(shop: string, cardIds: string[]): Promise<Record<string, string[]>> {
  if (cardIds.length === 0) return {};
  const cards = await stores().cards.claimDestinations(shop, cardIds);
  return Object.fromEntries(cards.map((card) => [card.id, card.destinations]));
}

/** One notification of the shop in one mode, or NOT_FOUND (also for another shop's or another mode's). */
export async function getNotification(shop: string, id: string, livemode = true): Promise<NotificationSummary> {
  const row = await findOwn(shop, id, livemode);
  if (!row) throw notFound("Notification");
  return toSummary(row);
}

/**
 * Queues a FAILED notification again: the dispatcher picks it up as a fresh one.
 * Only a failed one: a pending or sending one is on its way, a sent one would
 * reach the customer twice.
 */
export async function resendNotification(shop: string, id: string, now = new Date()): Promise<NotificationSummary> {
  const { outcome, row } = await requeue(shop, id, now);
  if (outcome === "notFound" || !row) throw notFound("Notification");
  if (outcome === "voided") throw conflict("Every card of this message's code was voided: there is nothing to claim");
  if (outcome === "notFailed") throw conflict("Only failed notifications can be resent");
  return toSummary(row);
}

type ResendOutcome = "resent" | "voided" | "notFailed" | "notFound";

/** Resend's one step: queues a FAILED notification again, or says why not. */
async function requeue(shop: string, id: string, now: Date): Promise<{ outcome: ResendOutcome; row: NotificationRecord | null }> {
  if (!isIdOf("ntf", id)) return { outcome: "notFound", row: null };
  // One conditional write, so two clicks (or a dispatcher run in between) cannot both win;
  // never for a code whose cards were all voided (its message would only lead to "voided").
  const count = await stores().notifications.requeueFailed(shop, id, now);
  const row = await findOwn(shop, id);
  if (!row) return { outcome: "notFound", row };
  if (count === 1) return { outcome: "resent", row };
  return { outcome: row.status === "FAILED" || row.status === "WITHDRAWN" ? "voided" : "notFailed", row };
}

/** What a bulk resend did: how many it queued again, and how many it skipped and why. */
export interface BulkResendResult {
  resent: number;
  /** Every card of the message's code was voided: nothing to claim, so nothing to send. */
  skippedVoided: number;
  /** Not failed: pending, being sent or sent already (a second message would reach the customer twice). */
  skippedNotFailed: number;
  /** Not a notification of this shop in the mode the admin shows. */
  skippedNotFound: number;
}

/**
 * Resend failed, on the Notifications list's selection: each selected notification through the same
 * step as the single Resend (resendNotification), so a sent, pending or voided card's message is
 * skipped and counted, never sent again; ids of another shop or mode are counted as not found.
 */
export async function resendFailedNotifications(
  shop: string,
  ids: string[],
  livemode: boolean,
  now = new Date(),
): Promise<BulkResendResult> {
  const selected = bulkIds(ids, "ntf", { one: "notification", other: "notifications" });
  const result: BulkResendResult = { resent: 0, skippedVoided: 0, skippedNotFailed: 0, skippedNotFound: 0 };
  for (const id of selected) {
    // Of this mode only: a live list's selection never resends a test message, nor the reverse.
    const outcome = (await findOwn(shop, id, livemode)) ? (await requeue(shop, id, now)).outcome : "notFound";
    if (outcome === "resent") result.resent++;
    else if (outcome === "voided") result.skippedVoided++;
    else if (outcome === "notFailed") result.skippedNotFailed++;
    else result.skippedNotFound++;
  }
  return result;
}

/**
 * The admin's Notifications list at any size (decision 0078): a search finds a notification by its
 * destination (an e-mail address or phone number, whole or its start, case aside) through an index;
 * filters by status and channel; newest or oldest first. A search over 100 characters is
 * VALIDATION_FAILED at `q`, a cursor no list handed out at `cursor`.
 */
export async function searchNotifications(
  shop: string,
  query: ListQuery & { status?: NotificationStatus; channel?: NotificationChannel },
  livemode: boolean,
): Promise<{ notifications: NotificationSummary[]; nextCursor: string | null }> {
  const { status, channel, ...list } = query;
  const { q, sort, cursor, limit } = parseListQuery(list);
  const after = afterCursor(cursor, "ntf").id?.lt;
  const oldestFirst = sort === "oldest";
  const rows = await stores().notifications.searchPage(
    {
      shop,
      livemode,
      statuses: status ? [status] : undefined,
      channel,
      destinationPrefix: destinationSearchOf(q),
      oldestFirst,
      ...(oldestFirst ? { afterId: after } : { beforeId: after }),
    },
    limit + 1,
  );
  const { page, nextCursor } = toPage(rows, limit);
  return { notifications: page.map(toSummary), nextCursor };
}

/** A destination as typed: a phone number's spaces, dots, dashes and brackets dropped (they are stored as +14155550123). */
export function destinationSearchOf(q: string): string | undefined {
  if (q === "") return undefined;
  return /^\+?[\d\s().-]+$/.test(q) ? q.replace(/[\s().-]/g, "") : q;
}

/**
 * The text of a notification's local copy, or null: only for a row of this shop
 * that the dispatcher wrote to a file (no provider configured), read through the
 * notifications adapter.
 */
export async function localMessage(shop: string, id: string): Promise<string | null> {
  const row = await findOwn(shop, id);
  return row ? ports().localMessages.read(row.providerMessageId) : null;
}

async function findOwn(shop: string, id: string, livemode?: boolean) {
  if (!isIdOf("ntf", id)) return null;
  return stores().notifications.findForShop(shop, id, livemode);
}

function toSummary(row: NotificationRecord): NotificationSummary {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.destination,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    cardNames: cardNamesOf(row.payload),
    claimTarget: claimTargetOf(row.payload),
    hasLocalCopy: ports().localMessages.isLocalCopy(row.providerMessageId),
  };
}

function claimTargetOf(payload: unknown): ClaimLinkTarget | null {
  if (!payload || typeof payload !== "object" || !("claimTarget" in payload)) return null;
  return CLAIM_LINK_TARGETS.find((target) => target === payload.claimTarget) ?? null;
}

/** The card names in a payload; a payload of another shape names none. */
function cardNamesOf(payload: unknown): string[] {
  if (!payload || typeof payload !== "object" || !("cards" in payload) || !Array.isArray(payload.cards)) return [];
  return payload.cards.flatMap((card: unknown) =>
    card && typeof card === "object" && "name" in card && typeof card.name === "string" ? [card.name] : [],
  );
}
