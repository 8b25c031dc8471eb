import { beforeAll, describe, expect, it } from "vitest";
import {
  createValidator,
  fetchDocument,
  resolvePointer,
  type Node,
  type OpenApiDocument,
  type Validator,
} from "../support/openapi-document";

/*
 * The reference at /v1/docs shows what the document holds: every operation in a
 * tagged group, with a request example and a response example that are true to its
 * own schemas (strict JSON Schema 2020-12, custom formats included).
 */

interface Located {
  /** Where the operation is, e.g. "post /v1/unit-cards". */
  name: string;
  pointer: string;
  operation: Node;
}

const escape = (part: string) => part.replace(/~/g, "~0").replace(/\//g, "~1");
const METHODS = ["get", "post", "delete"];

let document: OpenApiDocument;
let validate: Validator;

function operations(): Located[] {
  const fromPaths = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      name: `${method} ${path}`,
      pointer: `#/paths/${escape(path)}/${method}`,
      operation: item[method] as Node,
    })),
  );
  const webhooks = Object.entries(document.webhooks as Record<string, Record<string, Node>>).flatMap(([name, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `webhook ${name}`,
      pointer: `#/webhooks/${escape(name)}/${method}`,
      operation,
    })),
  );
  return [...fromPaths, ...webhooks];
}

/** A response or parameter as it stands, following its $ref. */
const deref = (pointer: string): { node: Node; pointer: string } => {
  const node = resolvePointer(document, pointer);
  return typeof node.$ref === "string" ? deref(node.$ref) : { node, pointer };
};

const jsonAt = (pointer: string) => `${pointer}/content/application~1json`;

/** Every named example of a media type, validated against its schema: the problems found. */
function mediaExampleProblems(mediaPointer: string): string[] {
  const media = resolvePointer(document, mediaPointer);
  return Object.entries((media.examples ?? {}) as Record<string, Node>).flatMap(([name, example]) =>
    validate(`${mediaPointer}/schema`, example.value).map(
      (error) => `${mediaPointer} example ${name}${error.instancePath}: ${error.message}`,
    ),
  );
}

beforeAll(async () => {
  document = await fetchDocument();
  validate = createValidator(document);
});

describe("the OpenAPI document's tags", () => {
  it("puts every operation under exactly one tag, every tag in exactly one group, and describes every tag", () => {
    const tags = document.tags as { name: string; description?: string; "x-traitTag"?: boolean }[];
    const groups = document["x-tagGroups"] as { name: string; tags: string[] }[];
    const grouped = groups.flatMap((group) => group.tags);

    expect([...grouped].sort()).toEqual(tags.map((tag) => tag.name).sort());
    for (const tag of tags) expect(tag.description?.length, tag.name).toBeGreaterThan(50);
    const used = new Set<string>();
    for (const { name, operation } of operations()) {
      expect(operation.tags, name).toHaveLength(1);
      const [tag] = operation.tags as string[];
      expect(
        tags.find((candidate) => candidate.name === tag && !candidate["x-traitTag"]),
        `${name}: ${tag}`,
      ).toBeTruthy();
      used.add(tag!);
    }
    // Every tag that is not a guide section has operations.
    expect(
      tags
        .filter((tag) => !tag["x-traitTag"])
        .map((tag) => tag.name)
        .sort(),
    ).toEqual([...used].sort());
    expect(groups.map((group) => group.name)).toEqual(["Guide", "Issuing", "On-chain", "Events and webhooks"]);
  });
});

describe("the OpenAPI document's examples", () => {
  it("gives every operation a request example: a body for each POST, a value for each path parameter, a curl command", () => {
    for (const { name, pointer, operation } of operations()) {
      if (operation.requestBody) {
        expect(
          Object.keys((resolvePointer(document, jsonAt(`${pointer}/requestBody`)).examples ?? {}) as Node).length,
          name,
        ).toBeGreaterThan(0);
      }
      const parameters = ((operation.parameters ?? []) as Node[]).map((_, index) => deref(`${pointer}/parameters/${index}`).node);
      for (const parameter of parameters.filter((candidate) => candidate.in === "path"))
        expect(parameter.example, `${name} ${parameter.name as string}`).toBeDefined();
      if (name.startsWith("webhook")) continue;
      const [sample] = operation["x-codeSamples"] as { lang: string; source: string }[];
      expect(sample!.lang, name).toBe("Shell");
      const [method, path] = name.split(" ") as [string, string];
      const url = new URL(/'(https?:\/\/[^']+)'/.exec(sample!.source)![1]!);
      const filledPath = path.replace(/\{(\w+)\}/g, (_, parameter: string) =>
        String(parameters.find((candidate) => candidate.name === parameter)!.example),
      );
      expect(url.pathname, name).toBe(filledPath);
      expect(sample!.source.includes(" -X POST ") || sample!.source.includes(" -X DELETE "), name).toBe(method !== "get");
      if (operation.requestBody) expect(sample!.source, name).toContain(" -d '{");
    }
  });

  it("gives every operation an example of its success answer", () => {
    for (const { name, pointer, operation } of operations()) {
      if (name.startsWith("webhook")) continue;
      const success = Object.keys(operation.responses as Node).find((status) => status.startsWith("2"))!;
      const examples = resolvePointer(document, jsonAt(`${pointer}/responses/${success}`)).examples as Node | undefined;
      expect(Object.keys(examples ?? {}).length, name).toBeGreaterThan(0);
    }
  });

  it("gives every error answer an example of each of its codes", () => {
    const responses = document.components.responses as Record<string, Node>;
    for (const [name, response] of Object.entries(responses)) {
      const media = (response.content as Node)["application/json"] as Node;
      const codes = (((((media.schema as Node).allOf as Node[])[1]!.properties as Node).error as Node).properties as Node).code as Node;
      expect(Object.keys(media.examples as Node).sort(), name).toEqual([...(codes.enum as string[])].sort());
    }
  });

  it("has only examples that are valid by their own schemas: bodies, answers, parameters and errors", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { pointer, operation } of operations()) {
      if (operation.requestBody) {
        problems.push(...mediaExampleProblems(jsonAt(`${pointer}/requestBody`)));
        checked++;
      }
      for (const status of Object.keys(operation.responses as Node)) {
        const response = deref(`${pointer}/responses/${status}`);
        if (!(response.node.content as Node | undefined)?.["application/json"]) continue;
        problems.push(...mediaExampleProblems(jsonAt(response.pointer)));
        checked++;
      }
      ((operation.parameters ?? []) as Node[]).forEach((_, index) => {
        const parameter = deref(`${pointer}/parameters/${index}`);
        if (parameter.node.example === undefined) return;
        problems.push(
          ...validate(`${parameter.pointer}/schema`, parameter.node.example).map(
            (error) => `${parameter.pointer}${error.instancePath}: ${error.message}`,
          ),
        );
        checked++;
      });
    }

    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it("catches an example that breaks its schema (the check can fail)", () => {
    const pointer = jsonAt("#/paths/~1v1~1unit-cards/post/requestBody");
    const example = (resolvePointer(document, pointer).examples as Record<string, Node>).byRedemption!;
    const broken = { ...(example.value as Node), email: undefined, publicKey: "not a key" };
    expect(validate(`${pointer}/schema`, JSON.parse(JSON.stringify(broken))).length).toBeGreaterThan(0);
  });
});
