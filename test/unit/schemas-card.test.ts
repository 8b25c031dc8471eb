import { describe, expect, it } from "vitest";
import {
  cardInput,
  createBatchInput,
  createCardInput,
  listCardsQuery,
  media,
  metadata,
  metadataEntry,
  parseInput,
  redeemInput,
} from "~/domain/schemas";
import { offCurveKey, walletKey } from "../support/fixtures";
import { detail, rejection } from "../support/validation";

const IMAGE = "https://cdn.example.com/gold.png";
const card = (name = "Gold membership") => ({ name, media: { imageUrls: [IMAGE], videoUrls: [] } });
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://cdn.example.com/${i}.png`);
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, value: i }));
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

describe("media", () => {
  it("defaults both lists to []", () => {
    expect(parseInput(media, {})).toEqual({ imageUrls: [], videoUrls: [] });
    expect(parseInput(media, { videoUrls: ["https://v.example.com/a.mp4"] })).toEqual({
      imageUrls: [],
      videoUrls: ["https://v.example.com/a.mp4"],
    });
  });

  it("accepts 20 URLs per list", () => {
    expect(parseInput(media, { imageUrls: urls(20), videoUrls: urls(20) })).toEqual({
      imageUrls: urls(20),
      videoUrls: urls(20),
    });
  });

  it.each([
    ["21 image URLs", { imageUrls: urls(21) }, [detail("imageUrls", "At most 20 image URLs")]],
    ["21 video URLs", { videoUrls: urls(21) }, [detail("videoUrls", "At most 20 video URLs")]],
    ["a relative image URL", { imageUrls: [IMAGE, "/x.png"] }, [detail("imageUrls[1]", "absolute https://")]],
    ["an ftp video URL", { videoUrls: ["ftp://v.example.com/a.mp4"] }, [detail("videoUrls[0]", "absolute https://")]],
    ["a URL that is not a string", { imageUrls: [42] }, [detail("imageUrls[0]", "Expected string, received number")]],
    ["a list that is not an array", { imageUrls: "x" }, [detail("imageUrls", "Expected array, received string")]],
    // A long string also fails the list's length check; only the explaining error is reported.
    [
      "a long string instead of a list",
      { imageUrls: "https://cdn.example.com/gold-card-front.png" },
      [detail("imageUrls", "Expected array, received string")],
    ],
    ["an unknown field", { imageUrls: [], audioUrls: [] }, [{ path: "audioUrls", message: "Unknown field" }]],
  ])("rejects %s", (_label, input, expected) => {
    expect(rejection(media, input)).toEqual(expected);
  });
});

describe("metadata entry", () => {
  it("defaults metaType to NO_TYPE and visibility to PUBLIC", () => {
    expect(parseInput(metadataEntry, { key: "sku", value: "GOLD-1" })).toEqual({
      key: "sku",
      value: "GOLD-1",
      metaType: "NO_TYPE",
      visibility: "PUBLIC",
    });
  });

  it("keeps a free metaType and PRIVATE visibility", () => {
    expect(parseInput(metadataEntry, { key: "cost", value: 12, metaType: "SUPPLIER_COST", visibility: "PRIVATE" })).toEqual({
      key: "cost",
      value: 12,
      metaType: "SUPPLIER_COST",
      visibility: "PRIVATE",
    });
  });

  it.each([
    ["a string", "GOLD-1"],
    ["an empty string", ""],
    ["an integer", 42],
    ["zero", 0],
    ["a negative decimal", -1.25],
    ["an object", { color: "gold", sizes: [1, 2] }],
    ["an empty object", {}],
    ["an array", ["a", 1, { b: null }]],
    ["an empty array", []],
  ])("accepts %s as value", (_label, value) => {
    expect(parseInput(metadataEntry, { key: "k", value }).value).toEqual(value);
  });

  const notAllowed = "Must be a string, number, object or array";
  it.each([
    ["true", true],
    ["false", false],
    ["null", null],
  ])("rejects %s as value", (_label, value) => {
    expect(rejection(metadataEntry, { key: "k", value })).toEqual([{ path: "value", message: notAllowed }]);
  });

  it("requires a value", () => {
    expect(rejection(metadataEntry, { key: "k" })).toEqual([{ path: "value", message: expect.any(String) }]);
  });

  it("accepts keys of 1 and 64 characters", () => {
    expect(parseInput(metadataEntry, { key: "k", value: 1 }).key).toBe("k");
    expect(parseInput(metadataEntry, { key: "k".repeat(64), value: 1 }).key).toBe("k".repeat(64));
  });

  it.each([
    ["an empty key", { key: "", value: 1 }, [detail("key", "Must not be empty")]],
    ["a 65-character key", { key: "k".repeat(65), value: 1 }, [detail("key", "Must be at most 64 characters")]],
    ["a missing key", { value: 1 }, [{ path: "key", message: "Required" }]],
    ["a numeric key", { key: 7, value: 1 }, [detail("key", "Expected string, received number")]],
    ["an unknown visibility", { key: "k", value: 1, visibility: "SECRET" }, [detail("visibility", "PUBLIC")]],
    ["a lower-case visibility", { key: "k", value: 1, visibility: "private" }, [detail("visibility", "PRIVATE")]],
    ["a 65-character metaType", { key: "k", value: 1, metaType: "T".repeat(65) }, [detail("metaType", "at most 64")]],
    ["an unknown field", { key: "k", value: 1, type: "PRICE" }, [{ path: "type", message: "Unknown field" }]],
  ])("rejects %s", (_label, input, expected) => {
    expect(rejection(metadataEntry, input)).toEqual(expected);
  });

  describe("4 KiB serialized limit", () => {
    it("accepts a value whose JSON is exactly 4096 bytes", () => {
      const value = "x".repeat(4094); // plus two quotes
      expect(parseInput(metadataEntry, { key: "k", value }).value).toBe(value);
    });

    it.each([
      ["a string of 4097 serialized bytes", "x".repeat(4095)],
      ["multi-byte text over 4096 bytes but under 4096 characters", "é".repeat(2048)],
      ["an object over 4096 bytes", { text: "x".repeat(4090) }],
      ["an array over 4096 bytes", Array.from({ length: 2100 }, () => 1)],
    ])("rejects %s", (_label, value) => {
      expect(rejection(metadataEntry, { key: "k", value })).toEqual([{ path: "value", message: "Must be at most 4 KiB when serialized" }]);
    });

    it("counts bytes, not characters (2047 two-byte characters fit)", () => {
      const value = "é".repeat(2047); // 4094 bytes plus two quotes
      expect(parseInput(metadataEntry, { key: "k", value }).value).toBe(value);
    });
  });

  describe("PRICE", () => {
    it.each([[[49.5, "EUR"]], [[0, "USD"]], [[1500, "JPY"]]])("accepts %j", (value) => {
      expect(parseInput(metadataEntry, { key: "price", value, metaType: "PRICE" })).toEqual({
        key: "price",
        value,
        metaType: "PRICE",
        visibility: "PUBLIC",
      });
    });

    it("stores the currency in upper case", () => {
      expect(parseInput(metadataEntry, { key: "price", value: [9.5, "eur"], metaType: "PRICE" }).value).toEqual([9.5, "EUR"]);
    });

    it.each([
      ["a negative amount", [-0.01, "EUR"]],
      ["an amount as a string", ["49.50", "EUR"]],
      ["an unknown currency", [49.5, "XYZ"]],
      ["a two-letter currency", [49.5, "EU"]],
      ["a missing currency", [49.5]],
      ["an extra element", [49.5, "EUR", "net"]],
      ["swapped elements", ["EUR", 49.5]],
      ["a bare number", 49.5],
      ["an object", { amount: 49.5, currency: "EUR" }],
      ["a string", "49.50 EUR"],
    ])("rejects %s", (_label, value) => {
      expect(rejection(metadataEntry, { key: "price", value, metaType: "PRICE" })).toEqual([
        { path: "value", message: "A PRICE value must be [amount >= 0, ISO 4217 code]" },
      ]);
    });

    it("only applies to metaType PRICE", () => {
      expect(parseInput(metadataEntry, { key: "price", value: [-1, "nope"] }).value).toEqual([-1, "nope"]);
    });
  });
});

describe("metadata list", () => {
  it("accepts 50 entries", () => {
    expect(parseInput(metadata, entries(50))).toHaveLength(50);
  });

  it("rejects 51 entries", () => {
    expect(rejection(metadata, entries(51))).toEqual([{ path: "", message: "At most 50 metadata entries" }]);
  });

  it("flags every repeated key at its own index", () => {
    const list = [
      { key: "sku", value: "A" },
      { key: "sku", value: "B" },
      { key: "color", value: "gold" },
      { key: "sku", value: "C" },
    ];
    expect(rejection(metadata, list)).toEqual([
      { path: "[1].key", message: 'Duplicate key "sku"' },
      { path: "[3].key", message: 'Duplicate key "sku"' },
    ]);
  });

  it("reports a duplicate inside a card as metadata[1].key", () => {
    const input = {
      ...card(),
      metadata: [
        { key: "sku", value: "A" },
        { key: "sku", value: "B" },
      ],
    };
    expect(rejection(cardInput, input)).toEqual([{ path: "metadata[1].key", message: 'Duplicate key "sku"' }]);
  });

  it("reports an unknown field inside an entry with its full path", () => {
    const input = {
      ...card(),
      metadata: [
        { key: "a", value: 1 },
        { key: "b", value: 2, secret: true },
      ],
    };
    expect(rejection(cardInput, input)).toEqual([{ path: "metadata[1].secret", message: "Unknown field" }]);
  });
});

describe("cardInput", () => {
  it("defaults metadata to []", () => {
    expect(parseInput(cardInput, card())).toEqual({ ...card(), metadata: [] });
  });

  it.each([
    ["a missing name", { media: {} }, [{ path: "name", message: "Required" }]],
    ["a blank name", { name: "   ", media: {} }, [detail("name", "Must not be empty")]],
    ["a 201-character name", { name: "n".repeat(201), media: {} }, [detail("name", "at most 200")]],
    ["missing media", { name: "Gold" }, [{ path: "media", message: "Required" }]],
  ])("rejects %s", (_label, input, expected) => {
    expect(rejection(cardInput, input)).toEqual(expected);
  });

  it("accepts a 200-character name", () => {
    expect(parseInput(cardInput, { name: "n".repeat(200), media: {} }).name).toBe("n".repeat(200));
  });
});

describe("createCardInput", () => {
  it("by phone: normalises the phone and returns {card, recipient}", () => {
    expect(parseInput(createCardInput, { ...card(), phone: "+1 415 555 0123" })).toEqual({
      card: { ...card(), metadata: [] },
      recipient: { kind: "redemption", redemption: { phone: "+14155550123" } },
    });
  });

  it("by email: lowercases it", () => {
    expect(parseInput(createCardInput, { ...card(), email: "Jane@Example.com" })).toEqual({
      card: { ...card(), metadata: [] },
      recipient: { kind: "redemption", redemption: { email: "jane@example.com" } },
    });
  });

  it("by phone and email, with an expiry and metadata", () => {
    const expiresAt = inDays(30);
    const result = parseInput(createCardInput, {
      ...card(),
      metadata: [{ key: "sku", value: "GOLD-1", metaType: "RETAIL_IDENTIFIER" }],
      phone: "+14155550123",
      email: "jane@example.com",
      expiresAt: expiresAt.toISOString(),
    });
    expect(result).toEqual({
      card: {
        ...card(),
        metadata: [{ key: "sku", value: "GOLD-1", metaType: "RETAIL_IDENTIFIER", visibility: "PUBLIC" }],
      },
      recipient: { kind: "redemption", redemption: { phone: "+14155550123", email: "jane@example.com", expiresAt } },
    });
    if (result.recipient.kind !== "redemption") throw new Error("expected a redemption recipient");
    expect(result.recipient.redemption.expiresAt).toBeInstanceOf(Date);
  });

  it("accepts an expiry given with a time-zone offset", () => {
    const instant = inDays(10);
    instant.setUTCMilliseconds(0);
    const plusTwo = `${new Date(instant.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
    const result = parseInput(createCardInput, { ...card(), email: "a@example.com", expiresAt: plusTwo });
    expect(result.recipient).toEqual({ kind: "redemption", redemption: { email: "a@example.com", expiresAt: instant } });
  });

  it("by owner: returns the owner and key", () => {
    const publicKey = walletKey();
    expect(parseInput(createCardInput, { ...card(), owner: "shopify|7364129087", publicKey })).toEqual({
      card: { ...card(), metadata: [] },
      recipient: { kind: "owner", owner: "shopify|7364129087", publicKey },
    });
  });

  const notBoth = "not both";
  it.each([
    [
      "phone with owner + publicKey",
      { phone: "+14155550123", owner: "shopify|1", publicKey: walletKey() },
      ["phone", "owner", "publicKey"],
    ],
    [
      "email with owner + publicKey",
      { email: "jane@example.com", owner: "shopify|1", publicKey: walletKey() },
      ["email", "owner", "publicKey"],
    ],
    [
      "expiresAt with owner + publicKey",
      { expiresAt: inDays(5).toISOString(), owner: "shopify|1", publicKey: walletKey() },
      ["expiresAt", "owner", "publicKey"],
    ],
    ["phone with owner only", { phone: "+14155550123", owner: "shopify|1" }, ["phone", "owner"]],
    ["email with publicKey only", { email: "jane@example.com", publicKey: walletKey() }, ["email", "publicKey"]],
    [
      "everything",
      { phone: "+14155550123", email: "jane@example.com", owner: "shopify|1", publicKey: walletKey() },
      ["phone", "email", "owner", "publicKey"],
    ],
  ])("rejects both kinds (%s) on each offending field", (_label, fields, paths) => {
    expect(rejection(createCardInput, { ...card(), ...fields })).toEqual(paths.map((path) => detail(path, notBoth)));
  });

  it.each([
    ["neither kind", {}, [detail("phone", "Give phone and/or email")]],
    ["only an expiry", { expiresAt: inDays(5).toISOString() }, [detail("phone", "Give phone and/or email")]],
    ["owner without publicKey", { owner: "shopify|1" }, [detail("publicKey", "Required when creating a card by owner")]],
    ["publicKey without owner", { publicKey: walletKey() }, [detail("owner", "Required when creating a card by owner")]],
    ["an off-curve publicKey", { owner: "shopify|1", publicKey: offCurveKey() }, [detail("publicKey", "on the ed25519 curve")]],
    ["an invalid owner", { owner: "Shopify 1", publicKey: walletKey() }, [detail("owner", "<provider>|<id>")]],
    ["an invalid phone", { phone: "4155550123" }, [detail("phone", "valid phone number")]],
    ["an invalid email", { email: "jane@" }, [detail("email", "valid e-mail")]],
    [
      "an expiry in the past",
      { email: "a@example.com", expiresAt: inDays(-1).toISOString() },
      [detail("expiresAt", "Must be in the future")],
    ],
    [
      "an expiry more than a year away",
      { email: "a@example.com", expiresAt: inDays(367).toISOString() },
      [detail("expiresAt", "Must be within a year")],
    ],
    ["an expiry that is not ISO 8601", { email: "a@example.com", expiresAt: "next tuesday" }, [detail("expiresAt", "ISO 8601")]],
    ["an expiry without a time zone", { email: "a@example.com", expiresAt: "2030-01-01T00:00:00" }, [detail("expiresAt", "ISO 8601")]],
    ["an unknown field", { email: "a@example.com", code: "ABCDEFGH" }, [{ path: "code", message: "Unknown field" }]],
  ])("rejects %s", (_label, fields, expected) => {
    expect(rejection(createCardInput, { ...card(), ...fields })).toEqual(expected);
  });

  it("lists every offending field at once", () => {
    const input = {
      name: "",
      media: { imageUrls: ["https://ok.example.com/a.png", "javascript:alert(1)"] },
      metadata: [{ key: "k", value: null }],
      phone: "nope",
    };
    expect(rejection(createCardInput, input)).toEqual([
      detail("name", "Must not be empty"),
      detail("media.imageUrls[1]", "absolute https://"),
      detail("metadata[0].value", "Must be a string, number, object or array"),
      detail("phone", "valid phone number"),
    ]);
  });
});

describe("createBatchInput", () => {
  it("redemption variant: one shared recipient for all cards, in input order", () => {
    expect(
      parseInput(createBatchInput, {
        redemption: { phone: "+1 415 555 0123", email: "Jane@Example.com" },
        cards: [card("A"), card("B")],
      }),
    ).toEqual({
      cards: [
        { ...card("A"), metadata: [] },
        { ...card("B"), metadata: [] },
      ],
      recipient: { kind: "redemption", redemption: { phone: "+14155550123", email: "jane@example.com" } },
    });
  });

  it("redemption variant with a custom code and an expiry", () => {
    const expiresAt = inDays(7);
    expect(
      parseInput(createBatchInput, {
        redemption: { email: "jane@example.com", code: "GOLD-2025-VIP", expiresAt: expiresAt.toISOString() },
        cards: [card()],
      }),
    ).toEqual({
      cards: [{ ...card(), metadata: [] }],
      recipient: { kind: "redemption", redemption: { email: "jane@example.com", code: "GOLD-2025-VIP", expiresAt } },
    });
  });

  it.each([["ABCDEFGH"], ["ABCD-EFGH"], ["ab cd ef gh"], ["A-B-C-D-1-2-3-4"], ["12345678"], ["x".repeat(80)]])(
    "accepts the custom code %j",
    (code) => {
      const result = parseInput(createBatchInput, { redemption: { email: "a@example.com", code }, cards: [card()] });
      expect(result.recipient).toEqual({ kind: "redemption", redemption: { email: "a@example.com", code } });
    },
  );

  it.each([
    ["7 letters", "ABCDEFG", "at least 8 letters or digits"],
    ["7 letters padded with hyphens", "ABCD-EFG", "at least 8 letters or digits"],
    ["7 letters padded with spaces", "A B C D E F G     ", "at least 8 letters or digits"],
    ["only hyphens", "----------", "at least 8 letters or digits"],
    ["an underscore", "ABCD_EFGH", "Only letters, digits, spaces and hyphens"],
    ["punctuation", "ABCD!EFGH", "Only letters, digits, spaces and hyphens"],
    ["81 characters", "x".repeat(81), "at most 80 characters"],
  ])("rejects a custom code with %s", (_label, code, message) => {
    expect(rejection(createBatchInput, { redemption: { email: "a@example.com", code }, cards: [card()] })).toEqual([
      detail("redemption.code", message),
    ]);
  });

  it("owner variant", () => {
    const publicKey = walletKey();
    expect(parseInput(createBatchInput, { owner: "shopify|42", publicKey, cards: [card("A"), card("B")] })).toEqual({
      cards: [
        { ...card("A"), metadata: [] },
        { ...card("B"), metadata: [] },
      ],
      recipient: { kind: "owner", owner: "shopify|42", publicKey },
    });
  });

  it.each([
    [
      "both redemption and owner",
      { redemption: { email: "a@example.com" }, owner: "shopify|1", publicKey: walletKey() },
      [detail("redemption", "not both")],
    ],
    ["redemption and a publicKey", { redemption: { email: "a@example.com" }, publicKey: walletKey() }, [detail("redemption", "not both")]],
    ["neither", {}, [detail("redemption", "Give redemption (phone/email) or owner + publicKey")]],
    ["owner without publicKey", { owner: "shopify|1" }, [detail("publicKey", "Required when creating cards by owner")]],
    ["publicKey without owner", { publicKey: walletKey() }, [detail("owner", "Required when creating cards by owner")]],
    ["an off-curve publicKey", { owner: "shopify|1", publicKey: offCurveKey() }, [detail("publicKey", "on the ed25519 curve")]],
    ["a redemption without phone or email", { redemption: {} }, [detail("redemption.phone", "Give phone and/or email")]],
    ["a redemption with only a code", { redemption: { code: "ABCDEFGH" } }, [detail("redemption.phone", "Give phone and/or email")]],
    ["a bad phone", { redemption: { phone: "+1 000" } }, [detail("redemption.phone", "valid phone number")]],
    ["a bad email", { redemption: { email: "nope" } }, [detail("redemption.email", "valid e-mail")]],
    [
      "a past expiry",
      { redemption: { email: "a@example.com", expiresAt: inDays(-1).toISOString() } },
      [detail("redemption.expiresAt", "in the future")],
    ],
    [
      "an unknown field in redemption",
      { redemption: { email: "a@example.com", owner: "shopify|1" } },
      [{ path: "redemption.owner", message: "Unknown field" }],
    ],
    [
      "an unknown top-level field",
      { redemption: { email: "a@example.com" }, email: "a@example.com" },
      [{ path: "email", message: "Unknown field" }],
    ],
  ])("rejects %s", (_label, fields, expected) => {
    expect(rejection(createBatchInput, { cards: [card()], ...fields })).toEqual(expected);
  });

  it("rejects per-card recipient fields", () => {
    const input = { redemption: { email: "a@example.com" }, cards: [card(), { ...card(), phone: "+14155550123" }] };
    expect(rejection(createBatchInput, input)).toEqual([{ path: "cards[1].phone", message: "Unknown field" }]);
  });

  it("rejects a batch without cards", () => {
    expect(rejection(createBatchInput, { redemption: { email: "a@example.com" } })).toEqual([{ path: "cards", message: "Required" }]);
  });

  it("rejects 0 cards", () => {
    expect(rejection(createBatchInput, { redemption: { email: "a@example.com" }, cards: [] })).toEqual([
      detail("cards", "Give at least one card"),
    ]);
  });

  it("accepts 500 cards", () => {
    const cards = Array.from({ length: 500 }, (_, i) => card(`Card ${i}`));
    const result = parseInput(createBatchInput, { owner: "shopify|1", publicKey: walletKey(), cards });
    expect(result.cards).toHaveLength(500);
    expect(result.cards[499]!.name).toBe("Card 499");
  });

  it("rejects 501 cards", () => {
    const cards = Array.from({ length: 501 }, (_, i) => card(`Card ${i}`));
    expect(rejection(createBatchInput, { owner: "shopify|1", publicKey: walletKey(), cards })).toEqual([
      detail("cards", "At most 500 cards per batch"),
    ]);
  });

  it("reports nested problems with their full paths", () => {
    const cards = [
      card("A"),
      {
        ...card("B"),
        metadata: [
          { key: "sku", value: "1" },
          { key: "sku", value: "2" },
        ],
      },
      { ...card("C"), media: { imageUrls: ["not a url"], videoUrls: [] } },
      { ...card(" "), metadata: [{ key: "price", value: [-5, "EUR"], metaType: "PRICE" }] },
    ];
    const details = rejection(createBatchInput, { redemption: { email: "a@example.com" }, cards });
    expect(details.toSorted((a, b) => a.path.localeCompare(b.path))).toEqual([
      detail("cards[1].metadata[1].key", 'Duplicate key "sku"'),
      detail("cards[2].media.imageUrls[0]", "absolute https://"),
      detail("cards[3].metadata[0].value", "A PRICE value must be"),
      detail("cards[3].name", "Must not be empty"),
    ]);
  });
});

describe("redeemInput", () => {
  it("accepts code, owner and publicKey unchanged", () => {
    const input = { code: "7kq2-m9xd-r4tb", owner: "shopify|7364129087", publicKey: walletKey() };
    expect(parseInput(redeemInput, input)).toEqual(input);
  });

  it.each([
    ["an empty code", { code: "" }, [detail("code", "Required")]],
    ["an 81-character code", { code: "x".repeat(81) }, [detail("code", "at most 80")]],
    ["a bad owner", { owner: "shopify|" }, [detail("owner", "<provider>|<id>")]],
    ["an off-curve publicKey", { publicKey: offCurveKey() }, [detail("publicKey", "on the ed25519 curve")]],
    ["an unknown field", { email: "a@example.com" }, [{ path: "email", message: "Unknown field" }]],
  ])("rejects %s", (_label, fields, expected) => {
    const base = { code: "7KQ2-M9XD-R4TB", owner: "shopify|1", publicKey: walletKey() };
    expect(rejection(redeemInput, { ...base, ...fields })).toEqual(expected);
  });

  it("requires the code and the owner; the key may be left out (the shop then holds the cards)", () => {
    expect(rejection(redeemInput, {})).toEqual([
      { path: "code", message: "Required" },
      { path: "owner", message: "Required" },
    ]);
  });
});

describe("listCardsQuery", () => {
  it("defaults limit to 50", () => {
    expect(parseInput(listCardsQuery, {})).toEqual({ limit: 50 });
  });

  it.each([
    ["1", 1],
    ["100", 100],
    ["25", 25],
    [" 7 ", 7],
  ])("coerces limit %j to %i", (limit, expected) => {
    expect(parseInput(listCardsQuery, { limit })).toEqual({ limit: expected });
  });

  it("keeps owner, status and cursor", () => {
    expect(parseInput(listCardsQuery, { owner: "shopify|1", status: "OWNED", cursor: "01JABCDEF", limit: "10" })).toEqual({
      owner: "shopify|1",
      status: "OWNED",
      cursor: "01JABCDEF",
      limit: 10,
    });
    expect(parseInput(listCardsQuery, { status: "PENDING_REDEMPTION" }).status).toBe("PENDING_REDEMPTION");
  });

  it.each([
    ["limit 0", { limit: "0" }, detail("limit", "Must be at least 1")],
    ["limit 101", { limit: "101" }, detail("limit", "Must be at most 100")],
    ["a fractional limit", { limit: "1.5" }, detail("limit", "whole number")],
    ["a non-numeric limit", { limit: "ten" }, detail("limit", "Expected number")],
    ["an unknown status", { status: "REDEEMED" }, detail("status", "PENDING_REDEMPTION")],
    ["a lower-case status", { status: "owned" }, detail("status", "OWNED")],
    ["a bad owner", { owner: "nobody" }, detail("owner", "<provider>|<id>")],
    ["a 65-character cursor", { cursor: "c".repeat(65) }, detail("cursor", "64")],
    ["an unknown query parameter", { page: "2" }, { path: "page", message: "Unknown field" }],
  ])("rejects %s", (_label, query, expected) => {
    expect(rejection(listCardsQuery, query)).toEqual([expected]);
  });
});
