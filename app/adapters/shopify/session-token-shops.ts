import { decodeJwt } from "jose";

/**
 * Whether the request's admin session token (the `Authorization: Bearer` header,
 * or the `id_token` of a document request) was issued by another shop's admin
 * (`iss`, https://<shop>/admin) than the shop it is for (`dest`, https://<shop>).
 * Shopify's tokens name one shop in both; the library verifies the signature,
 * audience and times and takes the shop from `dest`, but never compares the two.
 * Only a token that can be read is judged here: the library refuses the rest.
 */
export function tokenNamesTwoShops(request: Request): boolean {
  const header = request.headers.get("authorization") ?? "";
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? new URL(request.url).searchParams.get("id_token");
  if (!token) return false;
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(token);
  } catch {
    return false;
  }
  const dest = hostOf(claims.dest);
  return dest !== null && hostOf(claims.iss) !== dest;
}

function hostOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    return new URL(value).host.toLowerCase() || null;
  } catch {
    return null;
  }
}
