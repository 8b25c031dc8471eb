import { Keypair, PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  currencyCode,
  currencyMinorDigits,
  email,
  httpUrl,
  owner,
  parseInput,
  phone,
  solanaPublicKey,
  walletPublicKey,
} from "~/domain/schemas";
import { offCurveKey, walletKey } from "../support/fixtures";
import { rejection } from "../support/validation";

/** Plain base58 (Bitcoin alphabet), independent of the library under test. */
function base58(bytes: Uint8Array): string {
  const alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  let n = 0n;
  for (const byte of bytes) n = n * 256n + BigInt(byte);
  let out = "";
  while (n > 0n) {
    out = alphabet[Number(n % 58n)] + out;
    n /= 58n;
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return "1".repeat(zeros) + out;
}

const ALL_ZERO_KEY = "11111111111111111111111111111111";

describe("base58 test helper", () => {
  it("agrees with @solana/web3.js", () => {
    const key = Keypair.generate().publicKey;
    expect(base58(key.toBytes())).toBe(key.toBase58());
    expect(base58(new Uint8Array(32))).toBe(ALL_ZERO_KEY);
  });
});

describe.each([
  ["solanaPublicKey", solanaPublicKey],
  ["walletPublicKey", walletPublicKey],
] as const)("%s", (_name, schema) => {
  it("accepts a wallet key and returns it unchanged", () => {
    const key = walletKey();
    expect(parseInput(schema, key)).toBe(key);
  });

  it("accepts a key whose first byte is zero (encoded with a leading 1)", () => {
    const text = onCurveKeyWithLeadingZero().toBase58();
    expect(text.startsWith("1")).toBe(true);
    expect(parseInput(schema, text)).toBe(text);
  });

  const invalid = "Not a valid Solana public key";
  it.each([
    ["garbage", "not a key"],
    ["empty", ""],
    ["non-base58 character 0", "0".repeat(44)],
    ["non-base58 character O", `O${walletKey().slice(1)}`],
    ["non-base58 character l", `l${walletKey().slice(1)}`],
    ["hex instead of base58", Buffer.from(Keypair.generate().publicKey.toBytes()).toString("hex")],
    ["31-byte decode", base58(new Uint8Array(31).fill(7))],
    ["33-byte decode", base58(new Uint8Array(33).fill(7))],
    ["33-byte decode (extra leading 1)", `1${walletKey()}`],
    ["31 ones", "1".repeat(31)],
    ["33 ones", "1".repeat(33)],
    // Refused on length before the (quadratic) base58 decode runs.
    ["300,000 characters", "2".repeat(300_000)],
  ])("rejects %s", (_label, value) => {
    expect(rejection(schema, value)).toEqual([{ path: "", message: expect.stringContaining(invalid) }]);
  });

  it.each([
    ["leading space", (key: string) => ` ${key}`],
    ["trailing space", (key: string) => `${key} `],
    ["trailing newline", (key: string) => `${key}\n`],
  ])("rejects a non-canonical spelling of a valid key (%s)", (_label, spell) => {
    const details = rejection(schema, spell(walletKey()));
    expect(details).toHaveLength(1);
    expect(details[0]!.path).toBe("");
    expect(details[0]!.message).toMatch(/Not a (valid|canonical base58) Solana public key/);
  });

  it("rejects the all-zero key", () => {
    expect(rejection(schema, ALL_ZERO_KEY)).toEqual([{ path: "", message: expect.stringContaining("all-zero") }]);
  });

  it.each([[42], [null], [undefined], [{}]])("rejects a non-string (%j)", (value) => {
    expect(rejection(schema, value)).toEqual([{ path: "", message: expect.any(String) }]);
  });
});

/** A wallet key (on curve) whose first byte is 0. */
function onCurveKeyWithLeadingZero(): PublicKey {
  for (;;) {
    const bytes = Keypair.generate().publicKey.toBytes();
    bytes[0] = 0;
    if (PublicKey.isOnCurve(bytes)) return new PublicKey(bytes);
  }
}

describe("off-curve keys (PDAs)", () => {
  it("are valid public keys for solanaPublicKey", () => {
    const pda = offCurveKey();
    expect(PublicKey.isOnCurve(new PublicKey(pda).toBytes())).toBe(false);
    expect(parseInput(solanaPublicKey, pda)).toBe(pda);
  });

  it("are rejected by walletPublicKey", () => {
    expect(rejection(walletPublicKey, offCurveKey())).toEqual([{ path: "", message: expect.stringContaining("on the ed25519 curve") }]);
  });
});

describe("owner", () => {
  it.each([
    "shopify|7364129087",
    "google-oauth2|abc.DEF_123",
    "x|1",
    `${"a".repeat(32)}|1`,
    `p|${"i".repeat(126)}`, // exactly 128 characters
    "wallet|9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
  ])("accepts %s", (value) => {
    expect(parseInput(owner, value)).toBe(value);
  });

  const shape = "Must be <provider>|<id>";
  it.each([
    ["no separator", "shopify7364129087", shape],
    ["empty provider", "|123", shape],
    ["empty id", "shopify|", shape],
    ["upper-case provider", "Shopify|123", shape],
    ["underscore in provider", "shop_ify|123", shape],
    ["dot in provider", "shop.ify|123", shape],
    ["33-character provider", `${"a".repeat(33)}|1`, shape],
    ["second | in id", "shopify|12|34", shape],
    ["space in id", "shopify|12 34", shape],
    ["tab in id", "shopify|12\t34", shape],
    ["trailing newline", "shopify|1234\n", shape],
    ["non-breaking space in id", "shopify|12\u00a034", shape],
    ["space in provider", "shop ify|1", shape],
  ])("rejects %s", (_label, value, message) => {
    expect(rejection(owner, value)).toEqual([{ path: "", message: expect.stringContaining(message) }]);
  });

  it("rejects more than 128 characters", () => {
    const value = `p|${"i".repeat(127)}`;
    expect(value).toHaveLength(129);
    expect(rejection(owner, value)).toEqual([{ path: "", message: "Must be at most 128 characters" }]);
  });
});

describe("phone", () => {
  it.each([
    ["+1 415 555 0123", "+14155550123"],
    ["+14155550123", "+14155550123"],
    ["+1 (415) 555-0123", "+14155550123"],
    ["  +14155550123  ", "+14155550123"],
    ["+44 7911 123456", "+447911123456"],
    ["+33 6 12 34 56 78", "+33612345678"],
    ["+81 90-1234-5678", "+819012345678"],
    // As Shopify keeps a demo customer's phone: Ofcom's drama range, which libphonenumber lists for no kind of line.
    ["+447700900456", "+447700900456"],
    ["+44 7700 900123", "+447700900123"],
  ])("normalises %j to E.164 %s", (input, expected) => {
    expect(parseInput(phone, input)).toBe(expected);
  });

  const message = "Must be a valid phone number in international format";
  it.each([
    ["no leading +", "14155550123"],
    ["national format", "(415) 555-0123"],
    ["too short", "+1 000"],
    ["too few digits", "+12345"],
    ["unknown country code", "+999 123 4567"],
    ["digits the plan never starts with", "+1 000 000 0000"],
    ["a French number starting 0 after the code", "+33 0 00 00 00 00"],
    ["a UK number one digit too long", "+44 7700 9004567"],
    ["letters", "+1 call me"],
    ["empty", ""],
  ])("rejects %s (%j)", (_label, input) => {
    expect(rejection(phone, input)).toEqual([{ path: "", message: expect.stringContaining(message) }]);
  });

  it("rejects more than 32 characters", () => {
    expect(rejection(phone, `+1 415 555 0123${" ".repeat(20)}`)).toEqual([{ path: "", message: "Must be at most 32 characters" }]);
  });
});

describe("email", () => {
  it.each([
    ["jane@example.com", "jane@example.com"],
    ["Jane.Doe@Example.COM", "jane.doe@example.com"],
    ["  jane@example.com ", "jane@example.com"],
    ["jane+cards@sub.example.co.uk", "jane+cards@sub.example.co.uk"],
    ["O'Brien@Example.ie", "o'brien@example.ie"],
    // RFC 5322 forms that simpler patterns refuse
    ["jane@[192.0.2.1]", "jane@[192.0.2.1]"],
    ['"Jane Doe"@example.com', '"jane doe"@example.com'],
  ])("accepts %j as %s", (input, expected) => {
    expect(parseInput(email, input)).toBe(expected);
  });

  it("accepts an address of exactly 254 characters", () => {
    const domain = `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    const value = `${"a".repeat(64)}@${domain}`;
    expect(value).toHaveLength(254);
    expect(parseInput(email, value)).toBe(value);
  });

  it.each([
    ["no @", "jane.example.com"],
    ["no domain", "jane@"],
    ["no local part", "@example.com"],
    ["no top-level domain", "jane@example"],
    ["two @", "jane@doe@example.com"],
    ["space inside", "jane doe@example.com"],
    ["two dots in a row", "jane..doe@example.com"],
    ["empty", ""],
  ])("rejects %s (%j)", (_label, input) => {
    expect(rejection(email, input)).toEqual([{ path: "", message: "Must be a valid e-mail address" }]);
  });

  it("rejects more than 254 characters", () => {
    const value = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;
    expect(value).toHaveLength(255);
    expect(rejection(email, value)).toEqual([{ path: "", message: "Must be at most 254 characters" }]);
  });
});

describe("httpUrl", () => {
  it.each([
    "https://cdn.example.com/gold.png",
    "http://example.com",
    "https://example.com:8443/a/b?c=d#e",
    `https://example.com/${"a".repeat(2048 - "https://example.com/".length)}`,
  ])("accepts %s", (value) => {
    expect(parseInput(httpUrl, value)).toBe(value);
  });

  const message = "Must be an absolute https:// or http:// URL";
  it.each([
    ["ftp", "ftp://example.com/file"],
    ["javascript", "javascript:alert(1)"],
    ["data", "data:image/png;base64,AAAA"],
    ["file", "file:///etc/passwd"],
    ["relative path", "/images/gold.png"],
    ["protocol-relative", "//cdn.example.com/gold.png"],
    ["bare host", "example.com"],
    ["empty", ""],
    ["no host", "https://"],
  ])("rejects %s (%j)", (_label, value) => {
    expect(rejection(httpUrl, value)).toEqual([{ path: "", message }]);
  });

  it("rejects more than 2048 characters", () => {
    const value = `https://example.com/${"a".repeat(2049 - "https://example.com/".length)}`;
    expect(value).toHaveLength(2049);
    expect(rejection(httpUrl, value)).toEqual(expect.arrayContaining([{ path: "", message: "Must be at most 2048 characters" }]));
  });
});

describe("currencyCode", () => {
  it.each([
    ["USD", "USD"],
    ["usd", "USD"],
    ["Eur", "EUR"],
    ["jpy", "JPY"],
    ["KWD", "KWD"],
  ])("accepts %j as %s", (input, expected) => {
    expect(parseInput(currencyCode, input)).toBe(expected);
  });

  it.each([["XYZ"], ["US"], ["USDX"], [""], ["U$D"], ["123"]])("rejects %j", (value) => {
    expect(rejection(currencyCode, value)).toEqual([{ path: "", message: expect.stringContaining("ISO 4217") }]);
  });

  it("rejects a non-string", () => {
    expect(rejection(currencyCode, 840)).toEqual([{ path: "", message: "Expected string, received number" }]);
  });
});

describe("currencyMinorDigits", () => {
  it.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["KWD", 3],
    ["BHD", 3],
  ])("%s has %i minor digits", (currency, digits) => {
    expect(currencyMinorDigits(currency)).toBe(digits);
  });
});
