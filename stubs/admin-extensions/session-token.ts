import { createHmac, randomUUID } from "node:crypto";

export interface AdminExtensionTokenOptions {
  shop: string;
  apiKey: string;
  apiSecret: string;
  /** The staff member's numeric id (`sub`). */
  userId?: string;
  /** Claims to add or replace after the defaults (e.g. a wrong `aud`, another shop's `iss`). */
  claims?: Record<string, unknown>;
  /** Moves the token's whole lifetime this many seconds into the past. */
  expiredSecondsAgo?: number;
}

const base64url = (value: string) => Buffer.from(value).toString("base64url");

/**
 * The session token Shopify admin adds to an admin UI extension's fetch to the
 * app's own URL (`Authorization: Bearer …`; `shopify.auth.idToken()` gives the
 * same): an HS256 JWT signed with the app's secret, `iss` the shop's admin,
 * `dest` the shop, `aud` the app's client id, `sub` the staff member, valid a minute.
 */
export function adminExtensionToken(options: AdminExtensionTokenOptions): string {
  const now = Math.floor(Date.now() / 1000) - (options.expiredSecondsAgo === undefined ? 0 : 60 + options.expiredSecondsAgo);
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const claims: Record<string, unknown> = {
    iss: `https://${options.shop}/admin`,
    dest: `https://${options.shop}`,
    aud: options.apiKey,
    sub: options.userId ?? "1",
    exp: now + 60,
    nbf: now - 5,
    iat: now,
    jti: randomUUID(),
    sid: randomUUID(),
    ...options.claims,
  };
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", options.apiSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}
