import { Keypair } from "@solana/web3.js";
import { generateSync } from "json-schema-faker";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/faces/api/openapi.server";
import { customCode, email, httpUrl, text, universalName, walletPublicKey } from "~/domain/schemas";
import { CARD_CURSOR_PATTERN, decodeCursor, encodeCursor, TWIN_CURSOR_PATTERN } from "~/domain/schemas/cursor";

type Node = Record<string, unknown>;
const document = openApiDocument("http://127.0.0.1") as unknown as Node;

/** Every `pattern` in the document, with where it is. */
function patterns(node: unknown, at = "#"): { at: string; pattern: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => patterns(item, `${at}/${index}`));
  if (!node || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "pattern" && typeof value === "string" ? [{ at, pattern: value }] : patterns(value, `${at}/${key}`),
  );
}

const schemaAt = (pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .reduce<Node>((node, part) => node[part.replace(/~1/g, "/")] as Node, document);
const patternOf = (pointer: string) => new RegExp(schemaAt(pointer).pattern as string, "u");
const CARD = "#/components/schemas/CreateUnitCardInput/properties";

/** Strings the pattern describes, as a JSON Schema generator makes them (seeded). */
const generated = (pattern: string, count: number) =>
  Array.from({ length: count }, (_, seed) => generateSync({ type: "string", pattern }, { seed: seed + 1 }) as string);

const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: string) => schema.safeParse(value).success;

describe("the OpenAPI document's patterns", () => {
  it("all compile as the Unicode regular expressions JSON Schema validators use", () => {
    const found = patterns(document);

    expect(found.length).toBeGreaterThan(15);
    for (const { at, pattern } of found) expect(() => new RegExp(pattern, "u"), at).not.toThrow();
  });

  it("state the list cursor exactly: every cursor of a card id, and nothing the server would refuse", () => {
    const cursor = new RegExp(CARD_CURSOR_PATTERN, "u");
    const symbols = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const ids = Array.from(
      { length: 500 },
      (_, n) => `card_${Array.from({ length: 26 }, (_, i) => symbols[(n * 7 + i * 13 + n * i) % 32]).join("")}`,
    );

    for (const id of ids) expect(cursor.test(Buffer.from(id).toString("base64url")), id).toBe(true);
    expect(cursor.test("")).toBe(true);
    for (const value of generated(CARD_CURSOR_PATTERN, 200).filter(Boolean)) {
      expect(Buffer.from(value, "base64url").toString(), value).toMatch(/^card_[0-9A-Z]{26}$/);
    }
    for (const other of [
      "card_01",
      Buffer.from("card_01J0000000000000000000000a").toString("base64url"),
      Buffer.from("twin_01J00000000000000000000000").toString("base64url"),
    ]) {
      expect(cursor.test(other), other).toBe(false);
    }
  });

  it("state the twin list cursor exactly: the server takes every cursor the pattern allows and nothing else", () => {
    const cursor = new RegExp(TWIN_CURSOR_PATTERN, "u");
    const symbols = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const ids = Array.from(
      { length: 300 },
      (_, n) => `twin_${Array.from({ length: 26 }, (_, i) => symbols[(n * 11 + i * 7 + n * i) % 32]).join("")}`,
    );
    const others = [
      "not-a-cursor",
      "twin_01",
      encodeCursor("card_01J0000000000000000000000Z"),
      encodeCursor("twin_01J0000000000000000000000a"),
      `${encodeCursor("twin_01J0000000000000000000000Z")}==`,
      ` ${encodeCursor("twin_01J0000000000000000000000Z")}`,
    ];

    for (const id of ids) {
      expect(cursor.test(encodeCursor(id)), id).toBe(true);
      expect(decodeCursor(encodeCursor(id), "twin"), id).toBe(id);
    }
    for (const value of generated(TWIN_CURSOR_PATTERN, 200).filter(Boolean))
      expect(decodeCursor(value, "twin"), value).toMatch(/^twin_[0-9A-Z]{26}$/);
    for (const other of others) {
      expect(cursor.test(other), other).toBe(false);
      expect(decodeCursor(other, "twin"), other).toBeUndefined();
    }
  });

  it("say of e-mail addresses exactly what the server accepts, spaces and length included", () => {
    const pattern = patternOf(`${CARD}/email`);
    const local = "a".repeat(242);
    const samples = [
      "jane@example.com",
      "  Jane.Doe@Example.COM  ",
      '"quoted name"@example.com',
      "a@[192.168.0.1]",
      `${local}@example.com`,
      `  ${local}@example.com  `,
      `${local}b@example.com`,
      "jane@example",
      "jane@@example.com",
      "jane example.com",
      "",
      "   ",
    ];

    for (const sample of samples) expect(pattern.test(sample), JSON.stringify(sample)).toBe(accepts(email, sample));
    expect(schemaAt(`${CARD}/email`)).not.toHaveProperty("maxLength");
  });

  it("say of universal names, custom codes and required text exactly what the server accepts", () => {
    const name = patternOf("#/components/schemas/RegisterNameInput/properties/name");
    const code = schemaAt("#/components/schemas/CreateUnitCardBatchInput/properties/redemption/properties/code");
    const codePatterns = [code.pattern as string, ...((code.allOf ?? []) as Node[]).map((rule) => rule.pattern as string)].map(
      (p) => new RegExp(p, "u"),
    );
    const title = patternOf(`${CARD}/name`);

    for (const sample of ["jane.doe", "  Jane.Doe ", "ab", "a".repeat(33), "jane doe", "ja\u00f1e", "x_y-z.1"]) {
      expect(name.test(sample), sample).toBe(accepts(universalName, sample));
    }
    for (const sample of ["GOLD-2027-VIP", "gold 2027 vip", "1234567", "1234-5678", "--12345678--", "abc!defgh", "abcd\tefgh", ""]) {
      expect(
        codePatterns.every((pattern) => pattern.test(sample)),
        sample,
      ).toBe(accepts(customCode, sample));
    }
    for (const sample of ["Gold", " x ", "", "   ", "\u00a0\u2003", "\n\t"])
      expect(title.test(sample), JSON.stringify(sample)).toBe(accepts(text(200), sample));
  });

  it("promise only URLs and wallet keys the server accepts", () => {
    const url = schemaAt("#/components/schemas/Media/properties/imageUrls/items").pattern as string;
    const key = schemaAt(`${CARD}/publicKey`);
    const keyPattern = new RegExp(key.pattern as string, "u");

    for (const sample of generated(url, 300)) expect(accepts(httpUrl, sample), sample).toBe(true);
    for (let n = 0; n < 200; n++) {
      const wallet = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (n * 31 + i * 7) % 256)).publicKey.toBase58();
      expect(
        keyPattern.test(wallet) && wallet.length >= (key.minLength as number) && wallet.length <= (key.maxLength as number),
        wallet,
      ).toBe(true);
      expect(accepts(walletPublicKey, wallet)).toBe(true);
    }
  });
});
