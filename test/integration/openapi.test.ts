import { describe, expect, it } from "vitest";
import { http } from "../support/api";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject>; [section: string]: Json };
  [key: string]: Json | object;
}

async function fetchDocument() {
  const response = await http("/v1/openapi.json");
  const text = await response.text();
  return { response, document: JSON.parse(text) as OpenApiDocument };
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// SPEC §4: every /v1 endpoint and its methods.
const SPEC_PATHS: Record<string, string[]> = {
  "/v1/unit-cards": ["get", "post"],
  "/v1/unit-cards/_actions/batch": ["post"],
  "/v1/unit-cards/_actions/redeem": ["post"],
  "/v1/unit-cards/{id}": ["get"],
  "/v1/validate-name": ["get"],
  "/v1/names": ["post"],
  "/v1/issue-digital-twin": ["post"],
  "/v1/digital-twins": ["get"],
};

// serialNumber and editionSize: the spec's serial numbers (section 7, docs/decisions/0033-serial-numbers.md), on every card and twin, null outside an edition.
const UNIT_CARD_FIELDS = [
  "id",
  "name",
  "serialNumber",
  "editionSize",
  "media",
  "metadata",
  "owner",
  "publicKey",
  "custody",
  "status",
  "createdAt",
  "redeemedAt",
  "voidedAt",
  "voidReason",
  "redemption",
  "chain",
  "verifyUrl",
  "livemode",
];
const DIGITAL_TWIN_FIELDS = [
  "id",
  "name_id",
  "uns_name",
  "public_key",
  "title",
  "serialNumber",
  "editionSize",
  "creator",
  "description",
  "quantity",
  "price",
  "currency",
  "brand",
  "categories",
  "links",
  "images",
  "createdAt",
  "chain",
  "verifyUrl",
  "livemode",
];

/** Resolves a local JSON pointer (`#/a/b`) in `document`, or undefined. */
function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Every `$ref` value anywhere in `node`, with where it was found. */
function collectRefs(node: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => collectRefs(item, `${at}/${index}`));
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "$ref" && typeof value === "string" ? [{ ref: value, at }] : collectRefs(value, `${at}/${key}`),
  );
}

/** The component a request body or success response points at, following one `$ref`. */
function refName(schema: Json | undefined): string | undefined {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return undefined;
  const ref = schema.$ref;
  return typeof ref === "string" ? ref.replace("#/components/schemas/", "") : undefined;
}

const jsonSchemaOf = (holder: Json | undefined) =>
  ((holder as JsonObject | undefined)?.content as JsonObject | undefined)?.["application/json"] as JsonObject | undefined;

describe("GET /v1/openapi.json", () => {
  it("is served without an API key as an OpenAPI 3.1.0 JSON document", async () => {
    const { response, document } = await fetchDocument();

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it("describes every path of the API with exactly the methods it answers", async () => {
    const { document } = await fetchDocument();

    for (const [path, methods] of Object.entries(SPEC_PATHS)) {
      expect(document.paths, path).toHaveProperty([path]);
      const documented = Object.keys(document.paths[path]!)
        .filter((key) => HTTP_METHODS.includes(key))
        .sort();
      expect(documented, path).toEqual(methods);
    }
  });

  it("names the request schema and success status of every operation as the API answers them", async () => {
    const { document } = await fetchDocument();
    const expected: [string, string, string | undefined, string][] = [
      ["/v1/unit-cards", "post", "CreateUnitCardInput", "201"],
      ["/v1/unit-cards/_actions/batch", "post", "CreateUnitCardBatchInput", "201"],
      ["/v1/unit-cards/_actions/redeem", "post", "RedeemInput", "200"],
      ["/v1/names", "post", "RegisterNameInput", "201"],
      ["/v1/issue-digital-twin", "post", "IssueDigitalTwinInput", "201"],
      ["/v1/unit-cards", "get", undefined, "200"],
      ["/v1/unit-cards/{id}", "get", undefined, "200"],
      ["/v1/validate-name", "get", undefined, "200"],
      ["/v1/digital-twins", "get", undefined, "200"],
    ];

    for (const [path, method, requestSchema, success] of expected) {
      const operation = document.paths[path]![method]!;
      expect(refName(jsonSchemaOf(operation.requestBody)?.schema), `${method} ${path}`).toBe(requestSchema);
      expect(Object.keys(operation.responses as JsonObject), `${method} ${path}`).toContain(success);
    }
  });

  it("documents Idempotency-Key on every POST and the name query parameter of validate-name", async () => {
    const { document } = await fetchDocument();

    for (const [path, item] of Object.entries(document.paths)) {
      if (!item.post) continue;
      const parameters = (item.post.parameters ?? []) as JsonObject[];
      expect(
        parameters.find((p) => p.name === "Idempotency-Key" && p.in === "header"),
        path,
      ).toBeTruthy();
    }
    const validateParameters = (document.paths["/v1/validate-name"]!.get!.parameters ?? []) as JsonObject[];
    expect(validateParameters).toContainEqual(expect.objectContaining({ name: "name", in: "query", required: true }));
  });

  it("has a component schema for every resource, input and the error", async () => {
    const { document } = await fetchDocument();

    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "UnitCard",
        "DigitalTwin",
        "CreateUnitCardInput",
        "CreateUnitCardBatchInput",
        "RedeemInput",
        "IssueDigitalTwinInput",
        "RegisterNameInput",
        "NameValidation",
        "Error",
      ]),
    );
    // Components are schemas inside one document, not standalone documents with their own $id.
    for (const schema of Object.values(document.components.schemas) as object[]) {
      expect(schema).not.toHaveProperty("$id");
      expect(schema).not.toHaveProperty("$schema");
    }
  });

  it("gives UnitCard exactly the fields the spec lists, all required", async () => {
    const { document } = await fetchDocument();
    const unitCard = document.components.schemas.UnitCard!;

    expect(Object.keys(unitCard.properties as JsonObject).sort()).toEqual([...UNIT_CARD_FIELDS].sort());
    expect([...(unitCard.required as string[])].sort()).toEqual([...UNIT_CARD_FIELDS].sort());
  });

  it("gives DigitalTwin exactly the fields the spec lists", async () => {
    const { document } = await fetchDocument();

    expect(Object.keys(document.components.schemas.DigitalTwin!.properties as JsonObject).sort()).toEqual([...DIGITAL_TWIN_FIELDS].sort());
  });

  it("uses the seed's field names and required fields in the inputs", async () => {
    const { document } = await fetchDocument();
    const { schemas } = document.components;
    const propertiesOf = (name: string) => Object.keys(schemas[name]!.properties as JsonObject).sort();
    const requiredOf = (name: string) => [...((schemas[name]!.required ?? []) as string[])].sort();

    expect(propertiesOf("RegisterNameInput")).toEqual(["name", "owner", "publicKey"]);
    expect(requiredOf("RegisterNameInput")).toEqual(["name", "publicKey"]);
    expect(propertiesOf("RedeemInput")).toEqual(["code", "owner", "publicKey"]);
    // publicKey may be left out: the cards are then held by the shop (the seed leaves the redeem payload open, issue 25).
    expect(requiredOf("RedeemInput")).toEqual(["code", "owner"]);
    expect(propertiesOf("IssueDigitalTwinInput")).toEqual([
      "brand",
      "categories",
      "creator",
      "currency",
      "description",
      "images",
      "links",
      "name_id",
      "price",
      "public_key",
      "quantity",
      "title",
    ]);
    expect(requiredOf("IssueDigitalTwinInput")).toEqual(["name_id", "public_key", "quantity", "title"]);
    expect(propertiesOf("CreateUnitCardInput")).toEqual(
      expect.arrayContaining(["name", "media", "metadata", "phone", "email", "owner", "publicKey"]),
    );
    expect(propertiesOf("CreateUnitCardBatchInput")).toEqual(expect.arrayContaining(["redemption", "owner", "publicKey", "cards"]));
    expect(Object.keys(((schemas.NameValidation!.properties as JsonObject).payload as JsonObject).properties as JsonObject).sort()).toEqual(
      ["livemode", "public_key", "uns_name", "uns_name_id"],
    );
  });

  it("describes the error envelope with every error code of the spec", async () => {
    const { document } = await fetchDocument();
    const error = (document.components.schemas.Error!.properties as JsonObject).error as JsonObject;
    const properties = error.properties as JsonObject;

    expect((properties.code as JsonObject).enum).toEqual(
      expect.arrayContaining([
        "INVALID_JSON",
        "VALIDATION_FAILED",
        "UNAUTHENTICATED",
        "NOT_FOUND",
        "CONFLICT",
        "EXPIRED",
        "PAYLOAD_TOO_LARGE",
        "RATE_LIMITED",
        "INTERNAL",
      ]),
    );
    expect(Object.keys(properties).sort()).toEqual(["code", "details", "message"]);
  });

  it("resolves every $ref in the document to something in components", async () => {
    const { document } = await fetchDocument();
    const refs = collectRefs(document);

    expect(refs.length).toBeGreaterThan(10);
    const unresolved = refs.filter(({ ref }) => !ref.startsWith("#/components/") || resolvePointer(document, ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it("documents an NFT's metadata JSON as public: no key, 200 with an object, 404 for an unknown NFT", async () => {
    const { document } = await fetchDocument();
    const operation = document.paths["/v1/metadata/{file}"]?.get;

    expect(operation).toBeDefined();
    expect(operation!.security).toEqual([]);
    expect(operation!.parameters).toContainEqual(expect.objectContaining({ name: "file", in: "path", required: true }));
    expect(Object.keys(operation!.responses as JsonObject).sort()).toEqual(["200", "404"]);
    expect((jsonSchemaOf((operation!.responses as JsonObject)["200"])?.schema as JsonObject).type).toBe("object");
  });

  it("documents every status each operation can answer, 409 for a reused Idempotency-Key on every POST included", async () => {
    const { document } = await fetchDocument();
    const statusesOf = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses as JsonObject).sort();
    const post = ["400", "401", "409", "413", "422", "429", "500", "503"];

    // 402: the shop's plan allows no more items this month (decision 0050).
    expect(statusesOf("/v1/unit-cards", "post")).toEqual(["201", "402", ...post].sort());
    expect(statusesOf("/v1/unit-cards/_actions/batch", "post")).toEqual(["201", "402", ...post].sort());
    expect(statusesOf("/v1/unit-cards/_actions/redeem", "post")).toEqual(["200", "404", "410", ...post].sort());
    expect(statusesOf("/v1/names", "post")).toEqual(["201", ...post].sort());
    expect(statusesOf("/v1/issue-digital-twin", "post")).toEqual(["201", "402", ...post].sort());
    expect(statusesOf("/v1/unit-cards", "get")).toEqual(["200", "401", "422", "429", "500", "503"]);
    expect(statusesOf("/v1/validate-name", "get")).toEqual(["200", "401", "422", "429", "500", "503"]);
    expect(statusesOf("/v1/unit-cards/{id}", "get")).toEqual(["200", "401", "404", "429", "500", "503"]);
    expect(statusesOf("/v1/digital-twins/{id}", "get")).toEqual(["200", "401", "404", "429", "500", "503"]);
    expect(statusesOf("/v1/digital-twins", "get")).toEqual(["200", "401", "422", "429", "500", "503"]);
  });

  it("documents sending a test event and reading an endpoint's deliveries (issue 29), with the delivery's fields", async () => {
    const { document } = await fetchDocument();
    const statusesOf = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses as JsonObject).sort();
    const parameters = (document.paths["/v1/webhook-endpoints/{id}/deliveries"]!.get!.parameters as JsonObject[]).map(
      (p) => `${p.name}${p.required ? "" : "?"}`,
    );

    expect(statusesOf("/v1/webhook-endpoints/{id}/_actions/send-test", "post")).toEqual([
      "202",
      "400",
      "401",
      "404",
      "409",
      "413",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(refName(jsonSchemaOf(document.paths["/v1/webhook-endpoints/{id}/_actions/send-test"]!.post!.requestBody)?.schema)).toBe(
      "SendTestEventInput",
    );
    expect(statusesOf("/v1/webhook-endpoints/{id}/deliveries", "get")).toEqual(["200", "401", "404", "422", "429", "500", "503"]);
    expect(parameters).toEqual(["id", "cursor?", "limit?"]);
    expect(Object.keys(document.components.schemas.WebhookDelivery!.properties as JsonObject).sort()).toEqual([
      "attempts",
      "createdAt",
      "deliveredAt",
      "endpointId",
      "eventId",
      "eventType",
      "id",
      "lastError",
      "livemode",
      "nextAttemptAt",
      "responseStatus",
      "status",
      "updatedAt",
    ]);
  });

  it("says which headers come with which answers: Retry-After with 429, WWW-Authenticate with 401, X-Request-Id with all", async () => {
    const { document } = await fetchDocument();
    const responses = document.components.responses as Record<string, JsonObject>;
    const headerNames = (response: JsonObject) => Object.keys(response.headers as JsonObject).sort();

    expect(headerNames(responses.Error429!)).toEqual(["Retry-After", "X-Request-Id"]);
    expect(headerNames(responses.Error401!)).toEqual(["WWW-Authenticate", "X-Request-Id"]);
    expect(headerNames(responses.Error503!)).toEqual(["Retry-After", "X-Request-Id"]);
    for (const [name, response] of Object.entries(responses)) expect(headerNames(response), name).toContain("X-Request-Id");
    expect(((document.components.headers as JsonObject)["Retry-After"] as JsonObject).required).toBe(true);
  });

  it("gives every operation its own operationId", async () => {
    const { document } = await fetchDocument();
    const ids = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));

    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("states the rules the server enforces that JSON Schema can state", async () => {
    const { document } = await fetchDocument();
    const { schemas } = document.components;
    const propertiesOf = (name: string) => schemas[name]!.properties as Record<string, JsonObject>;
    const card = propertiesOf("CreateUnitCardInput");
    const batch = schemas.CreateUnitCardBatchInput!;
    const twin = schemas.IssueDigitalTwinInput!;
    const cursor = (document.paths["/v1/unit-cards"]!.get!.parameters as JsonObject[]).find((p) => p.name === "cursor")!
      .schema as JsonObject;
    const twinListParameters = document.paths["/v1/digital-twins"]!.get!.parameters as JsonObject[];

    expect(card.publicKey).toMatchObject({
      minLength: 32,
      maxLength: 44,
      pattern: expect.any(String),
      format: "solana-wallet-key",
      not: { const: "11111111111111111111111111111111" },
    });
    expect(card.name).toMatchObject({ pattern: "\\S", maxLength: 200 });
    expect(card.phone).toMatchObject({ pattern: expect.any(String), format: "international-phone" });
    expect(card.email).toMatchObject({ pattern: expect.any(String) });
    expect((schemas.CreateUnitCardInput!.oneOf as JsonObject[]).map((branch) => branch.title)).toEqual(["By redemption", "By owner"]);
    expect((batch.oneOf as JsonObject[]).map((branch) => branch.title)).toEqual(["By redemption", "By owner"]);
    expect(((batch.properties as JsonObject).redemption as JsonObject).anyOf).toEqual([{ required: ["phone"] }, { required: ["email"] }]);
    expect(twin.dependentRequired).toEqual({ price: ["currency"], currency: ["price"] });
    expect((twin.properties as JsonObject).title).toMatchObject({ pattern: "\\S" });
    expect(schemas.CurrencyCode!.enum).toEqual(expect.arrayContaining(["EUR", "JPY", "USD"]));
    expect(schemas.MetadataEntry).toHaveProperty("if.properties.metaType.const", "PRICE");
    expect(schemas.MetadataEntry!.examples).toContainEqual({ key: "price", value: [189.9, "EUR"], metaType: "PRICE" });
    expect(cursor.pattern).toMatch(/^\^\(\?:Y2FyZF/);
    expect(twinListParameters.map((p) => `${p.name}${p.required ? "" : "?"}`)).toEqual(["name_id?", "public_key?", "cursor?", "limit?"]);
    expect((twinListParameters.find((p) => p.name === "cursor")!.schema as JsonObject).pattern).toMatch(/^\^\(\?:dHdpbl/);
    expect((twinListParameters.find((p) => p.name === "public_key")!.schema as JsonObject).format).toBe("solana-public-key");
    expect(propertiesOf("RegisterNameInput").name!.pattern).toBe("^\\s*[A-Za-z0-9._-]{3,32}\\s*$");
  });

  it("declares bearer authentication", async () => {
    const { document } = await fetchDocument();
    const schemes = (document.components.securitySchemes ?? {}) as Record<string, JsonObject>;

    expect(Object.values(schemes)).toContainEqual(expect.objectContaining({ type: "http", scheme: "bearer" }));
    expect(document.security).toBeTruthy();
  });
});
