import {
  chooseMessageLocale,
  formatDay,
  formatExpiry,
  languageOf,
  renderWords,
  type MessageLocale,
  type RenderedWords,
} from "./messages/claim-message";
import {
  DEFAULT_GIFT_CLAIMED_TEMPLATES,
  DEFAULT_GIFT_TEMPLATES,
  DEFAULT_TEMPLATES,
  REMINDER_PREFIX,
  type MessageLanguage,
  type MessageTemplateText,
} from "./messages/default-templates";
import type { MessageScope } from "./messages/variables";
import type { ClaimNotificationPayload } from "./notifications.server";
import { claimUrlIn } from "./claim-links.server";
import { shopProfile, type ShopProfile } from "./shop-profile.server";
import { stores } from "./stores";

/*
 * A claim message as it is sent: rendered from the outbox row's payload when the
 * dispatcher sends it (so a template fixed meanwhile reaches it), in the
 * customer's language, with the shop's name, logo and time zone
 * (docs/decisions/0031-branded-localized-messages.md).
 */

/** Everything a transport needs to write one claim message, in one language. */
export interface ClaimMessage extends MessageLocale, RenderedWords {
  shopName: string;
  logoUrl: string | null;
  code: string;
  claimUrl: string;
  /** The expiry written the reader's way in the shop's time zone. */
  expiresAt: string;
  cards: { name: string; imageUrl: string | null }[];
  /** A gift's words from its giver (decision 0043), null otherwise. */
  giftMessage: string | null;
  /** A gift's giver as they chose to be named (null: unknown); null when the message is not a gift. */
  gift: { giverName: string | null } | null;
  /** A notice with no code (a giver told their gift was claimed): its link is to the giver's cards. */
  notice?: boolean;
}

/** The shop's template in a language: its own when it wrote one, else the default. */
export async function templateFor(shop: string, language: MessageLanguage): Promise<MessageTemplateText & { customized: boolean }> {
  const row = await stores().settings.messageTemplate(shop, language);
  return row
    ? { subject: row.subject, emailBody: row.emailBody, smsBody: row.smsBody, customized: true }
    : { ...DEFAULT_TEMPLATES[language], customized: false };
}

/**
 * The template scope of a message: the payload's public fields (its cards carry
 * PUBLIC metadata only, and not even those reach a template) and the shop's
 * name. Nothing else — no other shop, no environment — is ever in scope.
 */
export function scopeOf(
  profile: Pick<ShopProfile, "name" | "timeZone" | "primaryLocale">,
  locale: string,
  payload: ClaimNotificationPayload,
): MessageScope {
  const cards = payload.cards.map((card) => ({ name: card.name, image_url: card.imageUrl }));
  const language = languageOf(locale);
  return {
    shop: { name: profile.name },
    card: cards[0] ?? { name: "", image_url: null },
    cards,
    code: payload.code,
    // The link opens the page in the message's language (decision 0065): said only when it is not the
    // shop's primary one, which the page falls back to anyway (8 characters an SMS need not pay for).
    claim_url:
      language === null || language === languageOf(profile.primaryLocale) ? payload.claimUrl : claimUrlIn(payload.claimUrl, language),
    expires_at: formatExpiry(payload.expiresAt, locale, profile.timeZone),
    customer: { first_name: payload.firstName ?? null },
    ...(payload.gift ? { giver: { name: payload.gift.giverName } } : {}),
    ...(payload.giftClaimed
      ? {
          gift_claimed: {
            recipient: payload.giftClaimed.recipient,
            claimed_on: formatDay(payload.giftClaimed.claimedAt, locale, profile.timeZone),
          },
        }
      : {}),
  };
}

export function messageOf(
  profile: ShopProfile,
  chosen: MessageLocale,
  scope: MessageScope,
  words: RenderedWords,
  giftMessage: string | null = null,
  gift: { giverName: string | null } | null = null,
): ClaimMessage {
  return {
    giftMessage,
    gift,
    ...chosen,
    ...words,
    shopName: profile.name,
    logoUrl: profile.logoUrl,
    code: scope.code,
    claimUrl: scope.claim_url,
    expiresAt: scope.expires_at,
    cards: scope.cards.map((card) => ({ name: card.name, imageUrl: card.image_url })),
  };
}

/** The message of `payload` in the shop's template, with no database read (the bench renders this way). */
export function composeWith(
  profile: ShopProfile,
  template: (language: MessageLanguage) => MessageTemplateText,
  payload: ClaimNotificationPayload,
) {
  const chosen = chooseMessageLocale(payload.locale, profile.primaryLocale);
  const scope = scopeOf(profile, chosen.locale, payload);
  // A gift is worded as its giver's, in the recipient's language (issue 39), not in the shop's claim template.
  // The giver's notice that it was claimed is the app's wording too (issue 39, item 9).
  const text = payload.giftClaimed
    ? DEFAULT_GIFT_CLAIMED_TEMPLATES[chosen.language]
    : payload.gift
      ? DEFAULT_GIFT_TEMPLATES[chosen.language]
      : template(chosen.language);
  const { fellBack, ...rendered } = renderWords(chosen.language, text, scope);
  // A reminder is the message again, said to be one (decision 0071); a resend is the message as it was.
  const prefix = payload.reminder ? REMINDER_PREFIX[chosen.language] : null;
  const words = prefix ? { ...rendered, subject: prefix.subject + rendered.subject, sms: prefix.sms + rendered.sms } : rendered;
  const message = messageOf(profile, chosen, scope, words, payload.giftMessage ?? null, payload.gift ?? null);
  return { ...message, notice: payload.giftClaimed !== undefined, fellBack };
}

/**
 * The message for one outbox row, as it is sent now. `fellBack` names the fields
 * of the shop's template that failed with this message's data and were written
 * with the default instead (the dispatcher logs them).
 */
export async function composeClaimMessage(shop: string, payload: ClaimNotificationPayload): Promise<ClaimMessage & { fellBack: string[] }> {
  const profile = await shopProfile(shop);
  const language = chooseMessageLocale(payload.locale, profile.primaryLocale).language;
  const template = await templateFor(shop, language);
  return composeWith(profile, () => template, payload);
}
