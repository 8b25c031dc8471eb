import { claimLinkSettings, claimUrl, type ClaimLinkTarget } from "./claim-links.server";
import { recordEvent } from "./events.server";
import { newId } from "./ids";
import { ports } from "./ports";
import { maskEmail, maskPhone } from "./masking";
import { publicMetadata } from "./public-metadata";
import type { CardData, NotificationView } from "./schemas";
import { stores, type NotificationWithCardIds } from "./stores";

export const NOTIFICATION_CHANNELS = ["EMAIL", "SMS"] as const;

/** The status of a test-mode message: written like any other, never sent (decision 0036). */
export const TEST_NOTIFICATION_STATUS = "TEST";
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a claim notification carries; delivered later by the dispatcher. */
export interface ClaimNotificationPayload {
  code: string;
  claimUrl: string;
  /** Where claimUrl lands (the shop's setting when the message was queued); kept after delivery, unlike the link. */
  claimTarget: ClaimLinkTarget;
  expiresAt: string;
  cards: { name: string; imageUrl: string | null; metadata: CardData["metadata"] }[];
  /** The customer's locale (BCP 47) when the order, the customer or the API caller gave one; the language is chosen at send time. */
  locale?: string | null;
  /** The customer's first name, when known, for the greeting. */
  firstName?: string | null;
  /** A gift's message from its giver (decision 0043), shown as they wrote it. */
  giftMessage?: string | null;
  /** Present on a gift's message: the name its giver chose to be named by (null: unknown), which the gift's words use. */
  gift?: { giverName: string | null };
  /**
   * Present on the notice to a giver that their gift was claimed (issue 39, item 9): who claimed it, as
   * the giver knows them (the recipient's first name in Shopify, else the masked address it went to).
   * Such a row carries no code (`code` is empty) and `claimUrl` is the giver's My cards.
   */
  giftClaimed?: { recipient: string; claimedAt: string };
  /**
   * The code and claim link as JSON, sealed with a key the database does not hold (decision 0071): kept
   * when the message is sent and the clear code leaves the row, so a resend or a reminder can send the same code.
   */
  sealed?: string;
  /** Present on a message sent again from the claim page's "Send it again" (decision 0071). */
  resend?: true;
  /** Present on the reminder that the code expires soon (decision 0071): the message again, said to be a reminder. */
  reminder?: true;
}

/** The sealed form of a message's code and link (decision 0071). */
export const sealCode = (code: string, link: string) => ports().claimCodes.seal(JSON.stringify({ code, claimUrl: link }));

/** A message's code and link again from what `sealCode` kept; null when it kept none or cannot be opened. */
export function openSealedCode(payload: Pick<ClaimNotificationPayload, "sealed">): { code: string; claimUrl: string } | null {
  if (typeof payload.sealed !== "string") return null;
  try {
    const opened = JSON.parse(ports().claimCodes.open(payload.sealed)) as { code?: unknown; claimUrl?: unknown };
    return typeof opened.code === "string" && typeof opened.claimUrl === "string" ? { code: opened.code, claimUrl: opened.claimUrl } : null;
  } catch {
    // Sealed under another key (WEBHOOK_SECRETS_KEY changed): nothing to send again.
    return null;
  }
}

/** Whether an outbox row is a giver's gift-claimed notice rather than a message with a code. */
export const isGiftClaimedNotice = (payload: Pick<ClaimNotificationPayload, "giftClaimed">) => payload.giftClaimed !== undefined;

/**
 * Queues the e-mail telling a giver their gift was claimed, in the claim's transaction: in the
 * language of the page they gave from, to their e-mail in Shopify. The row hangs on the gift's code,
 * as its claim message does; it has no code of its own to send.
 */
export async function enqueueGiftClaimedNotice(args: {
  shop: string;
  redemptionId: string;
  email: string;
  locale: string | null;
  firstName: string | null;
  recipient: string;
  claimedAt: Date;
  card: { name: string; media: unknown };
  livemode: boolean;
}) {
  const media = args.card.media as { imageUrls?: string[] } | null;
  const payload: ClaimNotificationPayload = {
    code: "",
    claimUrl: `https://${args.shop}${ports().urls.proxyPath()}`,
    claimTarget: "THEME",
    expiresAt: args.claimedAt.toISOString(),
    locale: args.locale,
    firstName: args.firstName,
    giftClaimed: { recipient: args.recipient, claimedAt: args.claimedAt.toISOString() },
    cards: [{ name: args.card.name, imageUrl: media?.imageUrls?.[0] ?? null, metadata: [] }],
  };
  await stores().notifications.insert([
    {
      id: newId("ntf"),
      shop: args.shop,
      redemptionId: args.redemptionId,
      channel: "EMAIL",
      destination: args.email,
      payload,
      nextAttemptAt: args.claimedAt,
      createdAt: args.claimedAt,
      ...(args.livemode ? {} : { status: TEST_NOTIFICATION_STATUS }),
    },
  ]);
}

/** A payload once its message is delivered or its recipient forgotten: the code (and the link that carries it), the customer's name and a giver's name and words leave the outbox. */
export function withoutCode(payload: unknown): Record<string, unknown> {
  const {
    code: _code,
    claimUrl: _claimUrl,
    firstName: _firstName,
    giftMessage: _giftMessage,
    gift: _gift,
    giftClaimed: _giftClaimed,
    ...rest
  } = (payload ?? {}) as Record<string, unknown>;
  return rest;
}

/**
 * Queues one notification per destination in the caller's transaction, so a
 * redemption's cards and its notifications are written together or not at all.
 * A test redemption's messages are written with status TEST, which no worker sends.
 */
export async function enqueueClaimNotifications(args: {
  shop: string;
  redemptionId: string;
  phone?: string;
  email?: string;
  locale?: string;
  firstName?: string;
  giftMessage?: string;
  gift?: { giverName: string | null };
  code: string;
  expiresAt: Date;
  cards: CardData[];
  livemode: boolean;
}) {
  // Read in this transaction: the message links where the setting said when the card was created.
  const links = await claimLinkSettings(args.shop);
  const link = claimUrl(args.shop, args.code, links);
  const payload: ClaimNotificationPayload = {
    code: args.code,
    claimUrl: link,
    sealed: sealCode(args.code, link),
    claimTarget: links.target,
    expiresAt: args.expiresAt.toISOString(),
    locale: args.locale ?? null,
    firstName: args.firstName ?? null,
    ...(args.giftMessage ? { giftMessage: args.giftMessage } : {}),
    ...(args.gift ? { gift: args.gift } : {}),
    cards: args.cards.map((card) => ({
      name: card.name,
      imageUrl: card.media.imageUrls[0] ?? null,
      metadata: publicMetadata(card.metadata),
    })),
  };
  const destinations: [NotificationChannel, string | undefined][] = [
    ["SMS", args.phone],
    ["EMAIL", args.email],
  ];
  const now = new Date();
  await stores().notifications.insert(
    destinations
      .filter((pair): pair is [NotificationChannel, string] => pair[1] !== undefined)
      .map(([channel, destination]) => ({
        id: newId("ntf"),
        shop: args.shop,
        redemptionId: args.redemptionId,
        channel,
        destination,
        payload,
        nextAttemptAt: now,
        createdAt: now,
        ...(args.livemode ? {} : { status: TEST_NOTIFICATION_STATUS }),
      })),
  );
}

/** A notification as events show it: the destination masked, no code. */
export function toNotificationView(row: NotificationWithCardIds): NotificationView {
  return {
    id: row.id,
    channel: row.channel as NotificationChannel,
    destination: row.channel === "SMS" ? maskPhone(row.destination) : maskEmail(row.destination),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    cardIds: row.redemption?.cards.map((card) => card.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  };
}

/** Writes notification.failed in the transaction that recorded the failure. */
export async function recordNotificationFailed(notificationId: string): Promise<void> {
  const row = await stores().notifications.findWithCardIds(notificationId);
  if (row) await recordEvent(row.shop, "notification.failed", { objectType: "notification", object: toNotificationView(row) });
}
