import { createHash, randomInt } from "node:crypto";

// Crockford base32: no I, L, O or U, so a code survives being read aloud or retyped.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** A new code like `7KQ2-M9XD-R4TB`: 12 symbols of 5 bits = 60 bits from the CSPRNG. */
export function generateCode(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

/** Case, spaces and hyphens don't matter; O reads as 0 and I/L as 1, as Crockford decodes them. */
export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

/**
 * What is stored instead of the code. Salted with the shop, so equal codes differ across shops,
 * and with the mode, so a test code is never a live one (a test key can neither redeem nor probe live codes).
 */
export function hashCode(shop: string, normalizedCode: string, livemode = true): string {
  return createHash("sha256")
    .update(livemode ? `${shop}\n${normalizedCode}` : `${shop}\ntest\n${normalizedCode}`)
    .digest("hex");
}
