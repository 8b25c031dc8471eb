import { z } from "zod";
import { parseEnv } from "~/config.server";

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").default(fallback);

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const notifySchema = z
  .object({
    /** "off" keeps `npm start` from running a dispatcher (run `npm run worker` instead, or in tests). */
    NOTIFY_DISPATCHER: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    NOTIFY_MAX_ATTEMPTS: positiveInt(8),
    NOTIFY_POLL_MS: positiveInt(1000),
    NOTIFY_LEASE_MS: positiveInt(60_000),
    NOTIFY_BACKOFF_BASE_MS: positiveInt(30_000),
    NOTIFY_BACKOFF_MAX_MS: positiveInt(6 * 60 * 60 * 1000),
    NOTIFY_BATCH_SIZE: positiveInt(20),
    SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    MAIL_FROM: optionalText,
    TWILIO_ACCOUNT_SID: optionalText,
    TWILIO_AUTH_TOKEN: optionalText,
    TWILIO_FROM: optionalText,
    TWILIO_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.twilio.com"),
    MESSAGES_DIR: z.string().min(1).default("./tmp/messages/"),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required with SMTP_URL, e.g. cards@example.com" });
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
        if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when any TWILIO_* variable is set" });
      }
    }
  });

export type NotifyConfig = z.infer<typeof notifySchema>;

/** Delivery settings (transports, retries, polling) from the environment; a ConfigError names every bad variable. */
export const loadNotifyConfig = (env: Record<string, string | undefined> = process.env): NotifyConfig =>
  parseEnv(notifySchema, env, "Claim notifications cannot start");
