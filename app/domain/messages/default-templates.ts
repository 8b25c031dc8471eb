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
    smsBody: `{{ shop.name }} : votre code {{ code }} - récupérez ${ONE}votre carte{% else %}vos cartes{% endif %} sur {{ claim_url }}`,
  },
};

export const isMessageLanguage = (value: unknown): value is MessageLanguage => MESSAGE_LANGUAGES.includes(value as MessageLanguage);
