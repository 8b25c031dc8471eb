import { z } from "zod";
import {
  createBatchInput,
  createCardInput,
  createWebhookEndpointInput,
  digitalTwin,
  EVENT_TYPES,
  event,
  issueTwinInput,
  listCardsQuery,
  listDeliveriesQuery,
  listEventsQuery,
  listTwinsQuery,
  nameRecord,
  nameValidation,
  redeemInput,
  voidCardInput,
  registerNameInput,
  sendTestEventInput,
  unitCard,
  validateNameQuery,
  webhookDelivery,
  webhookEndpoint,
} from "~/domain/schemas";
import { curlSample } from "./openapi-code-samples.server";
import { componentSchemas } from "./openapi-components.server";
import { errorResponse, errorSchema } from "./openapi-errors.server";
import { OPERATION_EXAMPLES, WEBHOOK_EXAMPLES, type OperationExamples } from "./openapi-examples.server";
import { INTRODUCTION, TAG, tagGroups, tags } from "./openapi-guide.server";

// Every schema with a `.meta({ id })` is a component; these are the ones the paths use.
const ref = (schema: z.ZodType) => {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) throw new Error("OpenAPI: schema has no id");
  return { $ref: `#/components/schemas/${id}` };
};

const headers = {
  "X-Request-Id": {
    description: "This request's id (yours, if you sent a valid X-Request-Id)",
    required: true,
    schema: { type: "string" },
  },
  "Retry-After": { description: "Seconds until a retry can succeed", required: true, schema: { type: "integer", minimum: 1 } },
  "WWW-Authenticate": { description: 'Bearer realm="twin-cards"', required: true, schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "true when this is the stored response of an earlier request with the same Idempotency-Key (its status, whatever it was)",
    schema: { type: "string", const: "true" },
  },
};
const headerRefs = (...names: (keyof typeof headers)[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const dataOf = (schema: object, extra: Record<string, object> = {}) => ({
  type: "object",
  required: ["data", ...Object.keys(extra)],
  additionalProperties: false,
  properties: { data: schema, ...extra },
});

/** A page of a cursor-paged list: its items and the cursor of the next page. */
const pageOf = (item: object) =>
  dataOf({ type: "array", items: item }, { nextCursor: { type: ["string", "null"], description: "null on the last page" } });

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
  description:
    "Makes a retry safe: the same key and body within 24 h returns the stored response (with Idempotent-Replayed: true); " +
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

/** A parameter with its example value, when the operation has one. */
const withExample = <P extends { name: string }>(parameter: P, examples: OperationExamples | undefined) =>
  examples?.parameters?.[parameter.name] === undefined ? parameter : { ...parameter, example: examples.parameters[parameter.name] };

const jsonWithExamples = (schema: object, examples: Record<string, object> | undefined) => ({
  content: { "application/json": { schema, ...(examples ? { examples } : {}) } },
});

function operation(args: {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  success: number;
  response: object;
  body?: z.ZodType;
  query?: z.ZodObject;
  path?: { name: string; in: string };
  errors: number[];
}) {
  const isPost = args.body !== undefined;
  const examples = OPERATION_EXAMPLES[args.operationId];
  const parameters = [
    ...(args.path ? [withExample(args.path, examples)] : []),
    ...Object.entries(args.query?.shape ?? {}).map(([name, schema]) =>
      withExample(
        {
          name,
          in: "query",
          required: !(schema as z.ZodType).safeParse(undefined).success,
          schema: parameterSchema(schema as z.ZodType),
        },
        examples,
      ),
    ),
    ...(isPost ? [IDEMPOTENCY_KEY] : []),
  ];
  const strictQuery = args.query ? " Unknown query parameters are 422." : "";
  const errors = [
    ...new Set([401, 429, 500, 503, ...(isPost ? [400, 409, 413, 422] : []), ...(args.query ? [422] : []), ...args.errors]),
  ].sort((a, b) => a - b);
  return {
    operationId: args.operationId,
    tags: [args.tag],
    summary: args.summary,
    ...(args.description || strictQuery ? { description: `${args.description ?? ""}${strictQuery}`.trim() } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(args.body ? { requestBody: { required: true, ...jsonWithExamples(ref(args.body), examples?.requests) } } : {}),
    responses: {
      [args.success]: {
        description: args.success === 202 ? "Accepted" : "Success",
        headers: headerRefs("X-Request-Id", ...(isPost ? ["Idempotent-Replayed" as const] : [])),
        ...jsonWithExamples(args.response, examples && { response: examples.response }),
      },
      ...Object.fromEntries(errors.map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
    },
  };
}

// Wallets and explorers fetch it from an NFT's on-chain `uri`, with no key.
const nftMetadataOperation = {
  operationId: "getNftMetadata",
  tags: [TAG.nft],
  summary: "An NFT's public metadata JSON (its on-chain uri, a twin's or card's chain.metadataUrl); CORS open to every origin",
  security: [],
  parameters: [
    withExample(
      {
        name: "file",
        in: "path",
        required: true,
        description: "<nft id>.json; any other is 404",
        schema: { type: "string", pattern: "^nft_[0-9A-HJKMNP-TV-Z]{26}\\.json$" },
      },
      OPERATION_EXAMPLES.getNftMetadata,
    ),
  ],
  responses: {
    200: {
      description: "name, symbol, description, image, attributes, properties, twin_cards",
      headers: headerRefs("X-Request-Id"),
      ...jsonWithExamples({ type: "object", additionalProperties: true }, { response: OPERATION_EXAMPLES.getNftMetadata!.response }),
    },
    404: { $ref: "#/components/responses/Error404" },
  },
};

const PLAN_LIMIT =
  "402 PLAN_LIMIT_REACHED when the shop's free plan has issued its monthly number of live items (a test key's items do not count).";

/** Every operation of /v1, by path. */
function documentPaths() {
  return {
    "/v1/unit-cards": {
      post: operation({
        operationId: "createUnitCard",
        tag: TAG.cards,
        summary: "Create a unit card by redemption or by owner",
        success: 201,
        description: PLAN_LIMIT,
        body: createCardInput,
        response: dataOf(ref(unitCard)),
        errors: [402],
      }),
      get: operation({
        operationId: "listUnitCards",
        tag: TAG.cards,
        summary: "List unit cards, newest first",
        success: 200,
        query: listCardsQuery,
        response: pageOf(ref(unitCard)),
        errors: [],
      }),
    },
    "/v1/unit-cards/{id}": {
      get: operation({
        operationId: "getUnitCard",
        tag: TAG.cards,
        summary: "Get a unit card",
        success: 200,
        path: idParameter("card", "card"),
        response: dataOf(ref(unitCard)),
        errors: [404],
      }),
    },
    "/v1/unit-cards/{id}/_actions/void": {
      post: operation({
        operationId: "voidUnitCard",
        tag: TAG.cards,
        summary: "Void a card still waiting to be claimed",
        description:
          "Its redemption code no longer claims it (a code whose cards are all void answers 410 VOIDED). Idempotent: a void card " +
          "is returned as it is. 409: the card is already owned (owned cards stay owned).",
        success: 200,
        path: idParameter("card", "card"),
        body: voidCardInput,
        response: dataOf(ref(unitCard)),
        errors: [404],
      }),
    },
    "/v1/unit-cards/_actions/batch": {
      post: operation({
        operationId: "createUnitCardBatch",
        tag: TAG.cards,
        summary: "Create up to 500 cards sharing one redemption code or one owner, all or nothing",
        description: `409 also when redemption.code is already in use in this shop. ${PLAN_LIMIT} A batch that would cross the cap is refused whole.`,
        success: 201,
        body: createBatchInput,
        response: dataOf({ type: "array", items: ref(unitCard) }),
        errors: [402],
      }),
    },
    "/v1/unit-cards/_actions/redeem": {
      post: operation({
        operationId: "redeemCode",
        tag: TAG.redemption,
        summary: "Claim every card of a redemption code",
        description:
          "404: no card was issued under the code in this shop; 409 also when it was redeemed before; 410: it expired (EXPIRED), " +
          "or the shop voided every card of it (VOIDED; voided cards of a code are otherwise left out of the claim). " +
          "429 also after 10 attempts a minute for one code prefix or from one client address.",
        success: 200,
        body: redeemInput,
        response: dataOf({ type: "array", items: ref(unitCard) }),
        errors: [404, 410],
      }),
    },
    "/v1/validate-name": {
      get: operation({
        operationId: "validateName",
        tag: TAG.names,
        summary: "Step 1 of issuing a twin: validate a universal name",
        success: 200,
        query: validateNameQuery,
        response: dataOf(ref(nameValidation)),
        errors: [],
      }),
    },
    "/v1/names": {
      post: operation({
        operationId: "registerName",
        tag: TAG.names,
        summary: "Register a universal name for a wallet key",
        description: "409 also when the name is taken (names are global, across shops).",
        success: 201,
        body: registerNameInput,
        response: dataOf(ref(nameRecord)),
        errors: [],
      }),
    },
    "/v1/issue-digital-twin": {
      post: operation({
        operationId: "issueDigitalTwin",
        tag: TAG.twins,
        summary: "Step 2: issue a digital twin to a validated name",
        description:
          "name_id and public_key come from validate-name: an unknown name_id, or a public_key that is not the name's, is 422 at that field. " +
          PLAN_LIMIT,
        success: 201,
        body: issueTwinInput,
        response: dataOf(ref(digitalTwin)),
        errors: [402],
      }),
    },
    "/v1/digital-twins": {
      get: operation({
        operationId: "listDigitalTwins",
        tag: TAG.twins,
        summary: "List digital twins, newest first",
        success: 200,
        query: listTwinsQuery,
        response: pageOf(ref(digitalTwin)),
        errors: [],
      }),
    },
    "/v1/digital-twins/{id}": {
      get: operation({
        operationId: "getDigitalTwin",
        tag: TAG.twins,
        summary: "Get a digital twin (e.g. to follow its NFT's chain status)",
        success: 200,
        path: idParameter("twin", "twin"),
        response: dataOf(ref(digitalTwin)),
        errors: [404],
      }),
    },
    "/v1/metadata/{file}": { get: nftMetadataOperation },
    "/v1/events": {
      get: operation({
        operationId: "listEvents",
        tag: TAG.events,
        summary: "List this shop's events of the last 30 days, newest first",
        description: "One event per state change, written in the same transaction as the change. Events older than 30 days are deleted.",
        success: 200,
        query: listEventsQuery,
        response: pageOf(ref(event)),
        errors: [],
      }),
    },
    "/v1/events/{id}": {
      get: operation({
        operationId: "getEvent",
        tag: TAG.events,
        summary: "Get an event (of the last 30 days)",
        success: 200,
        path: idParameter("evt", "event"),
        response: dataOf(ref(event)),
        errors: [404],
      }),
    },
    "/v1/webhook-endpoints": {
      post: operation({
        operationId: "createWebhookEndpoint",
        tag: TAG.endpoints,
        summary: "Register a webhook endpoint; the answer carries its signing secret, shown this once",
        description: "409 also when the shop has 16 endpoints already.",
        success: 201,
        body: createWebhookEndpointInput,
        response: dataOf(ref(webhookEndpoint)),
        errors: [],
      }),
      get: operation({
        operationId: "listWebhookEndpoints",
        tag: TAG.endpoints,
        summary: "List this shop's webhook endpoints (at most 16), newest first",
        success: 200,
        response: dataOf({ type: "array", items: ref(webhookEndpoint) }),
        errors: [],
      }),
    },
    "/v1/webhook-endpoints/{id}": {
      get: operation({
        operationId: "getWebhookEndpoint",
        tag: TAG.endpoints,
        summary: "Get a webhook endpoint (never its secret)",
        success: 200,
        path: idParameter("we", "endpoint"),
        response: dataOf(ref(webhookEndpoint)),
        errors: [404],
      }),
      delete: operation({
        operationId: "deleteWebhookEndpoint",
        tag: TAG.endpoints,
        summary: "Delete a webhook endpoint; deliveries not yet sent are dropped",
        success: 200,
        path: idParameter("we", "endpoint"),
        response: dataOf({
          type: "object",
          required: ["id", "deleted"],
          additionalProperties: false,
          properties: { id: { type: "string" }, deleted: { const: true } },
        }),
        errors: [404],
      }),
    },
    "/v1/webhook-endpoints/{id}/_actions/send-test": {
      post: operation({
        operationId: "sendWebhookTestEvent",
        tag: TAG.endpoints,
        summary: "Send a test event to this endpoint only",
        description:
          "Writes one webhook_endpoint.test event and queues its delivery to this endpoint alone (once, whatever the shop's " +
          "other endpoints subscribe to), as the admin's Send a test event does. 202: the worker sends it within seconds; follow it in the " +
          "endpoint's deliveries. A disabled endpoint's delivery ends FAILED (\"The endpoint is disabled\"): enable it in the admin first.",
        success: 202,
        path: idParameter("we", "endpoint"),
        body: sendTestEventInput,
        response: dataOf(ref(webhookDelivery)),
        errors: [404],
      }),
    },
    "/v1/webhook-endpoints/{id}/deliveries": {
      get: operation({
        operationId: "listWebhookDeliveries",
        tag: TAG.endpoints,
        summary: "List this endpoint's deliveries, newest first",
        description:
          "What became of each event sent to it (of the last 30 days): status, attempts, the status the endpoint answered, " +
          "the error in a sentence and the next attempt.",
        success: 200,
        path: idParameter("we", "endpoint"),
        query: listDeliveriesQuery,
        response: pageOf(ref(webhookDelivery)),
        errors: [404],
      }),
    },
  };
}

// What each webhook endpoint receives (OpenAPI 3.1 webhooks).
const webhookOperation = {
  operationId: "receiveEvent",
  tags: [TAG.receiving],
  summary: "An event POSTed to your endpoint, signed",
  description:
    "Verify Twin-Cards-Signature before trusting the body (see Webhooks and signatures for verifiers in Node and Python). " +
    "Answer 2xx within 10 s; network errors, 429 and 5xx are retried with exponential backoff for 3 days (Retry-After honoured), other answers are not. " +
    "Delivery is at least once (dedupe on the event id) and in no promised order.",
  security: [],
  parameters: [
    {
      name: "Twin-Cards-Signature",
      in: "header",
      required: true,
      description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>',
      schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
    },
    {
      name: "Twin-Cards-Event-Id",
      in: "header",
      required: true,
      description: "The event's id: your dedupe key",
      schema: { type: "string" },
    },
    {
      name: "Twin-Cards-Event-Type",
      in: "header",
      required: true,
      description: "The event's type",
      schema: { type: "string", enum: [...EVENT_TYPES] },
    },
  ],
  requestBody: { required: true, ...jsonWithExamples(ref(event), WEBHOOK_EXAMPLES) },
  responses: { 200: { description: "Any 2xx: received" } },
};

interface DocumentedOperation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  security?: unknown[];
  responses: Record<string, unknown>;
}

/** Each operation with a curl command built from its examples (Redoc's request samples). */
function withCodeSamples(paths: Record<string, Record<string, DocumentedOperation>>, serverUrl: string) {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          const secured = !(Array.isArray(operation.security) && operation.security.length === 0);
          const samples = curlSample(
            serverUrl,
            method.toUpperCase(),
            path,
            operation.parameters ?? [],
            OPERATION_EXAMPLES[operation.operationId],
            secured,
          );
          return [method, { ...operation, "x-codeSamples": samples }];
        }),
      ),
    ]),
  );
}

/** The OpenAPI 3.1 document for /v1, built from the same zod schemas the API validates with. */
export function openApiDocument(serverUrl: string) {
  const paths = withCodeSamples(documentPaths(), serverUrl);
  // The error answers some operation gives (405 answers only a method no operation has).
  const statuses = [
    ...new Set(
      Object.values(paths)
        .flatMap((item) => Object.values(item))
        .flatMap((operation) =>
          Object.keys(operation.responses)
            .map(Number)
            .filter((status) => status >= 400),
        ),
    ),
  ].sort((a, b) => a - b);
  return {
    openapi: "3.1.0",
    info: {
      title: "Twin Cards issuing API",
      version: "1.0.0",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description: INTRODUCTION,
    },
    servers: [{ url: serverUrl }],
    security: [{ apiKey: [] }],
    tags,
    "x-tagGroups": tagGroups,
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
