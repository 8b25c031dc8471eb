import { PublicKey } from "@solana/web3.js";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { internationalPhone } from "~/domain/schemas/common";
import { http } from "./api";

/** A JSON Schema or any other object of the OpenAPI document. */
export type Node = Record<string, unknown>;

export interface OpenApiDocument extends Node {
  paths: Record<string, Record<string, Node>>;
  components: Record<string, Record<string, Node>>;
}

export interface Parameter {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  /** JSON pointer (in the document) of the parameter's schema. */
  schema: string;
}

export interface ResponseSpec {
  /** JSON pointer of the body schema, when the response has a JSON body. */
  schema?: string;
  headers: { name: string; required: boolean }[];
}

export interface Operation {
  /** operationId, or `METHOD path` when the document gives none. */
  id: string;
  method: "get" | "post" | "delete";
  path: string;
  parameters: Parameter[];
  /** JSON pointer of the request body schema. */
  body?: string;
  responses: Record<string, ResponseSpec>;
  /** Whether the operation needs the API key (an empty `security` list says it does not). */
  secured: boolean;
}

const escape = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");

/** The node a local JSON pointer (`#/a/b`) points at. */
export function resolvePointer(document: unknown, pointer: string): Node {
  let node: unknown = document;
  for (const raw of pointer.replace(/^#\/?/, "").split("/").filter(Boolean)) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) throw new Error(`Unresolvable pointer ${pointer}`);
    node = (node as Node)[part];
  }
  return node as Node;
}

/** Follows `$ref`s to the node and the pointer it really lives at. */
function deref(document: unknown, pointer: string): { node: Node; pointer: string } {
  const node = resolvePointer(document, pointer);
  return typeof node.$ref === "string" ? deref(document, node.$ref) : { node, pointer };
}

export async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await http("/v1/openapi.json");
  if (response.status !== 200) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

/** Every operation of the document, with pointers to its schemas. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (["get", "post", "delete"] as const)
      .filter((method) => item[method])
      .map((method) => {
        const at = `#/paths/${escape(path)}/${method}`;
        const operation = item[method]!;
        const parameters = ((operation.parameters ?? []) as unknown[]).map((_, index) => {
          const { node, pointer } = deref(document, `${at}/parameters/${index}`);
          return {
            name: node.name as string,
            in: node.in as Parameter["in"],
            required: node.required === true,
            schema: `${pointer}/schema`,
          };
        });
        const body = operation.requestBody ? `${deref(document, `${at}/requestBody`).pointer}/content/application~1json/schema` : undefined;
        const responses = Object.fromEntries(
          Object.keys(operation.responses as Node).map((status) => {
            const { node, pointer } = deref(document, `${at}/responses/${status}`);
            const content = (node.content as Node | undefined)?.["application/json"];
            const headers = Object.keys((node.headers ?? {}) as Node).map((name) => ({
              name,
              required: deref(document, `${pointer}/headers/${escape(name)}`).node.required === true,
            }));
            return [status, { schema: content ? `${pointer}/content/application~1json/schema` : undefined, headers }];
          }),
        );
        const secured = !(Array.isArray(operation.security) && operation.security.length === 0);
        return {
          id: (operation.operationId as string | undefined) ?? `${method.toUpperCase()} ${path}`,
          method,
          path,
          parameters,
          body,
          responses,
          secured,
        };
      }),
  );
}

const DOCUMENT_ID = "openapi.json";

/**
 * What the custom formats the document names mean. The document describes
 * these rules in words (no JSON Schema keyword can say "on the ed25519 curve");
 * this is the test's reading of those words.
 */
const FORMATS: Record<string, (value: string) => boolean> = {
  "solana-public-key": (value) => solanaKey(value) !== undefined,
  "solana-wallet-key": (value) => {
    const key = solanaKey(value);
    return key !== undefined && PublicKey.isOnCurve(key.toBytes());
  },
  "international-phone": (value) => internationalPhone(value) !== undefined,
};

function solanaKey(value: string): PublicKey | undefined {
  try {
    const key = new PublicKey(value);
    return key.toBase58() === value && !key.equals(PublicKey.default) ? key : undefined;
  } catch {
    return undefined;
  }
}

/** A number's decimal text as digits and a power of ten: 12.5 → 125 × 10^-1. */
function decimal(value: number): { digits: bigint; scale: number } {
  const [mantissa, exponent = "0"] = String(value).toLowerCase().split("e");
  const [whole, fraction = ""] = mantissa!.split(".");
  return { digits: BigInt(whole! + fraction), scale: fraction.length - Number(exponent) };
}

/**
 * multipleOf on the number as JSON writes it, exactly: ajv divides floats, and calls
 * 468579540727.66003 a multiple of 0.01 because the quotient rounds to a whole number.
 */
function exactMultipleOf(divisor: number, value: number): boolean {
  const a = decimal(value);
  const b = decimal(divisor);
  const scale = Math.max(a.scale, b.scale, 0);
  const scaled = (x: { digits: bigint; scale: number }) => x.digits * 10n ** BigInt(scale - x.scale);
  return scaled(a) % scaled(b) === 0n;
}

/** Validates values against any schema of the document (OpenAPI 3.1 = JSON Schema 2020-12). */
export function createValidator(document: OpenApiDocument) {
  // Strict about unknown keywords and formats; not about ajv's own style rules (a `required`
  // inside `anyOf` without `properties` beside it is plain JSON Schema). No multipleOfPrecision:
  // a float that only nearly divides is not a multiple, as JSON Schema says.
  const ajv = new Ajv2020({ strict: true, strictTypes: false, strictRequired: false, allErrors: true });
  addFormats(ajv);
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({ keyword: "multipleOf", type: "number", schemaType: "number", validate: exactMultipleOf });
  for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: "string", validate });
  // The OpenAPI 3.1 dialect's own keywords, and where the document keeps its schemas.
  ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs", "components", "paths", "webhooks"]);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components, paths: document.paths, webhooks: document.webhooks ?? {} });
  const compiled = new Map<string, ValidateFunction>();
  return (pointer: string, value: unknown): ErrorObject[] => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(DOCUMENT_ID + pointer);
      if (!validate) throw new Error(`No schema at ${pointer}`);
      compiled.set(pointer, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  };
}
export type Validator = ReturnType<typeof createValidator>;
