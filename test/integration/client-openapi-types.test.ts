import { readFileSync } from "node:fs";
import { OPERATIONS } from "@twin-cards/client";
import { beforeAll, describe, expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypesSource } from "../../scripts/client-types";
import { fetchDocument, operationsOf, type OpenApiDocument } from "../support/openapi-document";

let document: OpenApiDocument;

describe("the client package and the served OpenAPI document", () => {
  beforeAll(async () => {
    document = await fetchDocument();
  });

  it(`has ${CLIENT_TYPES_FILE} generated from the document as served (else: npm run client:generate)`, async () => {
    const committed = readFileSync(CLIENT_TYPES_FILE, "utf8");

    const fresh = await clientTypesSource(document);

    // Compared as text, and whole: any difference means the committed types describe another API.
    expect(
      committed === fresh,
      `${CLIENT_TYPES_FILE} is out of date with GET /v1/openapi.json: run npm run client:generate and commit it`,
    ).toBe(true);
  });

  it("sends each of the document's operations to the path and method the document gives it", () => {
    const served = Object.fromEntries(
      operationsOf(document).map((operation) => [operation.id, `${operation.method.toUpperCase()} ${operation.path}`]),
    );
    const client = Object.fromEntries(Object.entries(OPERATIONS).map(([id, { method, path }]) => [id, `${method} ${path}`]));

    expect(client).toEqual(served);
  });
});
