import { PublicKey } from "@solana/web3.js";
import { resolvePointer, type Node, type OpenApiDocument } from "./openapi-document";

/** A valid value changed to break one rule of its schema. */
export interface Mutation {
  /** Which rule, e.g. `maxLength` or `required`. */
  rule: string;
  /** The field it is about, written as the API writes error paths: `cards[0].media.imageUrls[1]`. */
  path: string;
  /**
   * A rule between fields (`oneOf`, `anyOf`, `dependentRequired`): the server may
   * name a sibling of `path` (e.g. dropping `email` of `{email}` is "phone: give phone and/or email").
   */
  crossField: boolean;
  value: unknown;
}

type Segment = string | number;

const formatPath = (path: Segment[]) =>
  path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");

function setAt(root: unknown, path: Segment[], replace: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replace(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((item, index) => (index === head ? setAt(item, rest, replace) : item));
  const object = root as Node;
  return { ...object, [head!]: setAt(object[head!], rest, replace) };
}

const DROP = Symbol("drop");
function without(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== DROP).map(without);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== DROP)
        .map(([key, item]) => [key, without(item)]),
    );
  }
  return value;
}

const typeOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;

const WRONG_TYPES: unknown[] = [12345, "text", true, null, ["text"], { text: "text" }];

/** Strings that break most patterns: empty, blank, punctuation, a control character, non-ASCII. */
const PATTERN_BREAKERS = ["", "   ", "!!", "\u0001", "not valid at all", "é", "0", "/"];

// A program-derived address: a real public key, but no wallet can sign for it.
const OFF_CURVE_KEY = PublicKey.findProgramAddressSync(
  [Buffer.from("conformance")],
  new PublicKey("11111111111111111111111111111112"),
)[0].toBase58();
const FORMAT_BREAKERS: Record<string, string> = {
  "solana-public-key": "2".repeat(44),
  "solana-wallet-key": OFF_CURVE_KEY,
  "international-phone": "+1 000",
  "date-time": "2027-13-45T25:61:61Z",
  email: "not an e-mail",
  uri: "not a uri",
};

/**
 * Every single-rule violation this walker can make of `value` (valid for
 * `schema`), one per rule and field. Callers keep those the document rejects.
 */
export function mutationsOf(document: OpenApiDocument, schema: Node, value: unknown): Mutation[] {
  const out: Mutation[] = [];
  const add = (rule: string, path: Segment[], replace: (old: unknown) => unknown, crossField = false) =>
    out.push({ rule, path: formatPath(path), crossField, value: without(setAt(value, path, replace)) });

  const walk = (raw: Node, current: unknown, path: Segment[]) => {
    const node = typeof raw.$ref === "string" ? resolvePointer(document, raw.$ref) : raw;
    const types = ([] as unknown[]).concat(node.type ?? []) as string[];
    if (path.length > 0) {
      for (const wrong of WRONG_TYPES) {
        const type = typeOf(wrong);
        if (!types.length || (!types.includes(type) && !(type === "integer" && types.includes("number")))) {
          add(`type (${type})`, path, () => wrong);
        }
      }
    }
    if (Array.isArray(node.enum)) add("enum", path, () => "NOT_ONE_OF_THE_VALUES");

    if (typeof current === "string") {
      if (typeof node.maxLength === "number")
        add("maxLength", path, (old) => (old as string) + "x".repeat((node.maxLength as number) + 1 - (old as string).length));
      if (typeof node.minLength === "number" && node.minLength > 0)
        add("minLength", path, (old) => (old as string).slice(0, (node.minLength as number) - 1));
      if (typeof node.pattern === "string") {
        const pattern = new RegExp(node.pattern, "u");
        for (const breaker of PATTERN_BREAKERS.filter((candidate) => !pattern.test(candidate)).slice(0, 3))
          add("pattern", path, () => breaker);
      }
      const breaker = typeof node.format === "string" ? FORMAT_BREAKERS[node.format] : undefined;
      if (breaker !== undefined) add(`format (${node.format})`, path, () => breaker);
    }

    if (typeof current === "number") {
      if (typeof node.maximum === "number") add("maximum", path, () => (node.maximum as number) + 1);
      if (typeof node.minimum === "number") add("minimum", path, () => (node.minimum as number) - 1);
      if (types.includes("integer")) add("type (fraction)", path, (old) => (old as number) + 0.5);
    }

    if (Array.isArray(current)) {
      if (typeof node.maxItems === "number" && current.length > 0) {
        add("maxItems", path, (old) => [
          ...(old as unknown[]),
          ...Array.from({ length: (node.maxItems as number) + 1 - (old as unknown[]).length }, () => current[0]),
        ]);
      }
      if (typeof node.minItems === "number" && node.minItems > 0) add("minItems", path, () => []);
      const prefix = (node.prefixItems ?? []) as Node[];
      current.slice(0, 2).forEach((item, index) => {
        const itemSchema = prefix[index] ?? node.items;
        if (itemSchema && typeof itemSchema === "object") walk(itemSchema as Node, item, [...path, index]);
      });
    }

    if (current && typeof current === "object" && !Array.isArray(current) && node.properties) {
      const required = new Set((node.required ?? []) as string[]);
      if (node.additionalProperties === false) add("additionalProperties", [...path, "unexpectedField"], () => "surprise");
      // A field the value lacks, set to the document's example: breaks a rule between fields, if any.
      for (const [name, property] of Object.entries(node.properties as Record<string, Node>)) {
        const target = typeof property.$ref === "string" ? resolvePointer(document, property.$ref) : property;
        const example = (target.examples as unknown[] | undefined)?.[0];
        if (!(name in current) && example !== undefined) add("added (a rule between fields)", [...path, name], () => example, true);
      }
      for (const [name, item] of Object.entries(current)) {
        add(required.has(name) ? "required" : "dropped (a rule between fields)", [...path, name], () => DROP, !required.has(name));
        const propertySchema = (node.properties as Node)[name];
        if (propertySchema && typeof propertySchema === "object") walk(propertySchema as Node, item, [...path, name]);
      }
    }
  };
  walk(schema, value, []);
  return out;
}
