import { z } from "zod";
import { RateLimit } from "~/lib/rate-limit";
import { TooManyAttempts } from "./errors";
import { newId } from "./ids";
import { isGiftClaimedNotice, openSealedCode, type ClaimNotificationPayload } from "./notifications.server";
import { email, parseInput, phone } from "./schemas";
import { stores, wiredRateBuckets, type NotificationRecord } from "./stores";

/*
 * "Didn't get it? Send it again" and the reminder before a code expires (issue 39, item 8; decision 0071).
 * Both send the ORIGINAL message again — the same code, the same language, the same cards — through the
 * claim-message outbox, from the sealed copy of its code the message kept when it was sent. Only for live
 * codes still claimable: not redeemed, not expired, with a card still PENDING_REDEMPTION (a gift's code,
 * a voided card's or a claimed one's never).
 */

/** Resends per destination: 3, then one every 20 minutes. */
export const RESENDS_PER_DESTINATION = { capacity: 3, refillPerSecond: 1 / 1200 } as const;
/** Resends per storefront visitor address: 10, then one every 6 minutes. */
export const RESENDS_PER_VISITOR = { capacity: 10, refillPerSecond: 1 / 360 } as const;

const perDestination = new RateLimit("resend-destination", RESENDS_PER_DESTINATION, wiredRateBuckets);
const perVisitor = new RateLimit("resend-visitor", RESENDS_PER_VISITOR, wiredRateBuckets);

const DESTINATION_REQUIRED = "Give the e-mail address or phone number the code was sent to";
const DESTINATION_INVALID = "Must be an e-mail address, or a phone number in international format starting with +";

/** The resend form: the e-mail or phone the code was sent to, normalised as the message's destination was stored. */
export const resendInput = z
  .object({
    destination: z
      .string({ error: DESTINATION_REQUIRED })
      .max(254, "Must be at most 254 characters")
      .transform((value, ctx) => {
        const typed = value.normalize("NFC").trim();
        if (typed === "") {
          ctx.addIssue({ code: "custom", message: DESTINATION_REQUIRED });
          return z.NEVER;
        }
        const parsed = (typed.includes("@") ? email : phone).safeParse(typed);
        if (!parsed.success) {
          ctx.addIssue({ code: "custom", message: DESTINATION_INVALID });
          return z.NEVER;
        }
        return parsed.data;
      }),
  })
  .strict();

/**
 * Sends again, to exactly `destination` in `shop`, each still-claimable code's message that went there.
 * Resolves the same way whether there was any (the caller's answer must not tell); refuses only bad input
 * (VALIDATION_FAILED, nothing sent) and too many asks (RATE_LIMITED), whatever the address.
 */
export async function resendClaimMessages(shop: string, input: unknown, visitorAddress: string): Promise<void> {
  const { destination } = parseInput(resendInput, input);
  const visitor = await perVisitor.take(`${shop}\n${visitorAddress}`);
  if (!visitor.ok) throw new TooManyAttempts("Too many codes asked for from this address; try again later", visitor.retryAfterSeconds);
  const addressed = await perDestination.take(`${shop}\n${destination}`);
  if (!addressed.ok) throw new TooManyAttempts("This code was sent again recently; try again later", addressed.retryAfterSeconds);
  const now = new Date();
  await stores().transaction(async () => {
    const rows = await stores().notifications.stillClaimableTo(shop, destination, now);
    const again = [...byCode(rows).values()].flatMap((ofCode) => {
      // The message has not gone yet (or a resend waits): it is on its way, sending it twice helps no one.
      if (ofCode.some((row) => row.status === "PENDING" || row.status === "SENDING")) return [];
      const original = ofCode.find((row) => originalMessage(row.payload));
      return original ? [copyOf(original, { resend: true }, now)] : [];
    });
    if (again.length) await stores().notifications.insert(again.filter((row) => row !== null));
  });
}

/** Messages by the code they carry. */
function byCode(rows: NotificationRecord[]): Map<string, NotificationRecord[]> {
  const codes = new Map<string, NotificationRecord[]>();
  for (const row of rows) codes.set(row.redemptionId, [...(codes.get(row.redemptionId) ?? []), row]);
  return codes;
}

/** A claim message with a code (not a giver's notice, a resend or a reminder). */
function originalMessage(payload: unknown): boolean {
  const message = (payload ?? {}) as ClaimNotificationPayload;
  return (
    !isGiftClaimedNotice(message) && message.resend === undefined && message.reminder === undefined && typeof message.sealed === "string"
  );
}

/** A new outbox row sending `row`'s message again, its code and link opened from the sealed copy; null when they cannot be. */
function copyOf(row: NotificationRecord, kind: { resend: true } | { reminder: true }, now: Date) {
  const payload = row.payload as unknown as ClaimNotificationPayload;
  const opened = openSealedCode(payload);
  if (!opened) return null;
  return {
    id: newId("ntf"),
    shop: row.shop,
    redemptionId: row.redemptionId,
    channel: row.channel,
    destination: row.destination,
    payload: { ...payload, ...opened, ...kind },
    nextAttemptAt: now,
    createdAt: now,
  };
}

/** The longest reminder window a shop may set, in days. */
export const MAX_REMINDER_DAYS = 30;
/** The reminder's default: on, 3 days before the code expires. */
export const DEFAULT_REMINDER_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const NOT_DAYS = `Must be a whole number of days from 0 (no reminder) to ${MAX_REMINDER_DAYS}`;

/** The reminder setting: whole days from 0 (off) to MAX_REMINDER_DAYS. */
export const reminderSettingInput = z
  .object({
    reminderDays: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
      z.number({ error: NOT_DAYS }).int(NOT_DAYS).min(0, NOT_DAYS).max(MAX_REMINDER_DAYS, NOT_DAYS),
    ),
  })
  .strict();

/** How many days before a code expires the shop's reminder goes; 0 when off. */
export async function reminderDaysOf(shop: string): Promise<number> {
  return (await stores().settings.setup(shop))?.reminderDays ?? DEFAULT_REMINDER_DAYS;
}

/** Saves the shop's reminder setting; VALIDATION_FAILED at `reminderDays` and nothing saved when it is not one. */
export async function saveReminderSetting(shop: string, input: unknown): Promise<number> {
  const { reminderDays } = parseInput(reminderSettingInput, input);
  return (await stores().settings.saveSetup(shop, { reminderDays })).reminderDays;
}

/**
 * Codes whose reminder is due now: within their shop's window before expiry, and created before that
 * window opened (a code that lived less than the window gets none: its first message is recent enough).
 */
export async function remindersDue(now: Date, take: number, shop?: string): Promise<string[]> {
  const until = new Date(now.getTime() + MAX_REMINDER_DAYS * DAY_MS);
  const nearing = await stores().notifications.codesNearingExpiry(now, until, take, shop);
  const days = new Map<string, number>();
  const due: string[] = [];
  for (const code of nearing) {
    if (!days.has(code.shop)) days.set(code.shop, await reminderDaysOf(code.shop));
    const window = days.get(code.shop)! * DAY_MS;
    if (window === 0) continue;
    const from = code.expiresAt.getTime() - window;
    if (from <= now.getTime() && code.createdAt.getTime() < from) due.push(code.id);
  }
  return due;
}

/**
 * Queues the reminder of one code, exactly once: the conditional mark and the messages in one
 * transaction, so of two workers (or replicas) only the one whose mark won queues them. Re-checks in
 * the transaction that the code can still be claimed. Resolves with how many messages it queued.
 */
export async function queueReminder(redemptionId: string, now: Date): Promise<number | undefined> {
  return stores().transaction(async () => {
    if (!(await stores().notifications.markReminderQueued(redemptionId, now))) return undefined;
    const code = await stores().notifications.claimableCode(redemptionId, now);
    if (!code) return 0;
    const messages = await stores().notifications.listOfRedemption(code.shop, redemptionId);
    const firsts = new Map<string, NotificationRecord>();
    for (const row of messages) {
      const key = `${row.channel}\n${row.destination}`;
      if (!firsts.has(key) && originalMessage(row.payload)) firsts.set(key, row);
    }
    const reminders = [...firsts.values()].map((row) => copyOf(row, { reminder: true }, now)).filter((row) => row !== null);
    if (reminders.length) await stores().notifications.insert(reminders);
    return reminders.length;
  });
}
