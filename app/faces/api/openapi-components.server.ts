import { isDeepStrictEqual } from "node:util";
import { z } from "zod";

type Schema = Record<string, unknown>;

const COMPONENT_REF = /^#\/components\/schemas\/(.+)$/;

/** Every registered zod schema as JSON Schema, as a client sends it (`input`) or receives it (`output`). */
function registrySchemas(io: "input" | "output"): Record<string, Schema> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    io,
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
    // zod drops the examples of a schema that transforms (a phone number normalised, a PRICE
    // currency upper-cased) from its input side; ours are written as a client sends them.
    override: ({ zodSchema, jsonSchema }) => {
      const examples = z.globalRegistry.get(zodSchema)?.examples;
      if (io === "input" && Array.isArray(examples) && jsonSchema.examples === undefined) jsonSchema.examples = examples;
    },
  });
  // Components are plain schemas: drop the standalone-document keys zod adds.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...schema }]) => [id, schema]));
}

/** The component names `node` refers to, directly. */
function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => {
    if (key !== "$ref" || typeof value !== "string") return refsIn(value);
    const id = COMPONENT_REF.exec(value)?.[1];
    return id ? [id] : [];
  });
}

/** The components `roots` refer to, and those they refer to in turn, among `schemas`. */
function reachable(roots: unknown, schemas: Record<string, Schema>): Set<string> {
  const found = new Set<string>();
  const queue = refsIn(roots);
  while (queue.length) {
    const id = queue.pop()!;
    if (found.has(id) || !schemas[id]) continue;
    found.add(id);
    queue.push(...refsIn(schemas[id]));
  }
  return found;
}

// Keywords whose values are data, not schemas: a "default" inside them is not the keyword.
const DATA_KEYWORDS = new Set(["enum", "const", "examples", "example", "required", "dependentRequired"]);
// Keywords whose values map names to schemas: their keys are names, not keywords.
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/**
 * A request schema with every `default` stated in its description instead. Generators such as
 * openapi-typescript read a shared component's `default` as "always present" (true of responses,
 * where the server fills defaults in) and would make those fields required in a request type,
 * although the server fills them in when they are left out.
 */
function defaultsInWords(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(defaultsInWords);
  if (node === null || typeof node !== "object") return node;
  const { default: value, ...rest } = node as Schema;
  const out: Schema = Object.fromEntries(
    Object.entries(rest).map(([key, child]) => [
      key,
      DATA_KEYWORDS.has(key)
        ? child
        : SCHEMA_MAPS.has(key) && child && typeof child === "object"
          ? Object.fromEntries(Object.entries(child).map(([name, schema]) => [name, defaultsInWords(schema)]))
          : defaultsInWords(child),
    ]),
  );
  if (value === undefined) return out;
  const said = typeof out.description === "string" ? out.description.replace(/\.?$/, ". ") : "";
  return { ...out, description: `${said}Default when left out: ${JSON.stringify(value)}` };
}

/**
 * The component schemas the paths use: those request bodies lead to as the client sends them
 * (zod's input side: a field with a default is optional), those responses lead to as the server
 * answers them (the output side). A component on both sides must read the same either way.
 */
export function componentSchemas(paths: Record<string, Record<string, { requestBody?: unknown; responses?: unknown }>>) {
  const operations = Object.values(paths).flatMap((item) => Object.values(item));
  const input = registrySchemas("input");
  const output = registrySchemas("output");
  const requestIds = reachable(
    operations.map((operation) => operation.requestBody),
    input,
  );
  const responseIds = reachable(
    operations.map((operation) => operation.responses),
    output,
  );
  for (const id of requestIds) {
    if (responseIds.has(id) && !isDeepStrictEqual(input[id], output[id])) {
      throw new Error(`OpenAPI: ${id} is used in requests and responses but differs between them; give each side its own schema`);
    }
  }
  return {
    ...Object.fromEntries([...requestIds].map((id) => [id, defaultsInWords(input[id])])),
    ...Object.fromEntries([...responseIds].map((id) => [id, output[id]])),
  } as Record<string, Schema>;
}
