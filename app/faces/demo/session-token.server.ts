import { createHmac, randomUUID } from "node:crypto";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * A session token as Shopify admin issues it to an embedded app: an HS256 JWT
 * signed with the app's secret, valid for a minute.
 */
export function sessionToken(args: { shop: string; apiKey: string; apiSecret: string; userId?: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(
    JSON.stringify({
      iss: `https://${args.shop}/admin`,
      dest: `https://${args.shop}`,
      aud: args.apiKey,
      sub: args.userId ?? "1",
      exp: now + 60,
      nbf: now - 5,
      iat: now,
      jti: randomUUID(),
      sid: randomUUID(),
    }),
  );
  const signature = createHmac("sha256", args.apiSecret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** The `host` parameter Shopify admin passes: base64 of the store's admin path. */
export const adminHost = (shop: string) =>
  Buffer.from(`admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`).toString("base64url");
