import { describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors";
import * as schemas from "~/domain/schemas";
import { createWebhookEndpointInput, EVENT_TYPES, listCardsQuery, parseInput } from "~/domain/schemas";
import { z } from "~/domain/schemas/zod";

const detailsOf = (schema: z.ZodType, input: unknown) => {
  try {
    parseInput(schema, input);
  } catch (error) {
    if (error instanceof DomainError) return error.details;
    throw error;
  }
  throw new Error("expected a validation error");
};

const messageOf = (schema: z.ZodType, input: unknown) => detailsOf(z.object({ field: schema }), { field: input })[0]!.message;

// What zod says in English when a schema gives no message of its own.
const ZOD_WORDING = /^(Invalid input|Invalid option|Too (big|small)|Invalid (string|number|element|key)|Unrecognized key)/;

describe("validation messages where a schema names none", () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ["a number over its maximum", z.number().max(100), 1000, "Must be at most 100"],
    ["a number under its minimum", z.number().min(1), 0, "Must be at least 1"],
    ["a number not below an exclusive bound", z.number().lt(5), 5, "Must be less than 5"],
    ["a fraction where a whole number belongs", z.number().int(), 1.5, "Must be a whole number"],
    ["a string too long", z.string().max(3), "abcd", "Must be at most 3 characters"],
    ["an empty string", z.string().min(1), "", "Must not be empty"],
    ["a list too long", z.array(z.string()).max(2), ["a", "b", "c"], "Must have at most 2 items"],
    ["a list too short", z.array(z.string()).min(1), [], "Must have at least 1 item"],
    ["a value outside an enum", z.enum(["gold", "silver"]), "bronze", 'Must be one of: "gold", "silver"'],
    ["a value outside a union of enum and literal", z.union([z.enum(["a", "b"]), z.literal("*")]), "c", 'Must be one of: "a", "b", "*"'],
    ["a union of other shapes", z.union([z.string(), z.number()]), true, "Does not match any of the allowed forms"],
    ["a malformed e-mail address", z.email(), "jane", "Must be an e-mail address"],
    ["a string outside its pattern", z.string().regex(/^x/), "y", "Is not in the expected format"],
    ["a number not a multiple", z.number().multipleOf(5), 7, "Must be a multiple of 5"],
    ["a missing value", z.string(), undefined, "Required"],
    ["a value of the wrong type", z.string(), 5, "Expected string, received number"],
  ])("%s: %s", (_label, schema, input, message) => {
    expect(messageOf(schema, input)).toBe(message);
  });

  it("lists every allowed event type for an unknown one, at its index", () => {
    expect(
      detailsOf(createWebhookEndpointInput, { url: "https://hooks.example.com/in", eventTypes: ["unit_card.created", "card.nope"] }),
    ).toEqual([
      { path: "eventTypes[1]", message: `Must be one of: ${[...EVENT_TYPES, "*"].map((type) => JSON.stringify(type)).join(", ")}` },
    ]);
  });

  it("names the bound of a page size", () => {
    expect(detailsOf(listCardsQuery, { limit: "1000" })).toEqual([{ path: "limit", message: "Must be at most 100" }]);
  });

  // Junk of every shape against every input schema the app exports: not one message in zod's own words.
  it("never shows zod's own wording for any exported schema", () => {
    const junk = (depth: number): unknown[] => {
      const leaves = [undefined, null, "", "x".repeat(5000), -1, 1.5, 1e12, true, [], {}];
      return depth === 0 ? leaves : [...leaves, Object.fromEntries(SAMPLE_KEYS.map((key, i) => [key, junk(depth - 1)[i % leaves.length]]))];
    };
    const exported = Object.entries(schemas as Record<string, unknown>).filter(
      (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
    );
    expect(exported.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const [name, schema] of exported) {
      for (const input of [...junk(1), [junk(1)[10]], Array(600).fill("")]) {
        const result = schema.safeParse(input);
        if (result.success) continue;
        for (const issue of result.error.issues) seen.push(`${name}: ${issue.message}`);
      }
    }
    expect(seen.length).toBeGreaterThan(100);
    expect(seen.filter((line) => ZOD_WORDING.test(line.split(": ").slice(1).join(": ")))).toEqual([]);
  });
});

// Field names the app's schemas use, so the junk reaches their inner rules.
const SAMPLE_KEYS = [
  "name",
  "owner",
  "publicKey",
  "code",
  "email",
  "phone",
  "limit",
  "status",
  "cursor",
  "url",
  "eventTypes",
  "cards",
  "media",
  "metadata",
  "quantity",
  "title",
];
