import type { NotifyConfig } from "~/wiring/config.server";
import { localEmailTransport, localSmsTransport } from "./local.server";
import { smtpTransport } from "./smtp.server";
import type { Transports } from "./transport";
import { twilioTransport } from "./twilio.server";

export const LOCAL_MAIL_FROM = "twin-cards@localhost";

/** One transport per channel, chosen once from the configuration: the provider if configured, else files in MESSAGES_DIR. */
export function transportsFromConfig(config: NotifyConfig): Transports {
  const EMAIL = config.SMTP_URL
    ? smtpTransport({ url: config.SMTP_URL, mailFrom: config.MAIL_FROM!, connections: config.NOTIFY_CONCURRENCY })
    : localEmailTransport({ dir: config.MESSAGES_DIR, mailFrom: config.MAIL_FROM ?? LOCAL_MAIL_FROM });
  const SMS =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? twilioTransport({
          accountSid: config.TWILIO_ACCOUNT_SID,
          authToken: config.TWILIO_AUTH_TOKEN,
          from: config.TWILIO_FROM,
          baseUrl: config.TWILIO_BASE_URL,
        })
      : localSmsTransport({ dir: config.MESSAGES_DIR, from: config.TWILIO_FROM ?? "Twin Cards" });
  return { EMAIL, SMS };
}
