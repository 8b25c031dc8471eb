import { describe, expect, it } from "vitest";
import { apiKeyInput, issueTwinInput, parseInput, registerNameInput, shopDomain, universalName, validateNameQuery } from "~/domain/schemas";
import { offCurveKey, walletKey } from "../support/fixtures";
import { detail, rejection } from "../support/validation";

describe("universalName", () => {
  it.each([
    ["jane.doe", "jane.doe"],
    ["  Jane.Doe  ", "jane.doe"],
    ["ABC", "abc"],
    ["a_b-c.9", "a_b-c.9"],
    ["...", "..."],
    ["x".repeat(32), "x".repeat(32)],
    [` ${"X".repeat(32)}\t`, "x".repeat(32)],
  ])("accepts %j as %s", (input, expected) => {
    expect(parseInput(universalName, input)).toBe(expected);
  });

  const message = "Must be 3-32 characters of a-z, 0-9, '.', '_' or '-'";
  it.each([
    ["2 characters", "ab"],
    ["2 characters after trimming", "  ab  "],
    ["33 characters", "x".repeat(33)],
    ["a space inside", "jane doe"],
    ["an @", "jane@doe"],
    ["a slash", "jane/doe"],
    ["a plus", "jane+doe"],
    ["an accented letter", "josé"],
    ["an emoji", "jane😀"],
    ["empty", ""],
  ])("rejects %s (%j)", (_label, input) => {
    expect(rejection(universalName, input)).toEqual([{ path: "", message }]);
  });

  it("is what validate-name queries use", () => {
    expect(parseInput(validateNameQuery, { name: " Jane.Doe " })).toEqual({ name: "jane.doe" });
    expect(rejection(validateNameQuery, { name: "jane.doe", extra: "1" })).toEqual([{ path: "extra", message: "Unknown field" }]);
  });
});

describe("registerNameInput", () => {
  it("normalises the name and keeps key and owner", () => {
    const publicKey = walletKey();
    expect(parseInput(registerNameInput, { name: "Jane.Doe", publicKey, owner: "shopify|42" })).toEqual({
      name: "jane.doe",
      publicKey,
      owner: "shopify|42",
    });
  });

  it("owner is optional", () => {
    const publicKey = walletKey();
    expect(parseInput(registerNameInput, { name: "jane", publicKey })).toEqual({ name: "jane", publicKey });
  });

  it.each([
    ["a bad name", { name: "j" }, [detail("name", "3-32 characters")]],
    ["an off-curve key", { publicKey: offCurveKey() }, [detail("publicKey", "on the ed25519 curve")]],
    ["the all-zero key", { publicKey: "11111111111111111111111111111111" }, [detail("publicKey", "all-zero")]],
    ["a bad owner", { owner: "shopify|a b" }, [detail("owner", "<provider>|<id>")]],
    ["an unknown field", { public_key: "x" }, [{ path: "public_key", message: "Unknown field" }]],
  ])("rejects %s", (_label, fields, expected) => {
    expect(rejection(registerNameInput, { name: "jane", publicKey: walletKey(), ...fields })).toEqual(expected);
  });

  it("requires name and publicKey", () => {
    expect(rejection(registerNameInput, {})).toEqual([
      { path: "name", message: "Required" },
      { path: "publicKey", message: "Required" },
    ]);
  });
});

describe("issueTwinInput", () => {
  const base = () => ({ public_key: walletKey(), name_id: "01JNAME0000000000000000000", title: "Gold watch", quantity: 1 });

  it('fills optional text with "" and lists with []', () => {
    const input = base();
    expect(parseInput(issueTwinInput, input)).toEqual({
      ...input,
      creator: "",
      description: "",
      brand: "",
      categories: [],
      links: [],
      images: [],
    });
  });

  it("keeps every field of a full input and upper-cases the currency", () => {
    const input = {
      ...base(),
      creator: "Acme",
      description: "A watch",
      quantity: 250,
      price: 19.99,
      currency: "usd",
      brand: "",
      categories: ["watches", "gold"],
      links: ["https://acme.example.com/watch"],
      images: ["https://cdn.example.com/watch.png"],
    };
    expect(parseInput(issueTwinInput, input)).toEqual({ ...input, currency: "USD" });
  });

  it.each([
    [19.99, "USD"],
    [19.9, "USD"],
    [20, "USD"],
    [0, "USD"],
    [0.01, "EUR"],
    [1500, "JPY"],
    [0, "JPY"],
    [1.234, "KWD"],
    [1_000_000_000_000, "USD"],
  ])("accepts price %d %s", (price, currency) => {
    const result = parseInput(issueTwinInput, { ...base(), price, currency });
    expect(result.price).toBe(price);
    expect(result.currency).toBe(currency);
  });

  it.each([
    [19.999, "USD", "USD allows at most 2 decimal places"],
    [0.001, "EUR", "EUR allows at most 2 decimal places"],
    [15.5, "JPY", "JPY allows at most 0 decimal places"],
    [0.1, "jpy", "JPY allows at most 0 decimal places"],
    [1.2345, "KWD", "KWD allows at most 3 decimal places"],
  ])("rejects price %d %s", (price, currency, message) => {
    expect(rejection(issueTwinInput, { ...base(), price, currency })).toEqual([{ path: "price", message }]);
  });

  it("rejects a price without a currency, naming currency", () => {
    expect(rejection(issueTwinInput, { ...base(), price: 10 })).toEqual([{ path: "currency", message: "Required when price is given" }]);
  });

  it("rejects a currency without a price, naming price", () => {
    expect(rejection(issueTwinInput, { ...base(), currency: "EUR" })).toEqual([
      { path: "price", message: "Required when currency is given" },
    ]);
  });

  it.each([
    ["a negative price", { price: -0.01, currency: "USD" }, [detail("price", "Must be at least 0")]],
    ["a price as a string", { price: "19.99", currency: "USD" }, [detail("price", "Expected number, received string")]],
    ["a price over the maximum", { price: 1_000_000_000_001, currency: "USD" }, [detail("price", "Must be at most 1000000000000")]],
    ["an unknown currency", { price: 1, currency: "XYZ" }, [detail("currency", "ISO 4217")]],
    // Intl throws on a malformed code: the decimals check must not run on it.
    ["a two-letter currency with a price", { price: 1, currency: "US" }, [detail("currency", "ISO 4217")]],
    ["quantity 0", { quantity: 0 }, [detail("quantity", "Must be at least 1")]],
    ["a negative quantity", { quantity: -3 }, [detail("quantity", "Must be at least 1")]],
    ["a fractional quantity", { quantity: 1.5 }, [detail("quantity", "Must be a whole number")]],
    ["a quantity as a string", { quantity: "3" }, [detail("quantity", "Expected number, received string")]],
    ["a quantity over 1,000,000", { quantity: 1_000_001 }, [detail("quantity", "Must be at most 1000000")]],
    ["a blank title", { title: "   " }, [detail("title", "Must not be empty")]],
    ["a 256-character title", { title: "t".repeat(256) }, [detail("title", "at most 255")]],
    ["an empty name_id", { name_id: "" }, [detail("name_id", "Required")]],
    ["a bad public_key", { public_key: "nope" }, [detail("public_key", "Not a valid Solana public key")]],
    ["a relative link", { links: ["/about"] }, [detail("links[0]", "absolute https://")]],
    [
      "a javascript: image",
      { images: ["https://ok.example.com/a.png", "javascript:alert(1)"] },
      [detail("images[1]", "absolute https://")],
    ],
    ["an empty category", { categories: ["watches", ""] }, [detail("categories[1]", "Must not be empty")]],
    ["a null brand", { brand: null }, [detail("brand", "Expected string, received null")]],
    ["an unknown field", { uns_name: "jane" }, [{ path: "uns_name", message: "Unknown field" }]],
    ["a camelCase field", { publicKey: walletKey() }, [{ path: "publicKey", message: "Unknown field" }]],
  ])("rejects %s", (_label, fields, expected) => {
    expect(rejection(issueTwinInput, { ...base(), ...fields })).toEqual(expected);
  });

  it("accepts an empty brand and quantity 1,000,000", () => {
    const result = parseInput(issueTwinInput, { ...base(), brand: "", quantity: 1_000_000 });
    expect(result.brand).toBe("");
    expect(result.quantity).toBe(1_000_000);
  });

  it("requires public_key, name_id, title and quantity", () => {
    expect(rejection(issueTwinInput, {})).toEqual([
      { path: "public_key", message: "Required" },
      { path: "name_id", message: "Required" },
      { path: "title", message: "Required" },
      { path: "quantity", message: "Required" },
    ]);
  });
});

describe("shopDomain", () => {
  it.each([
    ["my-store.myshopify.com", "my-store.myshopify.com"],
    ["  My-Store.MyShopify.com ", "my-store.myshopify.com"],
    ["shop.example.co.uk", "shop.example.co.uk"],
  ])("accepts %j as %s", (input, expected) => {
    expect(parseInput(shopDomain, input)).toBe(expected);
  });

  it.each([
    ["a bare word", "mystore"],
    ["a URL", "https://my-store.myshopify.com"],
    ["a path", "my-store.myshopify.com/admin"],
    ["a leading hyphen in a label", "-store.myshopify.com"],
    ["a trailing hyphen in a label", "store-.myshopify.com"],
    ["an underscore", "my_store.myshopify.com"],
    ["a numeric top-level domain", "my-store.123"],
    ["an empty label", "my-store..com"],
    ["a 64-character label", `${"a".repeat(64)}.myshopify.com`],
    ["empty", ""],
  ])("rejects %s (%j)", (_label, input) => {
    expect(rejection(shopDomain, input)).toEqual([detail("", "Must be a shop domain")]);
  });
});

describe("apiKeyInput", () => {
  it('defaults the label to "API key"', () => {
    expect(parseInput(apiKeyInput, { shop: "My-Store.myshopify.com" })).toEqual({
      shop: "my-store.myshopify.com",
      label: "API key",
      mode: "live",
    });
  });

  it("trims the label", () => {
    expect(parseInput(apiKeyInput, { shop: "s.myshopify.com", label: "  CI  " })).toEqual({
      shop: "s.myshopify.com",
      label: "CI",
      mode: "live",
    });
  });

  it.each([
    ["a blank label", { shop: "s.myshopify.com", label: "   " }, [detail("label", "Must not be empty")]],
    ["a 101-character label", { shop: "s.myshopify.com", label: "l".repeat(101) }, [detail("label", "at most 100")]],
    ["a bad shop", { shop: "not a shop" }, [detail("shop", "Must be a shop domain")]],
    ["a missing shop", {}, [{ path: "shop", message: "Required" }]],
    ["an unknown field", { shop: "s.myshopify.com", scopes: "all" }, [{ path: "scopes", message: "Unknown field" }]],
  ])("rejects %s", (_label, input, expected) => {
    expect(rejection(apiKeyInput, input)).toEqual(expected);
  });
});
