import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { emailMessage } from "./email-message";
import { DeliveryError, type Transport } from "./transport";

/**
 * E-mail over SMTP (SMTP_URL, MAIL_FROM). 4xx replies and network errors are retried, 5xx replies are permanent.
 * Connections are pooled (up to `connections`, each reused for 100 messages): a real server's greeting and
 * handshake take a round trip or more, paid once per connection instead of once per message.
 */
export function smtpTransport(options: { url: string; mailFrom: string; connections?: number }): Transport {
  // Bounded waits, so a stuck server delays a dispatcher's shutdown by seconds, not minutes.
  const transporter = nodemailer.createTransport({
    url: options.url,
    pool: true,
    maxConnections: options.connections ?? 1,
    maxMessages: 100,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    async send(notification) {
      let info: SMTPPool.SentMessageInfo;
      try {
        info = (await transporter.sendMail(emailMessage(notification, options.mailFrom))) as SMTPPool.SentMessageInfo;
      } catch (error) {
        const { responseCode, response, message } = error as { responseCode?: number; response?: string; message: string };
        const permanent = typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
        throw new DeliveryError(`SMTP: ${response ?? message}`, !permanent);
      }
      if (info.rejected.length > 0) throw new DeliveryError(`SMTP: recipient rejected (${info.response})`, true);
      return { providerMessageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}
