import { PublicKey } from "@solana/web3.js";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "./zod";

const ALL_ZERO_KEY = "11111111111111111111111111111111";

/** A Solana public key: base58 that decodes to 32 bytes and re-encodes to itself; never all zeros. */
// 32 bytes are at most 44 base58 characters; checking length first also keeps
// base58 decoding (quadratic in length) away from huge inputs.
const MAX_BASE58_KEY = 44;

export const solanaPublicKey = z
  .string()
  .superRefine((value, ctx) => {
    const problem = publicKeyProblem(value, false);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({ description: "Solana public key, base58", example: "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin" });

/** A wallet key an owner holds: also on the ed25519 curve (not a PDA or ATA). */
export const walletPublicKey = z
  .string()
  .superRefine((value, ctx) => {
    const problem = publicKeyProblem(value, true);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({ description: "Solana wallet public key, base58, on the ed25519 curve" });

function publicKeyProblem(value: string, mustBeOnCurve: boolean): string | undefined {
  if (value.length > MAX_BASE58_KEY) return "Not a valid Solana public key (base58, 32 bytes)";
  let key: PublicKey;
  try {
    key = new PublicKey(value);
  } catch {
    return "Not a valid Solana public key (base58, 32 bytes)";
  }
  if (key.toBase58() !== value) return "Not a canonical base58 Solana public key";
  if (value === ALL_ZERO_KEY) return "The all-zero public key is not allowed";
  if (mustBeOnCurve && !PublicKey.isOnCurve(key.toBytes())) return "Must be a wallet key on the ed25519 curve";
  return undefined;
}

/** `<provider>|<id>`, e.g. `shopify|7364129087`. */
export const owner = z
  .string()
  .max(128, "Must be at most 128 characters")
  .regex(/^[a-z0-9-]{1,32}\|[^|\s]+$/, "Must be <provider>|<id>: provider a-z 0-9 - (1-32), id without | or spaces")
  .meta({ description: "Owner as <provider>|<id>", example: "shopify|7364129087" });

/** E.164 after normalisation, e.g. `+14155550123`. */
export const phone = z
  .string()
  .max(32, "Must be at most 32 characters")
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value.trim());
    if (!value.trim().startsWith("+") || !parsed?.isValid()) {
      ctx.addIssue({ code: "custom", message: "Must be a valid phone number in international format, e.g. +14155550123" });
      return z.NEVER;
    }
    return parsed.number;
  })
  .meta({ description: "Phone in international format; stored as E.164", example: "+14155550123" });

export const email = z
  .string()
  .trim()
  .max(254, "Must be at most 254 characters")
  .pipe(z.email({ pattern: z.regexes.rfc5322Email, error: "Must be a valid e-mail address" }))
  .transform((value) => value.toLowerCase())
  .meta({ description: "E-mail address; stored lowercased", example: "jane@example.com" });

/** An absolute http(s) URL of at most 2048 characters. */
export const httpUrl = z
  .string()
  .max(2048, "Must be at most 2048 characters")
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  }, "Must be an absolute https:// or http:// URL")
  .meta({ format: "uri" });

const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
export const isCurrencyCode = (value: string) => CURRENCIES.has(value);

/** An ISO 4217 currency code; input is case-insensitive, output upper case. */
export const currencyCode = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine(isCurrencyCode, "Must be an ISO 4217 currency code, e.g. USD")
  .meta({ description: "ISO 4217 currency code", example: "EUR" });

/** Digits after the decimal point that a currency uses (2 for EUR, 0 for JPY, 3 for KWD). */
export function currencyMinorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A text field that must say something: not empty, not only spaces. */
export const text = (max: number) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters`)
    .refine((value) => value.trim().length > 0, "Must not be empty");

export const isoDateTime = z.iso.datetime({ offset: true, message: "Must be an ISO 8601 date-time, e.g. 2027-01-31T23:59:59Z" });
