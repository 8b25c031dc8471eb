import { claimEmail } from "~/adapters/notifications/templates";
import type { ClaimMessage } from "~/domain/claim-messages.server";
import { previewMessage } from "~/domain/message-templates.server";
import { smsLength, type SmsLength } from "~/domain/messages/sms-length";
import { translateDomainMessage } from "~/faces/admin/i18n/domain-messages";
import type { Translator } from "~/faces/admin/i18n/i18n.server";

/** What Settings → Messages shows of a template: the e-mail as sent (HTML and text), the SMS and its length, and each field's problem. */
export interface MessagePreview {
  language: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  sms: string;
  smsLength: SmsLength;
  fieldErrors: Record<string, string>;
}

/** The fields of the template form, untrimmed (a template's line numbers must stay the merchant's). */
export function templateFields(form: FormData) {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.replace(/\r\n/g, "\n") : "";
  };
  return { language: field("language"), subject: field("subject"), emailBody: field("emailBody"), smsBody: field("smsBody") };
}

export function previewOf(message: ClaimMessage, fieldErrors: Record<string, string>): MessagePreview {
  const email = claimEmail(message);
  return {
    language: message.language,
    from: email.senderName,
    subject: email.subject,
    html: email.html,
    text: email.text,
    sms: message.sms,
    smsLength: smsLength(message.sms),
    fieldErrors,
  };
}

/** The template rendered with sample data, its problems in the merchant's language. Writes nothing. */
export async function messagePreview(shop: string, fields: ReturnType<typeof templateFields>, t: Translator): Promise<MessagePreview> {
  const { message, fieldErrors } = await previewMessage(shop, fields);
  const translated = Object.fromEntries(Object.entries(fieldErrors).map(([field, error]) => [field, translateDomainMessage(t, error)]));
  return previewOf(message, translated);
}
