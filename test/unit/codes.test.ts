import { describe, expect, it } from "vitest";
import { generateCode, hashCode, normalizeCode } from "~/domain/codes.server";
import { maskEmail, maskPhone } from "~/domain/masking";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe("generateCode", () => {
  const codes = Array.from({ length: 1000 }, () => generateCode());

  it("is XXXX-XXXX-XXXX of Crockford base32", () => {
    for (const code of codes) expect(code).toMatch(FORMAT);
  });

  it("never uses I, L, O or U", () => {
    for (const code of codes) expect(code).not.toMatch(/[ILOU]/);
  });

  it("gives 1,000 distinct codes", () => {
    expect(new Set(codes).size).toBe(1000);
  });

  it("uses the whole alphabet (12 symbols × 1,000 codes cover all 32)", () => {
    const used = new Set(codes.join("").replaceAll("-", ""));
    expect([...used].sort().join("")).toBe(CROCKFORD);
  });

  it("is unchanged by normalizeCode apart from the hyphens", () => {
    for (const code of codes.slice(0, 50)) expect(normalizeCode(code)).toBe(code.replaceAll("-", ""));
  });
});

describe("normalizeCode", () => {
  it.each([
    ["7KQ2-M9XD-R4TB", "7KQ2M9XDR4TB"],
    ["7kq2-m9xd-r4tb", "7KQ2M9XDR4TB"],
    ["7kq2 m9xd r4tb", "7KQ2M9XDR4TB"],
    ["  7KQ2M9XDR4TB  ", "7KQ2M9XDR4TB"],
    ["7-K-Q-2 M-9-X-D\tR4TB", "7KQ2M9XDR4TB"],
    ["OOOO-oooo", "00000000"],
    ["IiLl-1111", "11111111"],
    ["g0ld-v1p0", "G01DV1P0"],
    ["gold-vip0", "G01DV1P0"],
  ])("%j → %s", (input, expected) => {
    expect(normalizeCode(input)).toBe(expected);
  });

  it("treats look-alike spellings of one code as equal", () => {
    const variants = ["10O1-ABCD-EFGH", "lo01 abcd efgh", "I001abcdefgh", "1 0 0 1 - a b c d - e f g h"];
    expect(new Set(variants.map(normalizeCode))).toEqual(new Set(["1001ABCDEFGH"]));
  });

  it("is idempotent", () => {
    for (const code of ["7kq2-m9xd-r4tb", "Gold Vip 2025", generateCode()]) {
      expect(normalizeCode(normalizeCode(code))).toBe(normalizeCode(code));
    }
  });
});

describe("hashCode", () => {
  const code = normalizeCode("7KQ2-M9XD-R4TB");

  it("is a stable SHA-256 hex digest", () => {
    const hash = hashCode("a.myshopify.com", code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode("a.myshopify.com", code)).toBe(hash);
  });

  it("does not contain the code", () => {
    expect(hashCode("a.myshopify.com", code).toUpperCase()).not.toContain(code);
  });

  it("differs across shops for the same code", () => {
    expect(hashCode("a.myshopify.com", code)).not.toBe(hashCode("b.myshopify.com", code));
  });

  it("differs across codes in one shop", () => {
    expect(hashCode("a.myshopify.com", code)).not.toBe(hashCode("a.myshopify.com", normalizeCode("7KQ2-M9XD-R4TC")));
  });

  it("is equal for every spelling once normalised", () => {
    expect(hashCode("a.myshopify.com", normalizeCode("7kq2 m9xd r4tb"))).toBe(hashCode("a.myshopify.com", code));
  });
});

describe("maskPhone", () => {
  it.each([
    ["+14155554567", "+1******4567"],
    ["+14155550123", "+1******0123"],
    ["+447911123456", "+44******3456"],
    ["+33612345678", "+33*****5678"],
    ["+819012345678", "+81******5678"],
    ["+35312345678", "+353****5678"],
  ])("%s → %s", (input, expected) => {
    expect(maskPhone(input)).toBe(expected);
  });

  it("keeps the length and the last four digits, and hides the rest", () => {
    const masked = maskPhone("+447911123456");
    expect(masked).toHaveLength("+447911123456".length);
    expect(masked).not.toContain("791112");
  });
});

describe("maskEmail", () => {
  it.each([
    ["jane@example.com", "j***@example.com"],
    ["j@example.com", "j***@example.com"],
    ["jane.doe+cards@sub.example.co.uk", "j***@sub.example.co.uk"],
  ])("%s → %s", (input, expected) => {
    expect(maskEmail(input)).toBe(expected);
  });

  it("hides the length of the local part", () => {
    expect(maskEmail("abcdefghij@example.com")).toBe("a***@example.com");
    expect(maskEmail("a@example.com")).toBe("a***@example.com");
  });
});
