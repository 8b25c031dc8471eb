import { createHmac, randomUUID } from "node:crypto";

export interface CustomerAccountTokenOptions {
  shop: string;
  /** The logged-in customer's numeric id; null leaves `sub` out (no access to protected customer data). */
  customerId: string | null;
  apiKey: string;
  apiSecret: string;
  /** Claims to add or replace after the defaults (e.g. a wrong `aud` or `dest`). */
  claims?: Record<string, unknown>;
  /** Moves the token's whole lifetime this many seconds into the past. */
  expiredSecondsAgo?: number;
}

const base64url = (value: string) => Buffer.from(value).toString("base64url");

/**
 * A session token as Shopify gives a customer account UI extension
 * (`shopify.sessionToken.get()`): an HS256 JWT signed with the app's secret,
 * `aud` the app's client id, `dest` the shop, `sub` the customer's GID, valid five minutes.
 */
export function customerAccountToken(options: CustomerAccountTokenOptions): string {
  const now = Math.floor(Date.now() / 1000) - (options.expiredSecondsAgo === undefined ? 0 : 300 + options.expiredSecondsAgo);
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const claims: Record<string, unknown> = {
    iss: `https://${options.shop}`,
    dest: options.shop,
    aud: options.apiKey,
    ...(options.customerId === null ? {} : { sub: `gid://shopify/Customer/${options.customerId}` }),
    exp: now + 300,
    nbf: now - 5,
    iat: now,
    jti: randomUUID(),
    ...options.claims,
  };
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", options.apiSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}
