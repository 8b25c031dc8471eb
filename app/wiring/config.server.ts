import { z } from "zod";
import { parseIssuerSecretKey, type IssuerKey } from "../adapters/chain/issuer-key.server";
import { CLUSTERS, type Cluster } from "../adapters/chain/port";
import { readPassSigning, type PassSigningSetup } from "../adapters/wallet-passes/signing-material.server";
import { readApnsAuth } from "../adapters/apns/apns-auth.server";
import { readGoogleWallet, type GoogleWalletAccountSetup } from "../adapters/google-wallet/service-account.server";
import { DEFAULT_DATABASE_URL } from "../db/database-url";

/*
 * The one reader of process.env in app/ and server/ (eslint.config.js enforces it):
 * one schema for every variable, read in sections so a process checks only what
 * it uses (`npm run worker` needs no Shopify keys). Each section is read once per
 * process, on first use; tests and scripts may set the environment before that.
 */

type Env = Record<string, string | undefined>;

/** A whole number ≥ 1 from the environment, `fallback` when unset. */
const positiveInt = (fallback: number) =>
  z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").default(fallback);

/** Optional text from the environment: surrounding spaces dropped, empty means unset. */
/** A whole number ≥ 1 from the environment, undefined when unset (the code's default applies). */
const optionalPositiveInt = z.coerce
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .optional();

/** A positive number (e.g. messages per second, 0.5 allowed), undefined when unset (no limit). */
const optionalRate = z.coerce.number({ error: "must be a number of messages per second" }).positive("must be more than 0").optional();

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const onOff = z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on");

/** Where a merchant may mount the app proxy: a prefix Shopify offers (apps, a, community, tools) and a subpath. */
export const PROXY_PATH = /^\/(apps|a|community|tools)\/[A-Za-z0-9_-]{1,30}$/;
export const DEFAULT_PROXY_PATH = "/apps/twincards";

const appUrl = z.url({ protocol: /^https?$/, error: "must be the app's public URL, e.g. https://twin-cards.example.com" });

const ENV = z.object({
  // The web server
  SHOPIFY_API_KEY: z.string().min(1, "is required (the app's client id from the Partner Dashboard)"),
  SHOPIFY_API_SECRET: z.string().min(1, "is required (the app's client secret)"),
  SHOPIFY_APP_URL: appUrl,
  SCOPES: z.string().min(1, "is required, e.g. read_customers,read_files,read_fulfillments,read_orders,read_products,write_app_proxy"),
  DATABASE_URL: z
    .string()
    .regex(
      /^(file:.+|postgres(ql)?:\/\/.+)/i,
      "must be a SQLite file URL (file:./prisma/dev.sqlite) or a PostgreSQL URL (postgresql://user:password@host:5432/db)",
    )
    .default(DEFAULT_DATABASE_URL),
  /**
   * `npm run db:migrate` only: a connection to PostgreSQL itself when DATABASE_URL goes through a
   * pooler (Prisma's name for it, `directUrl`); DATABASE_URL when unset (decision 0037).
   */
  DIRECT_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/i, "must be a PostgreSQL URL (postgresql://user:password@host:5432/db) that bypasses the pooler")
      .optional(),
  ),
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a port number")
    .min(0)
    .max(65535, "must be a port number")
    .default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** Behind a reverse proxy: a hop count or e.g. "loopback", so req.ip is the real client. */
  TRUST_PROXY: optionalText,
  NODE_ENV: optionalText,
  /** Demo and tests only: Admin API calls go to this local stub. */
  SHOPIFY_ADMIN_API_STUB_URL: optionalText,
  /** The storefront path of the app proxy (shopify.app.toml: prefix + subpath): claim links in messages point there. */
  APP_PROXY_PATH: z
    .string()
    .regex(PROXY_PATH, "must be /apps, /a, /community or /tools and a subpath, e.g. /apps/twincards")
    .default(DEFAULT_PROXY_PATH),
  /** "1" only for the demo and tests: /demo and the local App Bridge. */
  DEMO_MODE: optionalText,
  /** Demo only: the local storefront (stubs/storefront) the shop's links in View message lead to. */
  DEMO_STOREFRONT_URL: optionalText,

  // Claim notifications
  /** "off" keeps `npm start` from running a dispatcher (run `npm run worker` instead, or in tests). */
  NOTIFY_DISPATCHER: onOff,
  NOTIFY_MAX_ATTEMPTS: positiveInt(8),
  NOTIFY_POLL_MS: positiveInt(1000),
  NOTIFY_LEASE_MS: positiveInt(60_000),
  NOTIFY_BACKOFF_BASE_MS: positiveInt(30_000),
  NOTIFY_BACKOFF_MAX_MS: positiveInt(6 * 60 * 60 * 1000),
  /** Due rows read per poll; 4 × NOTIFY_CONCURRENCY (at least 20) when unset. */
  NOTIFY_BATCH_SIZE: optionalPositiveInt,
  /** Messages one dispatcher sends at once (SMTP connections it keeps open, SMS requests in flight): one worker keeps up with a busy shop's writers (decision 0030). */
  NOTIFY_CONCURRENCY: positiveInt(16),
  /** A provider's per-second limit, kept by each dispatcher; unset means none. */
  NOTIFY_EMAIL_PER_SECOND: optionalRate,
  NOTIFY_SMS_PER_SECOND: optionalRate,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional()),
  MAIL_FROM: optionalText,
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.twilio.com"),
  MESSAGES_DIR: z.string().min(1).default("./tmp/messages/"),

  // On-chain issuing
  SOLANA_RPC_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) JSON-RPC URL" }).optional()),
  ISSUER_SECRET_KEY: optionalText,
  /** Only for explorer links; guessed from SOLANA_RPC_URL when unset. */
  SOLANA_CLUSTER: z.enum(CLUSTERS, { error: `must be one of ${CLUSTERS.join(", ")}` }).optional(),
  /** "off" keeps `npm start` from minting (run `npm run worker` instead). */
  CHAIN_WORKER: onOff,
  CHAIN_MAX_ATTEMPTS: positiveInt(8),
  CHAIN_POLL_MS: positiveInt(1000),
  // Longer than one send: a blockhash lives about 60–90 s.
  CHAIN_LEASE_MS: positiveInt(180_000),
  CHAIN_BACKOFF_BASE_MS: positiveInt(5_000),
  CHAIN_BACKOFF_MAX_MS: positiveInt(60 * 60 * 1000),

  // Webhooks
  /** "off" keeps `npm start` from delivering webhooks (run `npm run worker` instead, or in tests). */
  WEBHOOK_WORKER: onOff,
  /** "off" keeps `npm start` from working recorded order webhooks (issue at purchase; run `npm run worker` instead). */
  ORDER_WORKER: onOff,
  /** "off" keeps `npm start` from sending Shopify Flow triggers (run `npm run worker` instead, or in tests). */
  FLOW_WORKER: onOff,
  /** Deliveries one webhook deliverer posts at once. */
  WEBHOOK_CONCURRENCY: positiveInt(8),
  /** Seals endpoints' signing secrets at rest; SHOPIFY_API_SECRET when unset. */
  WEBHOOK_SECRETS_KEY: optionalText.pipe(z.string().min(32, "must be at least 32 characters (e.g. openssl rand -base64 32)").optional()),

  // Apple Wallet passes (all five or none; checked by readPassSigning, decision 0045)
  APPLE_PASS_TYPE_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  /** PEM text or the path of a PEM file, like the key and the WWDR certificate. */
  APPLE_PASS_CERTIFICATE: optionalText,
  APPLE_PASS_KEY: optionalText,
  APPLE_PASS_KEY_PASSPHRASE: optionalText,
  APPLE_WWDR_CERTIFICATE: optionalText,

  // Apple Wallet pass updates: APNs token auth (both or none; checked by readApnsAuth, decision 0047)
  APNS_KEY_ID: optionalText,
  /** The .p8 key's PEM text or the path of the .p8 file. */
  APNS_KEY: optionalText,
  /** The local APNs stand-in (stubs/apns) in tests and the demo; production never sets it. */
  APNS_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),

  // Google Wallet (both or none; checked by readGoogleWallet, decision 0048)
  /** The issuer id of the Google Pay & Wallet Console. */
  GOOGLE_WALLET_ISSUER_ID: optionalText,
  /** The service account's JSON key as text, or the path of the JSON key file. */
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalText,
  /** The local Google Wallet stand-in (stubs/google-wallet) in tests and the demo; production never sets them. */
  GOOGLE_WALLET_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  GOOGLE_OAUTH_TOKEN_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional()),
  // Billing plans (decision 0050): on when BILLING_PAID_AMOUNT is set; otherwise nothing is capped.
  /** The paid plan's price every 30 days, e.g. 19.00. */
  BILLING_PAID_AMOUNT: optionalText.pipe(
    z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, "must be an amount, e.g. 19.00")
      .transform(Number)
      .refine((amount) => amount > 0, "must be more than 0")
      .optional(),
  ),
  BILLING_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a three-letter currency code, e.g. USD")
    .default("USD"),
  /** Live cards and twins a shop on the free plan may issue a calendar month (UTC). */
  BILLING_FREE_MONTHLY_ITEMS: positiveInt(50),
  BILLING_TRIAL_DAYS: z.coerce.number({ error: "must be a whole number of days" }).int("must be a whole number of days").min(0).default(14),
  /** auto: test charges in development stores (the shop's plan.partnerDevelopment); on: always; off: never. */
  BILLING_TEST_CHARGES: z.enum(["auto", "on", "off"], { error: 'must be "auto", "on" or "off"' }).default("auto"),
});

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses environment variables with a schema; on failure throws a ConfigError
 * listing each variable once per problem, "is required" for unset ones.
 */
function parseEnv<S extends z.ZodType>(schema: S, env: Env, heading: string): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const unset = issue.code === "invalid_type" && env[name] === undefined;
    return `  ${name} ${unset ? "is required" : issue.message}`;
  });
  throw new ConfigError(`${heading}; fix these environment variables:\n${lines.join("\n")}`);
}

const serverSchema = ENV.pick({
  SHOPIFY_API_KEY: true,
  SHOPIFY_API_SECRET: true,
  SHOPIFY_APP_URL: true,
  SCOPES: true,
  DATABASE_URL: true,
  PORT: true,
  HOST: true,
  TRUST_PROXY: true,
  NODE_ENV: true,
  SHOPIFY_ADMIN_API_STUB_URL: true,
  APP_PROXY_PATH: true,
});
export type Config = z.infer<typeof serverSchema>;

/** What the web server needs; the error names every missing or bad variable. */
export const loadConfig = (env: Env): Config => parseEnv(serverSchema, env, "Twin Cards cannot start");

const notifySchema = ENV.pick({
  NOTIFY_DISPATCHER: true,
  NOTIFY_MAX_ATTEMPTS: true,
  NOTIFY_POLL_MS: true,
  NOTIFY_LEASE_MS: true,
  NOTIFY_BACKOFF_BASE_MS: true,
  NOTIFY_BACKOFF_MAX_MS: true,
  NOTIFY_BATCH_SIZE: true,
  NOTIFY_CONCURRENCY: true,
  NOTIFY_EMAIL_PER_SECOND: true,
  NOTIFY_SMS_PER_SECOND: true,
  SMTP_URL: true,
  MAIL_FROM: true,
  TWILIO_ACCOUNT_SID: true,
  TWILIO_AUTH_TOKEN: true,
  TWILIO_FROM: true,
  TWILIO_BASE_URL: true,
  MESSAGES_DIR: true,
}).superRefine((env, ctx) => {
  if (env.SMTP_URL && !env.MAIL_FROM)
    ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required with SMTP_URL, e.g. cards@example.com" });
  const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    for (const name of ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM"] as const) {
      if (!env[name]) ctx.addIssue({ code: "custom", path: [name], message: "is required when any TWILIO_* variable is set" });
    }
  }
});
export type NotifyConfig = z.infer<typeof notifySchema>;

/** Delivery settings (transports, retries, polling); a ConfigError names every bad variable. */
export const loadNotifyConfig = (env: Env): NotifyConfig => parseEnv(notifySchema, env, "Claim notifications cannot start");

const chainSchema = ENV.pick({
  SOLANA_RPC_URL: true,
  ISSUER_SECRET_KEY: true,
  SOLANA_CLUSTER: true,
  CHAIN_WORKER: true,
  CHAIN_MAX_ATTEMPTS: true,
  CHAIN_POLL_MS: true,
  CHAIN_LEASE_MS: true,
  CHAIN_BACKOFF_BASE_MS: true,
  CHAIN_BACKOFF_MAX_MS: true,
})
  // The app's public URL: each NFT's metadata JSON is served under it (required only with chain issuing).
  .extend({ SHOPIFY_APP_URL: optionalText })
  .transform((env, ctx) => {
    if (Boolean(env.SOLANA_RPC_URL) !== Boolean(env.ISSUER_SECRET_KEY)) {
      const missing = env.SOLANA_RPC_URL ? "ISSUER_SECRET_KEY" : "SOLANA_RPC_URL";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is required: chain issuing needs both SOLANA_RPC_URL and ISSUER_SECRET_KEY",
      });
      return z.NEVER;
    }
    let issuer: IssuerKey | undefined;
    if (env.ISSUER_SECRET_KEY) {
      try {
        issuer = parseIssuerSecretKey(env.ISSUER_SECRET_KEY);
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["ISSUER_SECRET_KEY"], message: (error as Error).message.replace(/^ISSUER_SECRET_KEY /, "") });
        return z.NEVER;
      }
    }
    const { ISSUER_SECRET_KEY: _secret, SHOPIFY_APP_URL: _appUrl, ...rest } = env;
    if (!env.SOLANA_RPC_URL || !issuer) return { ...rest, chain: undefined };
    const url = appUrl.safeParse(env.SHOPIFY_APP_URL);
    if (!url.success) {
      ctx.addIssue({
        code: "custom",
        path: ["SHOPIFY_APP_URL"],
        message: "is required with chain issuing: NFT metadata is served under it",
      });
      return z.NEVER;
    }
    const cluster = env.SOLANA_CLUSTER ?? guessCluster(env.SOLANA_RPC_URL);
    if (!cluster) {
      ctx.addIssue({
        code: "custom",
        path: ["SOLANA_CLUSTER"],
        message: `is required: cannot tell the cluster from SOLANA_RPC_URL (one of ${CLUSTERS.join(", ")})`,
      });
      return z.NEVER;
    }
    return { ...rest, chain: { rpcUrl: env.SOLANA_RPC_URL, issuer, cluster, appUrl: withoutTrailingSlash(url.data) } };
  });
export type ChainConfig = z.output<typeof chainSchema>;
export type ChainIssuing = NonNullable<ChainConfig["chain"]>;

/** Chain issuing settings; `chain` is undefined (issuing off) unless SOLANA_RPC_URL and ISSUER_SECRET_KEY are both set. */
export const loadChainConfig = (env: Env): ChainConfig => parseEnv(chainSchema, env, "On-chain issuing cannot start");

function guessCluster(rpcUrl: string): Cluster | undefined {
  const host = new URL(rpcUrl).hostname;
  if (isLoopback(host)) return "localnet";
  if (/devnet/.test(host)) return "devnet";
  if (/testnet/.test(host)) return "testnet";
  if (/mainnet/.test(host)) return "mainnet-beta";
  return undefined;
}

export const isLoopback = (host: string) => ["127.0.0.1", "localhost", "[::1]", "::1"].includes(host);

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/** One section of this process's environment, read and checked on first use. */
function once<T>(load: (env: Env) => T): () => T {
  let value: { read: T } | undefined;
  return () => (value ??= { read: load(process.env) }).read;
}

/** This process's web server settings. */
export const serverConfig = once(loadConfig);
/** This process's claim-notification settings. */
export const notifyConfig = once(loadNotifyConfig);
/** This process's chain issuing settings. */
export const chainConfig = once(loadChainConfig);

/** The SQLite file this process opens (DATABASE_URL), without asking for the rest of the server's settings. */
export const databaseUrl = once(
  (env) => parseEnv(ENV.pick({ DATABASE_URL: true }), env, "Twin Cards cannot open its database").DATABASE_URL,
);

/**
 * What `npm run db:migrate` connects to (`url`), and the variable that named it (for messages):
 * DIRECT_URL when set — the migrator holds one transaction, under an advisory lock,
 * for the whole run: on PostgreSQL itself a pooler's timeouts cannot cut it — else
 * DATABASE_URL. DATABASE_URL is read as it is (scripts/db-migrate.ts tells SQLite
 * and PostgreSQL apart and refuses the rest).
 */
export function loadMigrationDatabase(env: Env): { databaseUrl: string; url: string; variable: "DIRECT_URL" | "DATABASE_URL" } {
  const schema = z
    .object({ DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL), DIRECT_URL: ENV.shape.DIRECT_URL })
    .superRefine((read, ctx) => {
      if (read.DIRECT_URL && read.DATABASE_URL.startsWith("file:"))
        ctx.addIssue({ code: "custom", path: ["DIRECT_URL"], message: "is only for a PostgreSQL DATABASE_URL: unset it" });
    });
  const { DATABASE_URL, DIRECT_URL } = parseEnv(schema, env, "Twin Cards cannot migrate its database");
  return {
    databaseUrl: DATABASE_URL,
    ...(DIRECT_URL ? { url: DIRECT_URL, variable: "DIRECT_URL" as const } : { url: DATABASE_URL, variable: "DATABASE_URL" as const }),
  };
}
/** This process's migration target (`npm run db:migrate`). */
export const migrationDatabase = once(loadMigrationDatabase);

/** The app's public URL (SHOPIFY_APP_URL, no trailing slash), for links that leave the app such as NFT metadata. */
export const publicAppUrl = once((env) =>
  withoutTrailingSlash(parseEnv(ENV.pick({ SHOPIFY_APP_URL: true }), env, "Twin Cards has no public URL").SHOPIFY_APP_URL),
);

/** The app proxy's storefront path (APP_PROXY_PATH), e.g. /apps/twincards. */
export const proxyPath = once((env) => parseEnv(ENV.pick({ APP_PROXY_PATH: true }), env, "Twin Cards cannot start").APP_PROXY_PATH);

const webhookSchema = ENV.pick({
  WEBHOOK_WORKER: true,
  ORDER_WORKER: true,
  FLOW_WORKER: true,
  WEBHOOK_CONCURRENCY: true,
  WEBHOOK_SECRETS_KEY: true,
  DEMO_MODE: true,
  NODE_ENV: true,
})
  .extend({ SHOPIFY_API_SECRET: optionalText })
  .transform((env, ctx) => {
    const secretsKey = env.WEBHOOK_SECRETS_KEY ?? env.SHOPIFY_API_SECRET;
    if (!secretsKey) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_SECRETS_KEY"],
        message: "is required (or SHOPIFY_API_SECRET): it seals webhook signing secrets",
      });
      return z.NEVER;
    }
    // http:// to a loopback receiver only where nobody else's data is: the demo and the tests.
    return {
      WEBHOOK_WORKER: env.WEBHOOK_WORKER,
      ORDER_WORKER: env.ORDER_WORKER,
      FLOW_WORKER: env.FLOW_WORKER,
      WEBHOOK_CONCURRENCY: env.WEBHOOK_CONCURRENCY,
      secretsKey,
      loopbackAllowed: env.DEMO_MODE === "1" || env.NODE_ENV === "test",
    };
  });
export type WebhookConfig = z.output<typeof webhookSchema>;

/** Webhook delivery settings; a ConfigError names every bad variable. */
export const loadWebhookConfig = (env: Env): WebhookConfig => parseEnv(webhookSchema, env, "Webhooks cannot start");
/** This process's webhook settings. */
export const webhookConfig = once(loadWebhookConfig);

const walletPassSchema = ENV.pick({
  APPLE_PASS_TYPE_ID: true,
  APPLE_TEAM_ID: true,
  APPLE_PASS_CERTIFICATE: true,
  APPLE_PASS_KEY: true,
  APPLE_PASS_KEY_PASSPHRASE: true,
  APPLE_WWDR_CERTIFICATE: true,
});

/**
 * Apple Wallet's signing material: passes are on only when it is all there and usable. Never
 * throws: an incomplete or wrong setup turns passes off, and `passSigningNotice` says why in one line.
 */
export const loadWalletPassConfig = (env: Env): PassSigningSetup =>
  readPassSigning(parseEnv(walletPassSchema, env, "Apple Wallet passes cannot start"));
/** This process's Apple Wallet setup. */
export const walletPassConfig = once(loadWalletPassConfig);

const apnsSchema = ENV.pick({ APNS_KEY_ID: true, APNS_KEY: true, APNS_BASE_URL: true });

/** APNs token auth for pass updates; never throws: without it passes do not update, and `apnsNotice` says why. */
export const apnsConfig = once((env) =>
  readApnsAuth(parseEnv(apnsSchema, env, "Apple Wallet pass updates cannot start"), walletPassConfig()),
);

const googleWalletSchema = ENV.pick({
  GOOGLE_WALLET_ISSUER_ID: true,
  GOOGLE_WALLET_SERVICE_ACCOUNT: true,
  GOOGLE_WALLET_API_URL: true,
  GOOGLE_OAUTH_TOKEN_URL: true,
});

/** Google Wallet's issuer and service account; never throws: without them the button is hidden, and `googleWalletNotice` says why. */
export const loadGoogleWalletConfig = (env: Env): GoogleWalletAccountSetup =>
  readGoogleWallet(parseEnv(googleWalletSchema, env, "Google Wallet cannot start"));
/** This process's Google Wallet setup. */
export const googleWalletConfig = once(loadGoogleWalletConfig);

/** The demo harness (a local App Bridge, /demo) exists only when DEMO_MODE=1; production never sets it. */
export const demoMode = once((env) => parseEnv(ENV.pick({ DEMO_MODE: true }), env, "Twin Cards cannot start").DEMO_MODE === "1");

/** In the demo, the local storefront in front of the app proxy (DEMO_STOREFRONT_URL); null otherwise. */
export const demoStorefrontUrl = once((env) =>
  demoMode()
    ? withoutTrailingSlash(parseEnv(ENV.pick({ DEMO_STOREFRONT_URL: true }), env, "Twin Cards cannot start").DEMO_STOREFRONT_URL ?? "") ||
      null
    : null,
);

const billingSchema = ENV.pick({
  BILLING_PAID_AMOUNT: true,
  BILLING_CURRENCY: true,
  BILLING_FREE_MONTHLY_ITEMS: true,
  BILLING_TRIAL_DAYS: true,
  BILLING_TEST_CHARGES: true,
});

/** The plans' names: what Shopify's confirmation page and the merchant's invoices show. */
export const FREE_PLAN_NAME = "Free";
export const PAID_PLAN_NAME = "Pro";

/** The billing plans (null: billing off, nothing capped) and when charges are test charges. */
export const loadBillingConfig = (env: Env) => {
  const read = parseEnv(billingSchema, env, "Billing cannot start");
  const plans =
    read.BILLING_PAID_AMOUNT === undefined
      ? null
      : {
          free: { name: FREE_PLAN_NAME, monthlyItems: read.BILLING_FREE_MONTHLY_ITEMS },
          paid: {
            name: PAID_PLAN_NAME,
            amount: read.BILLING_PAID_AMOUNT,
            currencyCode: read.BILLING_CURRENCY,
            trialDays: read.BILLING_TRIAL_DAYS,
          },
        };
  return { plans, testCharges: read.BILLING_TEST_CHARGES };
};
/** This process's billing settings. */
export const billingConfig = once(loadBillingConfig);

/** The app's client id (SHOPIFY_API_KEY) alone: admin links name the app by it. */
export const shopifyApiKey = once(
  (env) => parseEnv(ENV.pick({ SHOPIFY_API_KEY: true }), env, "Twin Cards has no Shopify client id").SHOPIFY_API_KEY,
);

/** The Shopify app's credentials, for the demo's session tokens and App Bridge. */
export const shopifyApp = () => {
  const { SHOPIFY_API_KEY: apiKey, SHOPIFY_API_SECRET: apiSecret } = serverConfig();
  return { apiKey, apiSecret };
};
