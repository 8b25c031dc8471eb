import { claimEmail } from "../templates";
import type { OutgoingNotification } from "./transport";

/** The message nodemailer builds, shared by the SMTP and the local file transport. */
export function emailMessage(notification: OutgoingNotification, mailFrom: string) {
  const content = claimEmail(notification.message);
  return {
    from: { name: content.senderName, address: mailFrom },
    to: notification.destination,
    subject: content.subject,
    text: content.text,
    html: content.html,
    // One id per outbox row: a provider that deduplicates on Message-ID drops a retried duplicate.
    messageId: `<${notification.id}@${addressDomain(mailFrom)}>`,
  };
}

const addressDomain = (address: string) => /@([^>\s]+)/.exec(address)?.[1] ?? "twin-cards.local";
