/** An API key as stored: only the SHA-256 of its secret is kept. */
export interface ApiKeyRecord {
  id: string;
  shop: string;
  label: string;
  /** The start of the secret, shown to tell keys apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** false for a test key (decision 0036). */
  livemode: boolean;
}

export type NewApiKey = Pick<ApiKeyRecord, "id" | "shop" | "label" | "prefix" | "livemode"> & { keyHash: string };

/** What authenticating a request needs of a key. */
export type ApiKeyCredentials = Pick<ApiKeyRecord, "id" | "shop" | "lastUsedAt" | "revokedAt" | "livemode">;

export interface ApiKeyStore {
  create(key: NewApiKey): Promise<ApiKeyRecord>;
  /** The key whose secret hashes to `keyHash`, revoked or not (every /v1 request: no cache, a revoked key fails at once). */
  credentialsByHash(keyHash: string): Promise<ApiKeyCredentials | null>;
  markUsed(id: string, at: Date): Promise<void>;
  /** The shop's keys, newest first. */
  listForShop(shop: string): Promise<ApiKeyRecord[]>;
  findForShop(shop: string, id: string): Promise<ApiKeyRecord | null>;
  revoke(id: string, at: Date): Promise<ApiKeyRecord>;
  countActive(shop: string): Promise<number>;
  /** Every key of the shop (shop/redact); how many there were. */
  deleteForShop(shop: string): Promise<number>;
}
