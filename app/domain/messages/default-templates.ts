// The claim message as Twin Cards words it, per language, until a shop writes its own
// (Settings → Messages). French says "récupérer" for claiming: a "réclamation" is a complaint.

export const MESSAGE_LANGUAGES = ["en", "fr"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export interface MessageTemplateText {
  subject: string;
  /** Plain text: the e-mail's layout adds the shop's logo, the cards, the code and the claim button. */
  emailBody: string;
  /** The whole SMS. */
  smsBody: string;
}

const ONE = "{% if cards.size == 1 %}";

export const DEFAULT_TEMPLATES: Record<MessageLanguage, MessageTemplateText> = {
  en: {
    subject: `{{ shop.name }}: your ${ONE}card is{% else %}cards are{% endif %} ready to claim`,
    emailBody: [
      "Hello{% if customer.first_name %} {{ customer.first_name }}{% endif %},",
      "",
      `{{ shop.name }} sent you ${ONE}a card: {{ card.name }}{% else %}{{ cards.size }} cards{% endif %}.`,
      "",
      `Claim ${ONE}it{% else %}them{% endif %} with the code below before {{ expires_at }}.`,
      "",
      "If you were not expecting this message, you can ignore it.",
    ].join("\n"),
    smsBody: "{{ shop.name }}: your card code {{ code }} - claim at {{ claim_url }}",
  },
  fr: {
    // No-break spaces before the colons, as French writes them; the SMS keeps plain ones (U+00A0 is not GSM-7).
    subject: `{{ shop.name }}\u00a0: ${ONE}votre carte vous attend{% else %}vos cartes vous attendent{% endif %}`,
    emailBody: [
      "Bonjour{% if customer.first_name %} {{ customer.first_name }}{% endif %},",
      "",
      `{{ shop.name }} vous a envoyé ${ONE}une carte\u00a0: {{ card.name }}{% else %}{{ cards.size }} cartes{% endif %}.`,
      "",
      `Récupérez-${ONE}la{% else %}les{% endif %} avec le code ci-dessous avant le {{ expires_at }}.`,
      "",
      "Si vous n’attendiez pas ce message, vous pouvez l’ignorer.",
    ].join("\n"),
    smsBody: `{{ shop.name }}, votre code {{ code }} - récupérez ${ONE}votre carte{% else %}vos cartes{% endif %} sur {{ claim_url }}`,
  },
};

const GIVER: Record<MessageLanguage, string> = {
  en: "{% if giver.name %}{{ giver.name }}{% else %}Someone{% endif %}",
  fr: "{% if giver.name %}{{ giver.name }}{% else %}Quelqu’un{% endif %}",
};

/**
 * A gift's message (issue 39): in the recipient's language, naming the giver as they chose to be
 * named, never saying the shop sent it; the layout then quotes the giver's words. Not a shop's
 * template: Settings → Messages words the shop's own claim messages.
 */
export const DEFAULT_GIFT_TEMPLATES: Record<MessageLanguage, MessageTemplateText> = {
  en: {
    subject: `${GIVER.en} gave you a card: {{ card.name }}`,
    emailBody: [
      "Hello{% if customer.first_name %} {{ customer.first_name }}{% endif %},",
      "",
      `${GIVER.en} gave you a card: {{ card.name }}.`,
      "",
      "Claim it with the code below before {{ expires_at }}: it is then yours.",
      "",
      "If you were not expecting this message, you can ignore it.",
    ].join("\n"),
    smsBody: `${GIVER.en} gave you a card: code {{ code }} - claim it at {{ claim_url }}`,
  },
  fr: {
    subject: `${GIVER.fr} vous offre une carte\u00a0: {{ card.name }}`,
    emailBody: [
      "Bonjour{% if customer.first_name %} {{ customer.first_name }}{% endif %},",
      "",
      `${GIVER.fr} vous offre une carte\u00a0: {{ card.name }}.`,
      "",
      "Récupérez-la avec le code ci-dessous avant le {{ expires_at }}\u00a0: elle sera alors à vous.",
      "",
      "Si vous n’attendiez pas ce message, vous pouvez l’ignorer.",
    ].join("\n"),
    // Plain spaces before the colon, as the claim SMS (U+00A0 is not GSM-7).
    smsBody: `${GIVER.fr} vous offre une carte, code {{ code }} - récupérez-la sur {{ claim_url }}`,
  },
};

/**
 * The notice to a giver that their gift was claimed (issue 39, item 9), in the language of the page
 * they gave from; the layout then links to their cards instead of showing a code. Not a shop's
 * template either. The SMS is never sent (the giver is told by e-mail, to their address in Shopify).
 */
export const DEFAULT_GIFT_CLAIMED_TEMPLATES: Record<MessageLanguage, MessageTemplateText> = {
  en: {
    subject: "Your gift was claimed: {{ card.name }}",
    emailBody: [
      "Hello{% if customer.first_name %} {{ customer.first_name }}{% endif %},",
      "",
      "{{ gift_claimed.recipient }} claimed the card you gave: {{ card.name }}, on {{ gift_claimed.claimed_on }}. It is theirs now.",
      "",
      "Your history on My cards says so too.",
    ].join("\n"),
    smsBody: "{{ gift_claimed.recipient }} claimed the card you gave: {{ card.name }}",
  },
  fr: {
    subject: "Votre cadeau a été récupéré\u00a0: {{ card.name }}",
    emailBody: [
      "Bonjour{% if customer.first_name %} {{ customer.first_name }}{% endif %},",
      "",
      "{{ gift_claimed.recipient }} a récupéré la carte que vous avez offerte\u00a0: {{ card.name }}, le {{ gift_claimed.claimed_on }}. Elle est désormais à cette personne.",
      "",
      "Votre historique, dans Mes cartes, l’indique aussi.",
    ].join("\n"),
    smsBody: "{{ gift_claimed.recipient }} a récupéré la carte que vous avez offerte : {{ card.name }}",
  },
};

export const isMessageLanguage = (value: unknown): value is MessageLanguage => MESSAGE_LANGUAGES.includes(value as MessageLanguage);

/**
 * What a reminder that a code expires soon puts before the message's subject and SMS (decision 0071): the
 * message is otherwise the original, whose text already says until when the code claims. The SMS keeps
 * GSM-7 characters (a hyphen, no no-break space).
 */
export const REMINDER_PREFIX: Record<MessageLanguage, { subject: string; sms: string }> = {
  en: { subject: "Reminder: ", sms: "Reminder - " },
  fr: { subject: "Rappel\u00a0: ", sms: "Rappel - " },
};
