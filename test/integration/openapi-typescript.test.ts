import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchDocument, type Node, type OpenApiDocument } from "../support/openapi-document";
import { clientExampleBodies, walkthroughBodies, type ReadmeBody } from "../support/readme-requests";

/*
 * What an integrator does first: generate TypeScript types from the served
 * document with openapi-typescript (default options) and type the API guide's
 * (docs/api.md) request bodies with them. A body the guide shows that the types refuse means
 * the document and the API disagree (e.g. a field the server fills in when it is
 * left out, but the document makes required).
 */

let document: OpenApiDocument;
let directory: string;

/** The component a request body of `method path` points at, e.g. CreateUnitCardInput. */
function requestComponent(body: ReadmeBody): string {
  const operation = document.paths[body.path]?.[body.method.toLowerCase()];
  const schema = ((operation?.requestBody as Node | undefined)?.content as Record<string, Node> | undefined)?.["application/json"]
    ?.schema as Node | undefined;
  const name = typeof schema?.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;
  if (!name) throw new Error(`${body.label}: the document has no request body component for ${body.method} ${body.path}`);
  return name;
}

/** A TypeScript file declaring one constant per body, typed with the generated request type. */
function typedBodies(bodies: ReadmeBody[]): { text: string; labelAt: (line: number) => string } {
  let text = 'import type { components } from "./openapi";\ntype Schemas = components["schemas"];\n';
  const labels: { line: number; label: string }[] = [];
  bodies.forEach((body, index) => {
    labels.push({ line: text.split("\n").length - 1, label: `${body.label} as ${requestComponent(body)}` });
    text += `export const body${index}: Schemas[${JSON.stringify(requestComponent(body))}] = ${body.source};\n`;
  });
  return { text, labelAt: (line) => labels.findLast((entry) => entry.line <= line)?.label ?? "header" };
}

/** Type errors in `files` (name → text) compiled together with the generated types, strict. */
function compile(files: Record<string, string>): Record<string, readonly ts.Diagnostic[]> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(directory, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((name) => path.join(directory, name)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    },
  );
  return Object.fromEntries(
    Object.keys(files).map((name) => [name, ts.getPreEmitDiagnostics(program, program.getSourceFile(path.join(directory, name)))]),
  );
}

const message = (diagnostic: ts.Diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
const lineOf = (diagnostic: ts.Diagnostic) =>
  diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : -1;

describe("types generated from the served OpenAPI document with openapi-typescript", () => {
  beforeAll(async () => {
    document = await fetchDocument();
    directory = mkdtempSync(path.join(os.tmpdir(), "twin-cards-openapi-ts-"));
    writeFileSync(path.join(directory, "openapi.ts"), astToString(await openapiTS(document as never)));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it("accept every request body the API guide shows: the walkthrough's JSON and the client example", async () => {
    const walkthrough = walkthroughBodies();
    const client = await clientExampleBodies();
    // Steps 2, 4, 5 and 6 of the walkthrough send a body; the client example creates a card.
    expect(walkthrough.map((body) => body.path)).toEqual([
      "/v1/names",
      "/v1/issue-digital-twin",
      "/v1/unit-cards",
      "/v1/unit-cards/_actions/redeem",
    ]);
    expect(client.map((body) => `${body.method} ${body.path}`)).toEqual(["POST /v1/unit-cards"]);
    const bodies = typedBodies([...walkthrough, ...client]);

    const diagnostics = compile({ "readme-bodies.ts": bodies.text })["readme-bodies.ts"]!;

    expect(diagnostics.map((diagnostic) => `${bodies.labelAt(lineOf(diagnostic))}: ${message(diagnostic)}`)).toEqual([]);
  });

  it("refuse a body the API refuses, so the check above has teeth", () => {
    const wrong = [
      'import type { components } from "./openapi";',
      "// quantity is required",
      'export const twin: components["schemas"]["IssueDigitalTwinInput"] = { name_id: "uns_1", public_key: "key", title: "Trail jacket" };',
      "// media.imageUrls is a list of URLs",
      'export const card: components["schemas"]["CreateUnitCardInput"] = { name: "VIP pass", media: { imageUrls: "https://example.com/a.png" }, email: "jane@example.com" };',
      "// no such field",
      'export const name: components["schemas"]["RegisterNameInput"] = { name: "jane", publicKey: "key", colour: "red" };',
    ].join("\n");

    const diagnostics = compile({ "wrong-bodies.ts": wrong })["wrong-bodies.ts"]!;

    expect(diagnostics.map(lineOf)).toEqual([2, 4, 6]);
    expect(diagnostics.map(message)).toEqual([
      expect.stringContaining("quantity"),
      expect.stringContaining("not assignable to type 'string[]'"),
      expect.stringContaining("'colour' does not exist"),
    ]);
  });
});
