import { createHash, randomBytes } from "node:crypto";
import { notFound } from "./errors";
import { isIdOf, newId } from "./ids";
import { apiKeyInput, parseInput } from "./schemas";
import { stores, type ApiKeyRecord } from "./stores";

// Every key starts tc_; keys made since test mode say which mode: tc_live_… or tc_test_… (older tc_… keys are live).
const KEY_PREFIX = "tc_";
const FLAVOUR_PREFIX = { live: "tc_live_", test: "tc_test_" } as const;
// Writing lastUsedAt on every request would turn every read into a write.
const LAST_USED_RESOLUTION_MS = 60_000;

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

export interface ApiKeySummary {
  id: string;
  label: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  livemode: boolean;
}

const toSummary = (row: ApiKeyRecord): ApiKeySummary => ({
  id: row.id,
  label: row.label,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  livemode: row.livemode,
});

/** A new key: the secret, the prefix shown to tell keys apart, and the SHA-256 stored instead of the secret. */
export function newApiKeySecret(mode: keyof typeof FLAVOUR_PREFIX = "live"): { key: string; prefix: string; keyHash: string } {
  const flavour = FLAVOUR_PREFIX[mode];
  const key = flavour + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, flavour.length + 6), keyHash: hashKey(key) };
}

/**
 * Creates a key for a shop. The secret is returned here and never again: only
 * its SHA-256 is stored (a 256-bit random key needs no slow hash).
 */
export async function createApiKey(input: unknown): Promise<{ key: string; apiKey: ApiKeySummary }> {
  const { shop, label, mode } = parseInput(apiKeyInput, input);
  const { key, prefix, keyHash } = newApiKeySecret(mode);
  const row = await stores().apiKeys.create({ id: newId("key"), shop, label, prefix, keyHash, livemode: mode === "live" });
  return { key, apiKey: toSummary(row) };
}

/** The shop a key belongs to and whether it is live, or null for an unknown or revoked key. */
export async function authenticateApiKey(key: string): Promise<{ shop: string; keyId: string; livemode: boolean } | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const row = await stores().apiKeys.credentialsByHash(hashKey(key));
  if (!row || row.revokedAt) return null;
  const now = new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await stores().apiKeys.markUsed(row.id, now);
  }
  return { shop: row.shop, keyId: row.id, livemode: row.livemode };
}

export async function listApiKeys(shop: string): Promise<ApiKeySummary[]> {
  const rows = await stores().apiKeys.listForShop(shop);
  return rows.map(toSummary);
}

/** Revoking is immediate and final; revoking twice is harmless. */
export async function revokeApiKey(shop: string, id: string): Promise<ApiKeySummary> {
  if (!isIdOf("key", id)) throw notFound("API key");
  const row = await stores().apiKeys.findForShop(shop, id);
  if (!row) throw notFound("API key");
  if (row.revokedAt) return toSummary(row);
  return toSummary(await stores().apiKeys.revoke(id, new Date()));
}
