import type { ClaimNotificationPayload } from "~/domain/notifications.server";

/** What a transport delivers: one outbox row. */
export interface OutgoingNotification {
  id: string;
  shop: string;
  channel: string;
  destination: string;
  payload: ClaimNotificationPayload;
}

export interface EmailContent {
  /** Display name of the sender: the shop (its domain, as no shop name is stored). */
  senderName: string;
  subject: string;
  text: string;
  html: string;
}

/** The name a recipient sees the message come from. */
export const senderName = (shop: string) => shop;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The expiry as a reader expects it, e.g. "March 5, 2027, 14:00 UTC". */
export function formatExpiry(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const formatted = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC", hourCycle: "h23" }).format(date);
  return `${formatted} UTC`;
}

const cardNoun = (count: number) => (count === 1 ? "card" : "cards");

/** Plain-text and HTML e-mail. Only what the payload holds (public metadata only); every value escaped in HTML. */
export function claimEmail(notification: OutgoingNotification): EmailContent {
  const { payload, shop } = notification;
  const from = senderName(shop);
  const count = payload.cards.length;
  const subject = `${from}: your ${cardNoun(count)} ${count === 1 ? "is" : "are"} ready to claim`;
  const expiry = formatExpiry(payload.expiresAt);
  const text = [
    `${from} sent you ${count === 1 ? "a card" : `${count} cards`}:`,
    "",
    ...payload.cards.map((card) => `  - ${card.name}${card.imageUrl ? ` (${card.imageUrl})` : ""}`),
    "",
    `Your code: ${payload.code}`,
    `Claim ${count === 1 ? "it" : "them"} here: ${payload.claimUrl}`,
    `The code expires on ${expiry}.`,
    "",
    "If you were not expecting this message, you can ignore it.",
  ].join("\n");
  const cards = payload.cards
    .map((card) => {
      const image = card.imageUrl
        ? `<img src="${escapeHtml(card.imageUrl)}" alt="${escapeHtml(card.name)}" width="160" style="display:block;max-width:160px;border-radius:8px;margin-bottom:4px">`
        : "";
      return `<li style="margin:0 0 16px;list-style:none">${image}<strong>${escapeHtml(card.name)}</strong></li>`;
    })
    .join("");
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#202223;line-height:1.5">
<p>${escapeHtml(from)} sent you ${count === 1 ? "a card" : `${count} cards`}:</p>
<ul style="padding:0">${cards}</ul>
<p>Your code: <strong style="font-family:monospace;font-size:1.2em">${escapeHtml(payload.code)}</strong></p>
<p><a href="${escapeHtml(payload.claimUrl)}" style="display:inline-block;padding:10px 18px;background:#008060;color:#fff;text-decoration:none;border-radius:6px">Claim ${count === 1 ? "your card" : "your cards"}</a></p>
<p style="font-size:0.9em;color:#6d7175">Or open ${escapeHtml(payload.claimUrl)}<br>The code expires on ${escapeHtml(expiry)}.</p>
</body></html>
`;
  return { senderName: from, subject, text, html };
}

// GSM 03.38: the basic set counts 1, the extension set 2 (escape + char).
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENDED = "^{}\\[~]|€\f";

/** Length in GSM-7 septets, or null when the text needs UCS-2 (then a single SMS holds 70 characters). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) length += 1;
    else if (GSM_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

export const SMS_SINGLE_LIMIT = 160;

/**
 * One SMS body: the shop, the code and the claim link. Tries shorter wordings
 * until one fits a single GSM-7 message (160); if none does (a long merchant
 * code or domain) the longest informative one is sent as a multi-part message.
 */
export function claimSms(notification: OutgoingNotification): string {
  const { payload, shop } = notification;
  const from = senderName(shop);
  const candidates = [
    `${from}: your card code ${payload.code} - claim at ${payload.claimUrl}`,
    `${from}: code ${payload.code} - ${payload.claimUrl}`,
    `Your card code ${payload.code} - claim at ${payload.claimUrl}`,
    `Code ${payload.code}: ${payload.claimUrl}`,
  ];
  return candidates.find((body) => (gsm7Length(body) ?? Infinity) <= SMS_SINGLE_LIMIT) ?? candidates[candidates.length - 1]!;
}
