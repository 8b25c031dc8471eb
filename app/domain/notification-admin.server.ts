import type { Notification as NotificationRow } from "@prisma/client";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { db } from "~/db.server";
import { conflict, fieldError, notFound } from "./errors";

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
  /** The dispatcher wrote the message to a local file (no SMTP/SMS configured: demo or development). */
  hasLocalCopy: boolean;
}

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;
const LOCAL_PREFIX = "local:";
/** The only file names the dispatcher writes; anything else (`../`, `/`) is never read. */
const LOCAL_FILE_NAME = /^[A-Za-z0-9_]+\.(eml|sms\.txt)$/;
/** A local copy is a short message; a bigger file is not one the dispatcher wrote. */
const MAX_LOCAL_COPY_BYTES = 256 * 1024;

/** The shop's notifications, newest first; `cursor` is the last id of the previous page. */
export async function listNotifications(
  shop: string,
  options: { status?: NotificationStatus; cursor?: string; limit?: number } = {},
): Promise<{ notifications: NotificationSummary[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIMIT), 1), MAX_LIMIT);
  if (options.status !== undefined && !NOTIFICATION_STATUSES.includes(options.status)) {
    throw fieldError("status", `Must be one of ${NOTIFICATION_STATUSES.join(", ")}`);
  }
  if (options.cursor !== undefined && !isNotificationId(options.cursor)) {
    throw fieldError("cursor", "Not a cursor this list returned");
  }
  const rows = await db.notification.findMany({
    where: { shop, status: options.status, ...(options.cursor ? { id: { lt: options.cursor } } : {}) },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { notifications: page.map(toSummary), nextCursor: rows.length > limit && last ? last.id : null };
}

/** The claim notifications sent for a card's redemption code (none for a card issued to an owner), oldest first. */
export async function notificationsOfCard(shop: string, cardId: string): Promise<NotificationSummary[]> {
  const card = await db.unitCard.findFirst({ where: { shop, id: cardId }, select: { redemptionId: true } });
  if (!card?.redemptionId) return [];
  const rows = await db.notification.findMany({ where: { shop, redemptionId: card.redemptionId }, orderBy: { id: "asc" } });
  return rows.map(toSummary);
}

/** Where each card's claim code was sent (its notifications' destinations, in full), by card id; cards issued to an owner have none. */
export async function destinationsOfCards(shop: string, cardIds: string[]): Promise<Record<string, string[]>> {
  if (cardIds.length === 0) return {};
  const cards = await db.unitCard.findMany({
    where: { shop, id: { in: cardIds }, redemptionId: { not: null } },
    select: { id: true, redemption: { select: { notifications: { select: { destination: true }, orderBy: { id: "asc" } } } } },
  });
  return Object.fromEntries(cards.map((card) => [card.id, card.redemption?.notifications.map((n) => n.destination) ?? []]));
}

/** One notification of the shop, or NOT_FOUND (also for another shop's). */
export async function getNotification(shop: string, id: string): Promise<NotificationSummary> {
  const row = await findOwn(shop, id);
  if (!row) throw notFound("Notification");
  return toSummary(row);
}

/**
 * Queues a FAILED notification again: the dispatcher picks it up as a fresh one.
 * Only a failed one: a pending or sending one is on its way, a sent one would
 * reach the customer twice.
 */
export async function resendNotification(shop: string, id: string, now = new Date()): Promise<NotificationSummary> {
  // One conditional write, so two clicks (or a dispatcher run in between) cannot both win.
  const { count } = await db.notification.updateMany({
    where: { id, shop, status: "FAILED" },
    data: { status: "PENDING", attempts: 0, nextAttemptAt: now, lastError: null, lockedUntil: null },
  });
  const row = await findOwn(shop, id);
  if (!row) throw notFound("Notification");
  if (count === 0) throw conflict("Only failed notifications can be resent");
  return toSummary(row);
}

/**
 * The text of a notification's local copy, or null: only for a row of this shop
 * that the dispatcher wrote to a file (`providerMessageId` = `local:<file name>`),
 * read from MESSAGES_DIR.
 */
export async function localMessage(shop: string, id: string): Promise<string | null> {
  const row = await findOwn(shop, id);
  const fileName = row ? localFileName(row.providerMessageId) : null;
  if (!row || !fileName) return null;
  const file = path.join(messagesDir(), fileName);
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    if (isMissingFile(error)) return null;
    throw error;
  }
  if (buffer.length > MAX_LOCAL_COPY_BYTES) return null;
  return buffer.toString("utf8");
}

/** Where the dispatcher writes messages when no provider is configured (relative to the working directory). */
export const messagesDir = () => path.resolve(process.env.MESSAGES_DIR || "./tmp/messages");

function localFileName(providerMessageId: string | null): string | null {
  if (!providerMessageId?.startsWith(LOCAL_PREFIX)) return null;
  const name = providerMessageId.slice(LOCAL_PREFIX.length);
  return LOCAL_FILE_NAME.test(name) ? name : null;
}

async function findOwn(shop: string, id: string) {
  if (!isNotificationId(id)) return null;
  return db.notification.findFirst({ where: { id, shop } });
}

const isNotificationId = (value: string) => /^ntf_[0-9A-Z]{26}$/.test(value);

const isMissingFile = (error: unknown) =>
  error instanceof Error && "code" in error && (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR");

function toSummary(row: NotificationRow): NotificationSummary {
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
    hasLocalCopy: localFileName(row.providerMessageId) !== null,
  };
}

/** The card names in a payload; a payload of another shape names none. */
function cardNamesOf(payload: unknown): string[] {
  if (!payload || typeof payload !== "object" || !("cards" in payload) || !Array.isArray(payload.cards)) return [];
  return payload.cards.flatMap((card: unknown) =>
    card && typeof card === "object" && "name" in card && typeof card.name === "string" ? [card.name] : [],
  );
}
