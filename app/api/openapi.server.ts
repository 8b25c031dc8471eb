import { z } from "zod";
import {
  createBatchInput,
  createCardInput,
  digitalTwin,
  issueTwinInput,
  listCardsQuery,
  nameRecord,
  nameValidation,
  redeemInput,
  registerNameInput,
  unitCard,
  validateNameQuery,
} from "~/domain/schemas";
import { STATUS_OF } from "./errors";

// Every schema with a `.meta({ id })` is a component; these are the ones the paths use.
const ref = (schema: z.ZodType) => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("OpenAPI: schema has no id");
  return { $ref: `#/components/schemas/${id}` };
};

const errorSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "details"],
      properties: {
        code: { type: "string", enum: Object.keys(STATUS_OF) },
        message: { type: "string" },
        details: {
          type: "array",
          items: {
            type: "object",
            required: ["path", "message"],
            properties: { path: { type: "string", description: "e.g. cards[2].media.imageUrls[0]" }, message: { type: "string" } },
          },
        },
      },
    },
  },
};

const dataOf = (schema: object, extra: Record<string, object> = {}) => ({
  type: "object",
  required: ["data", ...Object.keys(extra)],
  properties: { data: schema, ...extra },
});

const json = (schema: object) => ({ content: { "application/json": { schema } } });

function operation(args: {
  summary: string;
  success: number;
  response: object;
  body?: z.ZodType;
  query?: z.ZodObject;
  errors: number[];
  idempotent?: boolean;
}) {
  const parameters = [
    ...Object.entries(args.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }),
    })),
    ...(args.idempotent
      ? [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 },
          description: "Same key and body within 24 h returns the stored response; another body is 409" }]
      : []),
  ];
  const errors = [401, 429, 500, ...args.errors].sort();
  return {
    summary: args.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(args.body ? { requestBody: { required: true, ...json(ref(args.body)) } } : {}),
    responses: {
      [args.success]: { description: "Success", ...json(args.response) },
      ...Object.fromEntries(errors.map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
    },
  };
}

const POST_ERRORS = [400, 413, 422];

// Wallets and explorers fetch it from an NFT's on-chain `uri`, with no key.
const nftMetadataOperation = {
  summary: "An NFT's public metadata JSON (its on-chain uri, a twin's or card's chain.metadataUrl); CORS open to every origin",
  security: [],
  parameters: [{ name: "file", in: "path", required: true, description: "<nft id>.json", schema: { type: "string", pattern: "^nft_[0-9A-HJKMNP-TV-Z]{26}\\.json$" } }],
  responses: {
    200: { description: "name, symbol, description, image, attributes, properties, twin_cards", ...json({ type: "object", additionalProperties: true }) },
    404: { $ref: "#/components/responses/Error404" },
  },
};

/** The OpenAPI 3.1 document for /v1, built from the same zod schemas the API validates with. */
export function openApiDocument(serverUrl: string) {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  // Components are plain schemas: drop the standalone-document keys zod adds.
  const components = Object.fromEntries(
    Object.entries(schemas).map(([id, { $id: _id, $schema: _schema, ...schema }]) => [id, schema]),
  );
  const statuses = [...new Set(Object.values(STATUS_OF))];
  return {
    openapi: "3.1.0",
    info: {
      title: "Twin Cards issuing API",
      version: "1.0.0",
      description: "Unit cards (by redemption or by owner), redeem, universal names and digital twins. Every request but an NFT's public metadata needs `Authorization: Bearer <api key>`; every response carries `X-Request-Id`.",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths: {
      "/v1/unit-cards": {
        post: operation({ summary: "Create a unit card by redemption or by owner", success: 201, body: createCardInput, response: dataOf(ref(unitCard)), errors: [...POST_ERRORS, 409], idempotent: true }),
        get: operation({ summary: "List unit cards, newest first", success: 200, query: listCardsQuery, response: dataOf({ type: "array", items: ref(unitCard) }, { nextCursor: { type: ["string", "null"] } }), errors: [422] }),
      },
      "/v1/unit-cards/{id}": {
        get: { ...operation({ summary: "Get a unit card", success: 200, response: dataOf(ref(unitCard)), errors: [404] }),
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] },
      },
      "/v1/unit-cards/_actions/batch": {
        post: operation({ summary: "Create up to 500 cards sharing one redemption code or one owner, all or nothing", success: 201, body: createBatchInput, response: dataOf({ type: "array", items: ref(unitCard) }), errors: [...POST_ERRORS, 409], idempotent: true }),
      },
      "/v1/unit-cards/_actions/redeem": {
        post: operation({ summary: "Claim every card of a redemption code", success: 200, body: redeemInput, response: dataOf({ type: "array", items: ref(unitCard) }), errors: [...POST_ERRORS, 404, 409, 410], idempotent: true }),
      },
      "/v1/validate-name": {
        get: operation({ summary: "Step 1 of issuing a twin: validate a universal name", success: 200, query: validateNameQuery, response: dataOf(ref(nameValidation)), errors: [422] }),
      },
      "/v1/names": {
        post: operation({ summary: "Register a universal name for a wallet key", success: 201, body: registerNameInput, response: dataOf(ref(nameRecord)), errors: [...POST_ERRORS, 409], idempotent: true }),
      },
      "/v1/issue-digital-twin": {
        post: operation({ summary: "Step 2: issue a digital twin to a validated name", success: 201, body: issueTwinInput, response: dataOf(ref(digitalTwin)), errors: POST_ERRORS, idempotent: true }),
      },
      "/v1/digital-twins/{id}": {
        get: { ...operation({ summary: "Get a digital twin (e.g. to follow its NFT's chain status)", success: 200, response: dataOf(ref(digitalTwin)), errors: [404] }),
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }] },
      },
      "/v1/metadata/{file}": { get: nftMetadataOperation },
    },
    components: {
      schemas: { ...components, Error: errorSchema },
      responses: Object.fromEntries(statuses.map((status) => [
        `Error${status}`,
        { description: Object.entries(STATUS_OF).filter(([, s]) => s === status).map(([code]) => code).join(", "), ...json({ $ref: "#/components/schemas/Error" }) },
      ])),
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A per-shop API key (tc_...)" } },
    },
  };
}
