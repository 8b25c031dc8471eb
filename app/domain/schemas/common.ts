import { ed25519 } from "@noble/curves/ed25519";
import bs58 from "bs58";
import { getCountries, getCountryCallingCode, Metadata, parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js";
import { z } from "./zod";

const ALL_ZERO_KEY = "11111111111111111111111111111111";

/** A Solana public key: base58 that decodes to 32 bytes and re-encodes to itself; never all zeros. */
// 32 bytes are at most 44 base58 characters; checking length first also keeps
// base58 decoding (quadratic in length) away from huge inputs.
const MAX_BASE58_KEY = 44;

const INVALID_KEY = "Not a valid Solana public key (base58, 32 bytes)";
// Checks the document can state: base58 of 32 bytes is 32-44 characters. The rest
// (decodes to exactly 32 bytes, canonical, on the curve) only code can check.
const base58Key = () =>
  z
    .string()
    .min(32, INVALID_KEY)
    .max(MAX_BASE58_KEY, INVALID_KEY)
    .regex(/^[1-9A-HJ-NP-Za-km-z]*$/, INVALID_KEY);

export const solanaPublicKey = base58Key()
  .superRefine((value, ctx) => {
    const problem = publicKeyProblem(value, false);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({
    description:
      "Solana public key: base58 that decodes to exactly 32 bytes and re-encodes to the same text (format solana-public-key); not the all-zero key",
    format: "solana-public-key",
    not: { const: ALL_ZERO_KEY },
    examples: ["9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"],
  });

/** A wallet key an owner holds: also on the ed25519 curve (not a PDA or ATA). */
export const walletPublicKey = base58Key()
  .superRefine((value, ctx) => {
    const problem = publicKeyProblem(value, true);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .meta({
    description:
      "Solana wallet public key: base58 that decodes to exactly 32 bytes and re-encodes to the same text, " +
      "on the ed25519 curve — a key a wallet holds, not a program-derived or token account address (format solana-wallet-key); not the all-zero key",
    format: "solana-wallet-key",
    not: { const: ALL_ZERO_KEY },
    examples: ["3uKCM4z2DzanuJPshZwwzqrxjAuzNqkmcb5rmAAonnpe"],
  });

// The checks @solana/web3.js's PublicKey makes, on its own libraries (bs58, @noble/curves), without loading
// Solana's client (about 25 MB of memory) into every process that validates a request.
function publicKeyProblem(value: string, mustBeOnCurve: boolean): string | undefined {
  if (value.length > MAX_BASE58_KEY) return INVALID_KEY;
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(value);
  } catch {
    return INVALID_KEY;
  }
  if (bytes.length !== 32) return INVALID_KEY;
  if (bs58.encode(bytes) !== value) return "Not a canonical base58 Solana public key";
  if (value === ALL_ZERO_KEY) return "The all-zero public key is not allowed";
  if (mustBeOnCurve && !onCurve(bytes)) return "Must be a wallet key on the ed25519 curve";
  return undefined;
}

function onCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.ExtendedPoint.fromHex(bytes);
    return true;
  } catch {
    return false;
  }
}

/** `<provider>|<id>`, e.g. `shopify|7364129087`. */
export const owner = z
  .string()
  .max(128, "Must be at most 128 characters")
  .regex(/^[a-z0-9-]{1,32}\|[^|\s]+$/, "Must be <provider>|<id>: provider a-z 0-9 - (1-32), id without | or spaces")
  .meta({ description: "Owner as <provider>|<id>", examples: ["shopify|7364129087"] });

const INVALID_PHONE = "Must be a valid phone number in international format, e.g. +14155550123";

/**
 * A number Shopify keeps for a customer, though libphonenumber calls it invalid: of a possible
 * length and within its country's general numbering pattern, but in no range libphonenumber lists
 * for a kind of line. Ofcom's drama range (+44 7700 900000–900999), which Shopify's demo customers
 * have, is one. A country code no country has, a wrong length or digits the plan never starts with
 * (+1 000…, +33 0…) still fail.
 */
function fitsCountryPlan(parsed: PhoneNumber): boolean {
  if (!parsed.isPossible()) return false;
  const metadata = new Metadata();
  return getCountries()
    .filter((country) => getCountryCallingCode(country) === parsed.countryCallingCode)
    .some((country) => {
      metadata.selectNumberingPlan(country);
      const pattern = (metadata.numberingPlan as unknown as { nationalNumberPattern(): string } | undefined)?.nationalNumberPattern();
      return pattern !== undefined && new RegExp(`^(?:${pattern})$`).test(parsed.nationalNumber);
    });
}

/** The number `value` names (format international-phone), or undefined when it names none. */
export function internationalPhone(value: string): PhoneNumber | undefined {
  const parsed = value.trim().startsWith("+") ? parsePhoneNumberFromString(value.trim()) : undefined;
  return parsed && (parsed.isValid() || fitsCountryPlan(parsed)) ? parsed : undefined;
}

/** E.164 after normalisation, e.g. `+14155550123`. */
export const phone = z
  .string()
  .max(32, "Must be at most 32 characters")
  .regex(/^\s*\+/, INVALID_PHONE)
  .transform((value, ctx) => {
    const parsed = internationalPhone(value);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: INVALID_PHONE });
      return z.NEVER;
    }
    return parsed.number;
  })
  .meta({
    description:
      "Phone number in international format, starting with + and the country code (spaces, hyphens and parentheses allowed, " +
      "surrounding spaces ignored), of a possible length and within its country's numbering plan as libphonenumber knows it, " +
      "including the ranges kept for fiction such as +44 7700 900xxx, as Shopify stores customers' phones (format international-phone); stored as E.164",
    format: "international-phone",
    examples: ["+14155550123", "+44 20 7946 0018"],
  });

// zod's e-mail regex, anchored to allow the spaces trim() drops, at most 254 characters without
// them (the lookahead; maxLength would count the spaces), and with its one bare `]` escaped:
// JSON Schema validators compile patterns as Unicode regexes, where a bare `]` is an error.
const EMAIL_PATTERN = `^\\s*(?=.{1,254}\\s*$)(?:${z.regexes.rfc5322Email.source.replace(/^\^|\$$/g, "").replace("{1,3}])", "{1,3}\\])")})\\s*$`;

export const email = z
  .string()
  .trim()
  .max(254, "Must be at most 254 characters")
  .pipe(z.email({ pattern: z.regexes.rfc5322Email, error: "Must be a valid e-mail address" }))
  .transform((value) => value.toLowerCase())
  .meta({
    description: "E-mail address (surrounding spaces ignored, at most 254 characters without them); stored lowercased",
    pattern: EMAIL_PATTERN,
    // The 254 is in the pattern: zod's maxLength would count the spaces trim() drops.
    maxLength: undefined,
    examples: ["jane@example.com"],
  });

// What the document promises: an http(s) URL with a DNS-style host (last label starting with a
// letter, so never read as an IPv4 address; no xn-- label, whose punycode may not decode), a port
// up to 65535, and RFC 3986 characters. The server takes any URL a browser parses (WHATWG) as
// http(s); this is the part of that which any URL library agrees on.
const PORT = "(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4})";
const LABEL = "(?![Xx][Nn]--)";
const URL_CHAR = "(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})";
export const HTTP_URL_PATTERN =
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:${LABEL}[A-Za-z0-9-]+\\.)*${LABEL}[A-Za-z][A-Za-z0-9-]*(?::${PORT})?` +
  `(?:[/?]${URL_CHAR}*)?(?:#${URL_CHAR}*)?$`;

/** An absolute http(s) URL of at most 2048 characters. */
export const httpUrl = z
  .string()
  .max(2048, "Must be at most 2048 characters")
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  }, "Must be an absolute https:// or http:// URL")
  .meta({
    format: "uri",
    pattern: HTTP_URL_PATTERN,
    description:
      "An absolute http:// or https:// URL, at most 2048 characters. The pattern is the contract; the server is more lenient: " +
      "it takes any URL a browser parses as http(s) (WHATWG URL), e.g. with an IP address or an internationalized host",
    examples: ["https://cdn.example.com/gold.png"],
  });

export const CURRENCY_CODES = Intl.supportedValuesOf("currency");
const CURRENCIES = new Set(CURRENCY_CODES);
export const isCurrencyCode = (value: string) => CURRENCIES.has(value);

/** An ISO 4217 currency code; input is case-insensitive, output upper case. */
export const currencyCode = z
  .string()
  .transform((value) => value.toUpperCase())
  .refine(isCurrencyCode, "Must be an ISO 4217 currency code, e.g. USD")
  .meta({
    id: "CurrencyCode",
    description: "ISO 4217 currency code. Case does not matter (eur is read as EUR); the list is in upper case",
    enum: CURRENCY_CODES,
    examples: ["EUR"],
  });

/** Digits after the decimal point that a currency uses (2 for EUR, 0 for JPY, 3 for KWD). */
export function currencyMinorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A text field that must say something: not empty, not only spaces (`\S` matches exactly what trim() keeps). */
export const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`).regex(/\S/, "Must not be empty");

export const isoDateTime = z.iso.datetime({ offset: true, message: "Must be an ISO 8601 date-time, e.g. 2027-01-31T23:59:59Z" });

/** The public verification page of a twin or card, in the API's responses and behind the admin's QR codes. */
export const VERIFY_URL_DESCRIPTION =
  "The item's public verification page on the shop's domain, https://<shop>/apps/twincards/v/<token> (the token is random, not the id): what its QR code encodes";

/** The customer's language for their claim message: language, optional script and region (BCP 47, e.g. `fr`, `fr-CA`, `zh-Hant-TW`), kept canonical (`fr-ca` → `fr-CA`). */
export const locale = z
  .string()
  .max(35, "Must be at most 35 characters")
  // Every tag of this shape is one Intl accepts, so the transform below cannot throw.
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?$/, "Must be a language tag such as fr or fr-CA")
  .transform((tag) => Intl.getCanonicalLocales(tag)[0]!)
  .meta({
    description:
      "The recipient's language for the claim message (BCP 47: language, optional script and region, e.g. fr or fr-CA): French or English, else the shop's primary language; dates are written its way",
    examples: ["fr-CA"],
  });

/** The recipient's first name, for the claim message's greeting. */
export const firstName = text(100).meta({
  description: "The recipient's first name, for the claim message's greeting (Liquid customer.first_name)",
});

/** On every /v1 object and event: whether it is live data or test data (decision 0036). */
export const livemode = z.boolean().meta({
  description:
    "true for live data; false for test data, written with a test key (tc_test_…): no message was sent and nothing was minted for it",
});

/** For z.preprocess: an optional text field's surrounding spaces are dropped, and empty means "not given". */
export const optionalText = (value: unknown) => {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
};
