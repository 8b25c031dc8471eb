import { isShopDomain } from "../../adapters/shopify/shop-domain";

/** The claims of a customer account session token this app relies on (already verified: signature, exp, nbf). */
export interface CustomerAccountClaims {
  aud?: unknown;
  dest?: unknown;
  sub?: unknown;
}

export interface CustomerAccountIdentity {
  /** The shop the customer account belongs to (`dest`, without its scheme). */
  shop: string;
  /** The logged-in customer's numeric id (from `sub`, `gid://shopify/Customer/<id>`). */
  customerId: string;
}

const CUSTOMER_GID = /^gid:\/\/shopify\/Customer\/([1-9]\d{0,19})$/;

/**
 * Who a verified token speaks for, or null when it is not for this app (`aud`),
 * names no shop (`dest`) or no logged-in customer (`sub`; Shopify leaves it out
 * when the app has no access to protected customer data).
 * `authenticate.public.customerAccount` checks the signature and the times but
 * not the audience, so this does.
 */
export function customerAccountIdentity(claims: CustomerAccountClaims, apiKey: string): CustomerAccountIdentity | null {
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(apiKey)) return null;
  const shop = typeof claims.dest === "string" ? claims.dest.replace(/^https:\/\//, "") : null;
  if (!isShopDomain(shop)) return null;
  const customerId = typeof claims.sub === "string" ? CUSTOMER_GID.exec(claims.sub)?.[1] : undefined;
  return customerId ? { shop, customerId } : null;
}
