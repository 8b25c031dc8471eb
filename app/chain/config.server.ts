import type { Keypair } from "@solana/web3.js";
import { z } from "zod";
import { optionalTextEnv, parseEnv, positiveIntEnv, publicAppUrl } from "~/config.server";
import { parseIssuerSecretKey } from "./issuer-key.server";
import { CLUSTERS, type Cluster } from "./port";

const chainSchema = z
  .object({
    SOLANA_RPC_URL: optionalTextEnv.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) JSON-RPC URL" }).optional()),
    ISSUER_SECRET_KEY: optionalTextEnv,
    /** Only for explorer links; guessed from SOLANA_RPC_URL when unset. */
    SOLANA_CLUSTER: z.enum(CLUSTERS, { error: `must be one of ${CLUSTERS.join(", ")}` }).optional(),
    /** The app's public URL: each NFT's metadata JSON is served under it. */
    SHOPIFY_APP_URL: optionalTextEnv,
    /** "off" keeps `npm start` from minting (run `npm run worker` instead). */
    CHAIN_WORKER: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    CHAIN_MAX_ATTEMPTS: positiveIntEnv(8),
    CHAIN_POLL_MS: positiveIntEnv(1000),
    // Longer than one send: a blockhash lives about 60–90 s.
    CHAIN_LEASE_MS: positiveIntEnv(180_000),
    CHAIN_BACKOFF_BASE_MS: positiveIntEnv(5_000),
    CHAIN_BACKOFF_MAX_MS: positiveIntEnv(60 * 60 * 1000),
  })
  .transform((env, ctx) => {
    if (Boolean(env.SOLANA_RPC_URL) !== Boolean(env.ISSUER_SECRET_KEY)) {
      const missing = env.SOLANA_RPC_URL ? "ISSUER_SECRET_KEY" : "SOLANA_RPC_URL";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required: chain issuing needs both SOLANA_RPC_URL and ISSUER_SECRET_KEY" });
      return z.NEVER;
    }
    let issuer: Keypair | undefined;
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
    let appUrl: string;
    try {
      appUrl = publicAppUrl({ SHOPIFY_APP_URL: env.SHOPIFY_APP_URL });
    } catch {
      ctx.addIssue({ code: "custom", path: ["SHOPIFY_APP_URL"], message: "is required with chain issuing: NFT metadata is served under it" });
      return z.NEVER;
    }
    const cluster = env.SOLANA_CLUSTER ?? guessCluster(env.SOLANA_RPC_URL);
    if (!cluster) {
      ctx.addIssue({ code: "custom", path: ["SOLANA_CLUSTER"], message: `is required: cannot tell the cluster from SOLANA_RPC_URL (one of ${CLUSTERS.join(", ")})` });
      return z.NEVER;
    }
    const chain = { rpcUrl: env.SOLANA_RPC_URL, issuer, cluster, appUrl };
    return { ...rest, chain };
  });

export type ChainConfig = z.output<typeof chainSchema>;
export type ChainIssuing = NonNullable<ChainConfig["chain"]>;

function guessCluster(rpcUrl: string): Cluster | undefined {
  const host = new URL(rpcUrl).hostname;
  if (isLoopback(host)) return "localnet";
  if (/devnet/.test(host)) return "devnet";
  if (/testnet/.test(host)) return "testnet";
  if (/mainnet/.test(host)) return "mainnet-beta";
  return undefined;
}

export const isLoopback = (host: string) => ["127.0.0.1", "localhost", "[::1]", "::1"].includes(host);

/** Chain issuing settings from the environment; `chain` is undefined (issuing off) unless both are set. */
export const loadChainConfig = (env: Record<string, string | undefined> = process.env): ChainConfig =>
  parseEnv(chainSchema, env, "On-chain issuing cannot start");

let cached: ChainConfig | undefined;

/** This process's chain issuing, read once; undefined when off. */
export function chainIssuing(): ChainIssuing | undefined {
  cached ??= loadChainConfig();
  return cached.chain;
}
