import type { ClaimMessage } from "~/domain/claim-messages.server";
import type { MessageLanguage } from "~/domain/messages/default-templates";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";

/** What a transport delivers: one outbox row, and its message as rendered for sending. */
export interface OutgoingNotification {
  id: string;
  shop: string;
  channel: string;
  destination: string;
  payload: ClaimNotificationPayload;
  message: ClaimMessage;
}

export interface EmailContent {
  /** Display name of the sender: the shop's name. */
  senderName: string;
  subject: string;
  text: string;
  html: string;
}

/** The layout's own words around the merchant's text, per language (exported for the French terms test). */
export const LAYOUT_WORDS: Record<
  MessageLanguage,
  {
    code: string;
    claim: (count: number) => string;
    claimAt: string;
    orOpen: string;
    giftFrom: string;
    giftFromName: (name: string) => string;
    sentVia: (giver: string, shop: string) => string;
    seeCards: string;
    seeCardsAt: string;
  }
> = {
  en: {
    giftFrom: "A message from the person who gave it to you:",
    giftFromName: (name) => `A message from ${name}:`,
    sentVia: (giver, shop) => `${giver} via ${shop}`,
    code: "Your code:",
    claim: (count) => (count === 1 ? "Claim your card" : "Claim your cards"),
    claimAt: "Claim here:",
    orOpen: "Or open this link:",
    seeCards: "See my cards",
    seeCardsAt: "Your cards:",
  },
  fr: {
    giftFrom: "Un mot de la personne qui vous l’offre\u00a0:",
    giftFromName: (name) => `Un mot de ${name}\u00a0:`,
    sentVia: (giver, shop) => `${giver} via ${shop}`,
    code: "Votre code\u00a0:",
    claim: (count) => (count === 1 ? "Récupérer ma carte" : "Récupérer mes cartes"),
    claimAt: "Récupérez ici\u00a0:",
    orOpen: "Ou ouvrez ce lien\u00a0:",
    seeCards: "Voir mes cartes",
    seeCardsAt: "Vos cartes\u00a0:",
  },
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The merchant's plain text as HTML: paragraphs at blank lines, line breaks kept, every character escaped. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("\n");

// Each element's style, written on it as a `style` attribute: Gmail's apps and Outlook drop <style>. The
// layout is ours alone (the merchant's words are escaped text), so it needs no CSS inliner at send time.
const STYLES = {
  body: "margin: 0; padding: 0; background: #f6f6f7;",
  wrap: 'max-width: 560px; margin: 0 auto; padding: 24px 16px; font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #202223; line-height: 1.5;',
  panel: "background: #ffffff; border-radius: 12px; padding: 24px;",
  brand: "margin: 0 0 16px; font-size: 18px; font-weight: 600;",
  logo: "display: block; max-width: 160px; max-height: 64px; margin: 0 0 16px; border: 0;",
  cards: "padding: 0; margin: 16px 0;",
  card: "list-style: none; margin: 0 0 16px;",
  "card-image": "display: block; max-width: 160px; border-radius: 8px; margin: 0 0 4px;",
  code: "font-family: Menlo, Consolas, monospace; font-size: 20px; font-weight: 600; letter-spacing: 1px;",
  button:
    "display: inline-block; padding: 10px 18px; background: #008060; color: #ffffff; text-decoration: none; border-radius: 6px; font-weight: 600;",
  gift: "margin: 0 0 16px; padding: 0 0 0 12px; border-left: 3px solid #c9cccf; font-style: italic;",
  fine: "font-size: 13px; color: #6d7175; word-break: break-all;",
} as const;

/** The inline style of one of the layout's elements, written last among its attributes. */
const style = (name: keyof typeof STYLES) => `style="${escapeHtml(STYLES[name])}"`;

/** Plain-text and HTML e-mail: the shop's logo or name, the merchant's words, then the cards, the code and the claim button. */
export function claimEmail(message: ClaimMessage): EmailContent {
  const words = LAYOUT_WORDS[message.language];
  const count = message.cards.length;
  // A gift's words from its giver (decision 0043), quoted as they wrote them, under their name when they gave one.
  const gift = message.giftMessage;
  const giver = message.gift?.giverName ?? null;
  const giftFrom = giver ? words.giftFromName(giver) : words.giftFrom;
  // A notice (a giver told their gift was claimed) has no code: its link is to the giver's cards.
  const notice = message.notice === true;
  const text = [
    message.emailBody,
    "",
    ...(gift ? [giftFrom, `  "${gift}"`, ""] : []),
    ...message.cards.map((card) => `  - ${card.name}`),
    "",
    ...(notice ? [`${words.seeCardsAt} ${message.claimUrl}`] : [`${words.code} ${message.code}`, `${words.claimAt} ${message.claimUrl}`]),
  ].join("\n");
  const brand = message.logoUrl
    ? `<img class="logo" src="${escapeHtml(message.logoUrl)}" alt="${escapeHtml(message.shopName)}" ${style("logo")}>`
    : `<p class="brand" ${style("brand")}>${escapeHtml(message.shopName)}</p>`;
  const cards = message.cards
    .map((card) => {
      const image = card.imageUrl
        ? `<img class="card-image" src="${escapeHtml(card.imageUrl)}" alt="${escapeHtml(card.name)}" width="160" ${style("card-image")}>`
        : "";
      return `<li class="card" ${style("card")}>${image}<strong>${escapeHtml(card.name)}</strong></li>`;
    })
    .join("");
  const html = `<!doctype html>
<html lang="${escapeHtml(message.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message.subject)}</title>
</head>
<body ${style("body")}><div class="wrap" ${style("wrap")}><div class="panel" ${style("panel")}>
${brand}
${paragraphs(message.emailBody)}
${gift ? `<p>${escapeHtml(giftFrom)}</p><blockquote class="gift" ${style("gift")}>${paragraphs(gift)}</blockquote>` : ""}
<ul class="cards" ${style("cards")}>${cards}</ul>
${notice ? "" : `<p>${escapeHtml(words.code)} <span class="code" ${style("code")}>${escapeHtml(message.code)}</span></p>`}
<p><a class="button" href="${escapeHtml(message.claimUrl)}" ${style("button")}>${escapeHtml(notice ? words.seeCards : words.claim(count))}</a></p>
<p class="fine" ${style("fine")}>${escapeHtml(words.orOpen)} ${escapeHtml(message.claimUrl)}</p>
</div></div></body></html>
`;
  // A gift comes from its giver, through the shop's sender: "Camille via Harbor & Pine".
  const senderName = giver ? words.sentVia(giver, message.shopName) : message.shopName;
  return { senderName, subject: message.subject, text, html };
}
