import { describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors";
import { cardInput, parseInput } from "~/domain/schemas";

const detailsOf = (input: unknown) => {
  try {
    parseInput(cardInput, input);
  } catch (error) {
    if (error instanceof DomainError) return error.details;
    throw error;
  }
  throw new Error("expected a validation error");
};

describe("parseInput and unpaired UTF-16 surrogates", () => {
  it("names every string holding one, however deep, before any other rule runs", () => {
    const input = {
      name: "Gold \ud800",
      media: { imageUrls: ["https://cdn.example.com/\udfff.png"] },
      metadata: [{ key: "note", value: { lines: ["ok", "bad \ud83d"] } }],
    };
    expect(detailsOf(input)).toEqual([
      { path: "name", message: "Contains an unpaired UTF-16 surrogate" },
      { path: "media.imageUrls[0]", message: "Contains an unpaired UTF-16 surrogate" },
      { path: "metadata[0].value.lines[1]", message: "Contains an unpaired UTF-16 surrogate" },
    ]);
  });

  it("names every string holding a NUL character, which PostgreSQL's text refuses, on every database alike", () => {
    expect(detailsOf({ name: "Gold\u0000", media: { imageUrls: ["https://cdn.example.com/a\u0000.png"] } })).toEqual([
      { path: "name", message: "Contains a NUL character (U+0000)" },
      { path: "media.imageUrls[0]", message: "Contains a NUL character (U+0000)" },
    ]);
  });

  it("names the object whose field name holds one", () => {
    expect(detailsOf({ name: "Gold", media: { ["x\ud800"]: [] } })).toEqual([
      { path: "media", message: "A field name contains an unpaired UTF-16 surrogate" },
    ]);
  });

  it("accepts proper surrogate pairs (emoji)", () => {
    expect(parseInput(cardInput, { name: "Gold 🏆", media: {} }).name).toBe("Gold 🏆");
  });
});
