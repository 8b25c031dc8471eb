import { z } from "zod";
import { DEFAULT_DATABASE_URL } from "./database-url";

const configSchema = z.object({
  SHOPIFY_API_KEY: z.string().min(1, "is required (the app's client id from the Partner Dashboard)"),
  SHOPIFY_API_SECRET: z.string().min(1, "is required (the app's client secret)"),
  SHOPIFY_APP_URL: z.url({ protocol: /^https?$/, error: "must be the app's public URL, e.g. https://twin-cards.example.com" }),
  SCOPES: z.string().min(1, "is required, e.g. read_customers,read_orders,read_products,write_app_proxy"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)/i, "must be a SQLite file URL (file:./prisma/dev.sqlite) or a PostgreSQL URL (postgresql://user:password@host:5432/db)")
    .default(DEFAULT_DATABASE_URL),
  PORT: z.coerce.number({ error: "must be a port number" }).int("must be a port number").min(0).max(65535, "must be a port number").default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
});

export type Config = z.infer<typeof configSchema>;

/** A whole number ≥ 1 from the environment, `fallback` when unset. */
export const positiveIntEnv = (fallback: number) =>
  z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").default(fallback);

/** Optional text from the environment: surrounding spaces dropped, empty means unset. */
export const optionalTextEnv = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and checks the environment; the error names every missing or bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return parseEnv(configSchema, env, "Twin Cards cannot start");
}

/**
 * Parses environment variables with a schema; on failure throws a ConfigError
 * listing each variable once per problem, "is required" for unset ones.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>, heading: string): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".");
    const unset = issue.code === "invalid_type" && env[name] === undefined;
    return `  ${name} ${unset ? "is required" : issue.message}`;
  });
  throw new ConfigError(`${heading}; fix these environment variables:\n${lines.join("\n")}`);
}

/** The app's public URL (SHOPIFY_APP_URL, no trailing slash), for links that leave the app such as NFT metadata. */
export function publicAppUrl(env: Record<string, string | undefined> = process.env): string {
  const parsed = configSchema.shape.SHOPIFY_APP_URL.safeParse(env.SHOPIFY_APP_URL);
  if (!parsed.success) throw new ConfigError("SHOPIFY_APP_URL must be the app's public URL, e.g. https://twin-cards.example.com");
  return parsed.data.replace(/\/+$/, "");
}
