import { z } from "zod";
import { optionalTextEnv, parseEnv, positiveIntEnv } from "~/config.server";


const notifySchema = z
  .object({
    /** "off" keeps `npm start` from running a dispatcher (run `npm run worker` instead, or in tests). */
    NOTIFY_DISPATCHER: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    NOTIFY_MAX_ATTEMPTS: positiveIntEnv(8),
    NOTIFY_POLL_MS: positiveIntEnv(1000),
    NOTIFY_LEASE_MS: positiveIntEnv(60_000),
    NOTIFY_BACKOFF_BASE_MS: positiveIntEnv(30_000),
    NOTIFY_BACKOFF_MAX_MS: positiveIntEnv(6 * 60 * 60 * 1000),
    NOTIFY_BATCH_SIZE: positiveIntEnv(20),
    SMTP_URL: optionalTextEnv.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
    MAIL_FROM: optionalTextEnv,
    TWILIO_ACCOUNT_SID: optionalTextEnv,
    TWILIO_AUTH_TOKEN: optionalTextEnv,
    TWILIO_FROM: optionalTextEnv,
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
