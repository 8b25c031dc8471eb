import { z } from "zod";
import {
  createBatchInput,
  createCardInput,
  createWebhookEndpointInput,
  digitalTwin,
  event,
  issueTwinInput,
  listCardsQuery,
  listEventsQuery,
  listTwinsQuery,
  nameRecord,
  nameValidation,
  redeemInput,
  voidCardInput,
  registerNameInput,
  unitCard,
  validateNameQuery,
  webhookEndpoint,
} from "~/domain/schemas";
import { STATUS_OF } from "./errors";
import { componentSchemas } from "./openapi-components.server";

// Every schema with a `.meta({ id })` is a component; these are the ones the paths use.
const ref = (schema: z.ZodType) => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("OpenAPI: schema has no id");
  return { $ref: `#/components/schemas/${id}` };
};

const errorSchema = {
  type: "object",
  required: ["error"],
  additionalProperties: false,
  properties: {
    error: {
      type: "object",
      required: ["code", "message", "details"],
      additionalProperties: false,
      properties: {
        code: { type: "string", enum: Object.keys(STATUS_OF) },
        message: { type: "string" },
        details: {
          type: "array",
          items: {
            type: "object",
            required: ["path", "message"],
            additionalProperties: false,
            properties: {
              path: { type: "string", description: "The offending field, e.g. cards[2].media.imageUrls[0]; a parameter's or header's name; empty for the whole input" },
              message: { type: "string" },
            },
          },
        },
      },
    },
  },
};

const codesOf = (status: number) => Object.entries(STATUS_OF).filter(([, s]) => s === status).map(([code]) => code);

const headers = {
  "X-Request-Id": { description: "This request's id (yours, if you sent a valid X-Request-Id)", required: true, schema: { type: "string" } },
  "Retry-After": { description: "Seconds until a retry can succeed", required: true, schema: { type: "integer", minimum: 1 } },
  "WWW-Authenticate": { description: "Bearer realm=\"twin-cards\"", required: true, schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "true when this is the stored response of an earlier request with the same Idempotency-Key (its status, whatever it was)",
    schema: { type: "string", const: "true" },
  },
};
const headerRefs = (...names: (keyof typeof headers)[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

// What each error status means, wherever it is answered; operations say what else theirs mean.
const ERROR_MEANINGS: Record<number, string> = {
  400: "INVALID_JSON: the body is empty, not JSON, not UTF-8, or nested deeper than 32 levels",
  401: "UNAUTHENTICATED: no Authorization: Bearer <api key>, or a key that is not valid or was revoked",
  404: "NOT_FOUND: no such resource in this shop",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT: the Idempotency-Key was used with another request, or requests with it collided (retry); or the operation's own conflict",
  410: "EXPIRED: the redemption code has expired; VOIDED: the shop voided every card of the code (e.g. its order was cancelled)",
  413: "PAYLOAD_TOO_LARGE: the body is larger than 1 MiB",
  422: "VALIDATION_FAILED: details name every offending field; nothing was written",
  429: "RATE_LIMITED: wait Retry-After seconds",
  500: "INTERNAL: no internals are shown; retry later",
  503: "UNAVAILABLE: the database stayed busy past the server's retries; nothing was written; retry after Retry-After seconds",
};

const errorResponse = (status: number) => ({
  description: ERROR_MEANINGS[status] ?? codesOf(status).join(", "),
  headers: headerRefs("X-Request-Id", ...(status === 429 || status === 503 ? ["Retry-After" as const] : []), ...(status === 401 ? ["WWW-Authenticate" as const] : [])),
  ...json({
    allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { error: { properties: { code: { enum: codesOf(status) } } } } }],
  }),
});

const dataOf = (schema: object, extra: Record<string, object> = {}) => ({
  type: "object",
  required: ["data", ...Object.keys(extra)],
  additionalProperties: false,
  properties: { data: schema, ...extra },
});

/** A page of a cursor-paged list: its items and the cursor of the next page. */
const pageOf = (item: object) => dataOf({ type: "array", items: item }, { nextCursor: { type: ["string", "null"], description: "null on the last page" } });

const json = (schema: object) => ({ content: { "application/json": { schema } } });

/** A query parameter's schema: a component of this document, not a standalone JSON Schema document. */
function parameterSchema(schema: z.ZodType) {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

// As HTTP carries a field value: visible ASCII or Latin-1, spaces and tabs only inside. An empty
// value never reaches the handler (the adapter drops empty headers), so it is the same as none.
const FIELD_CHAR = "[!-~\\u0080-\\u00ff]";
const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: "Makes a retry safe: the same key and body within 24 h returns the stored response (with Idempotent-Replayed: true); " +
    "the key with another request is 409. At most 255 characters; an empty value is the same as none",
  schema: { type: "string", maxLength: 255, pattern: `^(?:${FIELD_CHAR}(?:[\\t ]*${FIELD_CHAR})*)?$` },
};

const idParameter = (prefix: string, what: string) => ({
  name: "id",
  in: "path",
  required: true,
  description: `The ${what}'s id as the API returned it; any other (or another shop's) is 404`,
  schema: { type: "string", pattern: `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$` },
});

function operation(args: {
  operationId: string;
  summary: string;
  description?: string;
  success: number;
  response: object;
  body?: z.ZodType;
  query?: z.ZodObject;
  path?: object;
  errors: number[];
}) {
  const isPost = args.body !== undefined;
  const parameters = [
    ...(args.path ? [args.path] : []),
    ...Object.entries(args.query?.shape ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: !(schema as z.ZodType).safeParse(undefined).success,
      schema: parameterSchema(schema as z.ZodType),
    })),
    ...(isPost ? [IDEMPOTENCY_KEY] : []),
  ];
  const strictQuery = args.query ? " Unknown query parameters are 422." : "";
  const errors = [...new Set([401, 429, 500, 503, ...(isPost ? [400, 409, 413, 422] : []), ...(args.query ? [422] : []), ...args.errors])]
    .sort((a, b) => a - b);
  return {
    operationId: args.operationId,
    summary: args.summary,
    ...(args.description || strictQuery ? { description: `${args.description ?? ""}${strictQuery}`.trim() } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(args.body ? { requestBody: { required: true, ...json(ref(args.body)) } } : {}),
    responses: {
      [args.success]: {
        description: "Success",
        headers: headerRefs("X-Request-Id", ...(isPost ? ["Idempotent-Replayed" as const] : [])),
        ...json(args.response),
      },
      ...Object.fromEntries(errors.map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
    },
  };
}

// Wallets and explorers fetch it from an NFT's on-chain `uri`, with no key.
const nftMetadataOperation = {
  operationId: "getNftMetadata",
  summary: "An NFT's public metadata JSON (its on-chain uri, a twin's or card's chain.metadataUrl); CORS open to every origin",
  security: [],
  parameters: [{ name: "file", in: "path", required: true, description: "<nft id>.json; any other is 404", schema: { type: "string", pattern: "^nft_[0-9A-HJKMNP-TV-Z]{26}\\.json$" } }],
  responses: {
    200: {
      description: "name, symbol, description, image, attributes, properties, twin_cards",
      headers: headerRefs("X-Request-Id"),
      ...json({ type: "object", additionalProperties: true }),
    },
    404: { $ref: "#/components/responses/Error404" },
  },
};

/** Every operation of /v1, by path. */
function documentPaths() {
  return {
    "/v1/unit-cards": {
      post: operation({
        operationId: "createUnitCard", summary: "Create a unit card by redemption or by owner", success: 201, body: createCardInput,
        response: dataOf(ref(unitCard)), errors: [],
      }),
      get: operation({
        operationId: "listUnitCards", summary: "List unit cards, newest first", success: 200, query: listCardsQuery,
        response: pageOf(ref(unitCard)), errors: [],
      }),
    },
    "/v1/unit-cards/{id}": {
      get: operation({
        operationId: "getUnitCard", summary: "Get a unit card", success: 200, path: idParameter("card", "card"),
        response: dataOf(ref(unitCard)), errors: [404],
      }),
    },
    "/v1/unit-cards/{id}/_actions/void": {
      post: operation({
        operationId: "voidUnitCard", summary: "Void a card still waiting to be claimed",
        description: "Its redemption code no longer claims it (a code whose cards are all void answers 410 VOIDED). Idempotent: a void card " +
          "is returned as it is. 409: the card is already owned (owned cards stay owned).",
        success: 200, path: idParameter("card", "card"), body: voidCardInput, response: dataOf(ref(unitCard)), errors: [404],
      }),
    },
    "/v1/unit-cards/_actions/batch": {
      post: operation({
        operationId: "createUnitCardBatch", summary: "Create up to 500 cards sharing one redemption code or one owner, all or nothing",
        description: "409 also when redemption.code is already in use in this shop.", success: 201, body: createBatchInput,
        response: dataOf({ type: "array", items: ref(unitCard) }), errors: [],
      }),
    },
    "/v1/unit-cards/_actions/redeem": {
      post: operation({
        operationId: "redeemCode", summary: "Claim every card of a redemption code",
        description: "404: no card was issued under the code in this shop; 409 also when it was redeemed before; 410: it expired (EXPIRED), " +
          "or the shop voided every card of it (VOIDED; voided cards of a code are otherwise left out of the claim). " +
          "429 also after 10 attempts a minute for one code prefix or from one client address.",
        success: 200, body: redeemInput, response: dataOf({ type: "array", items: ref(unitCard) }), errors: [404, 410],
      }),
    },
    "/v1/validate-name": {
      get: operation({
        operationId: "validateName", summary: "Step 1 of issuing a twin: validate a universal name", success: 200, query: validateNameQuery,
        response: dataOf(ref(nameValidation)), errors: [],
      }),
    },
    "/v1/names": {
      post: operation({
        operationId: "registerName", summary: "Register a universal name for a wallet key",
        description: "409 also when the name is taken (names are global, across shops).", success: 201, body: registerNameInput,
        response: dataOf(ref(nameRecord)), errors: [],
      }),
    },
    "/v1/issue-digital-twin": {
      post: operation({
        operationId: "issueDigitalTwin", summary: "Step 2: issue a digital twin to a validated name",
        description: "name_id and public_key come from validate-name: an unknown name_id, or a public_key that is not the name's, is 422 at that field.",
        success: 201, body: issueTwinInput, response: dataOf(ref(digitalTwin)), errors: [],
      }),
    },
    "/v1/digital-twins": {
      get: operation({
        operationId: "listDigitalTwins", summary: "List digital twins, newest first", success: 200, query: listTwinsQuery,
        response: pageOf(ref(digitalTwin)), errors: [],
      }),
    },
    "/v1/digital-twins/{id}": {
      get: operation({
        operationId: "getDigitalTwin", summary: "Get a digital twin (e.g. to follow its NFT's chain status)", success: 200,
        path: idParameter("twin", "twin"), response: dataOf(ref(digitalTwin)), errors: [404],
      }),
    },
    "/v1/metadata/{file}": { get: nftMetadataOperation },
    "/v1/events": {
      get: operation({
        operationId: "listEvents", summary: "List this shop's events of the last 30 days, newest first",
        description: "One event per state change, written in the same transaction as the change. Events older than 30 days are deleted.",
        success: 200, query: listEventsQuery,
        response: pageOf(ref(event)), errors: [],
      }),
    },
    "/v1/events/{id}": {
      get: operation({
        operationId: "getEvent", summary: "Get an event (of the last 30 days)", success: 200, path: idParameter("evt", "event"),
        response: dataOf(ref(event)), errors: [404],
      }),
    },
    "/v1/webhook-endpoints": {
      post: operation({
        operationId: "createWebhookEndpoint", summary: "Register a webhook endpoint; the answer carries its signing secret, shown this once",
        description: "409 also when the shop has 16 endpoints already.", success: 201, body: createWebhookEndpointInput,
        response: dataOf(ref(webhookEndpoint)), errors: [],
      }),
      get: operation({
        operationId: "listWebhookEndpoints", summary: "List this shop's webhook endpoints (at most 16), newest first", success: 200,
        response: dataOf({ type: "array", items: ref(webhookEndpoint) }), errors: [],
      }),
    },
    "/v1/webhook-endpoints/{id}": {
      get: operation({
        operationId: "getWebhookEndpoint", summary: "Get a webhook endpoint (never its secret)", success: 200, path: idParameter("we", "endpoint"),
        response: dataOf(ref(webhookEndpoint)), errors: [404],
      }),
      delete: operation({
        operationId: "deleteWebhookEndpoint", summary: "Delete a webhook endpoint; deliveries not yet sent are dropped", success: 200,
        path: idParameter("we", "endpoint"),
        response: dataOf({ type: "object", required: ["id", "deleted"], additionalProperties: false, properties: { id: { type: "string" }, deleted: { const: true } } }),
        errors: [404],
      }),
    },
  };
}

// What each webhook endpoint receives (OpenAPI 3.1 webhooks).
const webhookOperation = {
  operationId: "receiveEvent",
  summary: "An event POSTed to your endpoint, signed",
  description: "Verify Twin-Cards-Signature before trusting the body (verifyWebhookSignature in the typed client, or the README's example). " +
    "Answer 2xx within 10 s; network errors, 429 and 5xx are retried with exponential backoff for 3 days (Retry-After honoured), other answers are not. " +
    "Delivery is at least once (dedupe on the event id) and in no promised order.",
  security: [],
  parameters: [
    {
      name: "Twin-Cards-Signature", in: "header", required: true,
      description: "t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<raw body>\" keyed with the endpoint's secret>",
      schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
    },
    { name: "Twin-Cards-Event-Id", in: "header", required: true, description: "The event's id: your dedupe key", schema: { type: "string" } },
  ],
  requestBody: { required: true, ...json(ref(event)) },
  responses: { 200: { description: "Any 2xx: received" } },
};

/** The OpenAPI 3.1 document for /v1, built from the same zod schemas the API validates with. */
export function openApiDocument(serverUrl: string) {
  const paths = documentPaths();
  // The error answers some operation gives (405 answers only a method no operation has).
  const statuses = [...new Set(Object.values(paths).flatMap((item) => Object.values(item))
    .flatMap((operation) => Object.keys(operation.responses).map(Number).filter((status) => status >= 400)))].sort((a, b) => a - b);
  return {
    openapi: "3.1.0",
    info: {
      title: "Twin Cards issuing API",
      version: "1.0.0",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description: "Unit cards (by redemption or by owner), redeem, universal names and digital twins. Every request but an NFT's public metadata " +
        "needs `Authorization: Bearer <api key>`; every response carries `X-Request-Id`. Limits: 20 requests a second per key with bursts of 100 " +
        "(429 with Retry-After); request bodies are JSON of at most 1 MiB (413), nested at most 32 levels (400). Strings must be well-formed " +
        "Unicode: one with an unpaired UTF-16 surrogate is 422. Rules JSON Schema cannot state (a key on the ed25519 curve, a phone number's " +
        "validity, unique metadata keys, an expiry in the future) are in each field's description, and the custom formats " +
        "solana-public-key, solana-wallet-key and international-phone name them.",
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    paths,
    webhooks: { event: { post: webhookOperation } },
    components: {
      schemas: { ...componentSchemas(paths), Error: errorSchema },
      responses: Object.fromEntries(statuses.map((status) => [`Error${status}`, errorResponse(status)])),
      headers,
      securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "A per-shop API key (tc_...)" } },
    },
  };
}
