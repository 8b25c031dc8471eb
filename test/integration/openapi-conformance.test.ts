import { randomInt } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { normalizeCode } from "~/domain/codes.server";
import { http, shopClient } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import {
  createValidator,
  fetchDocument,
  operationsOf,
  resolvePointer,
  type Node,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Validator,
} from "../support/openapi-document";
import { generateValid, seededRng, type Rng } from "../support/openapi-generate";
import { conformanceProblems, detailsOf, errorCodeOf, send, type Answer, type ApiCall } from "../support/openapi-http";
import { mutationsOf, type Mutation } from "../support/openapi-mutate";

/*
 * Schema conformance: for every operation of the served OpenAPI document,
 * requests generated from the document (json-schema-faker, seeded) must be
 * accepted, requests that break one of its rules must be refused, and every
 * answer must be one the document describes (ajv, JSON Schema 2020-12).
 */

const SEED = process.env.OPENAPI_SEED ? Number(process.env.OPENAPI_SEED) : randomInt(2 ** 31 - 1);
const VALID_CASES = 30;
const INVALID_CASES = 30;
// Requests rotate over several shops (one API key each) to stay under 100 requests a burst per key.
const SHOPS = 10;
const MAX_BODY_BYTES = 1024 * 1024;

// Every operation the document must have; a new one needs its outcomes below.
const OPERATIONS = [
  "POST /v1/unit-cards",
  "GET /v1/unit-cards",
  "GET /v1/unit-cards/{id}",
  "POST /v1/unit-cards/_actions/batch",
  "POST /v1/unit-cards/_actions/redeem",
  "POST /v1/unit-cards/{id}/_actions/void",
  "GET /v1/validate-name",
  "POST /v1/names",
  "POST /v1/issue-digital-twin",
  "GET /v1/digital-twins",
  "GET /v1/digital-twins/{id}",
  "GET /v1/metadata/{file}",
  "GET /v1/events",
  "GET /v1/events/{id}",
  "POST /v1/webhook-endpoints",
  "GET /v1/webhook-endpoints",
  "GET /v1/webhook-endpoints/{id}",
  "DELETE /v1/webhook-endpoints/{id}",
  "POST /v1/webhook-endpoints/{id}/_actions/send-test",
  "GET /v1/webhook-endpoints/{id}/deliveries",
];

interface ShopFixture {
  key: string;
  cardIds: string[];
  /** Cards waiting to be claimed, kept apart from the codes the redeem cases use: voiding them is idempotent. */
  voidableIds: string[];
  ownedCardId: string;
  twinIds: string[];
  eventIds: string[];
  /** Endpoints not deleted yet. */
  endpointIds: string[];
  /** Normalized codes issued in this shop → whether redeemed. */
  codes: Map<string, boolean>;
  /** Issued codes no case has used yet. */
  unusedCodes: string[];
  idempotencyKeys: Set<string>;
}

/** What a valid request may answer besides the operation's success. */
type Judge = (answer: Answer) => string | { wrong: string };
interface Plan {
  call: ApiCall;
  judge: Judge;
  after?: (answer: Answer) => void;
}
type Planner = (call: ApiCall, shop: ShopFixture, rng: Rng) => Promise<Plan>;

const describeAnswer = (answer: Answer) => `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;

const success =
  (status: number): Judge =>
  (answer) =>
    answer.status === status ? `${status}` : { wrong: `expected ${status}, got ${describeAnswer(answer)}` };

/** A business answer no schema can foresee: exactly this status and code (and the field, when given). */
const business =
  (status: number, code: string, reason: string, path?: string): Judge =>
  (answer) => {
    const fieldOk = path === undefined || detailsOf(answer.body).some((detail) => detail.path === path);
    return answer.status === status && errorCodeOf(answer.body) === code && fieldOk
      ? `${status} ${code} (${reason})`
      : { wrong: `expected ${status} ${code}${path ? ` at ${path}` : ""} (${reason}), got ${describeAnswer(answer)}` };
  };

const bodyOf = (call: ApiCall) => call.body as Node;

let document: OpenApiDocument;
let validate: Validator;
let operations: Operation[];
let shops: ShopFixture[];
const namePairs: { name_id: string; public_key: string }[] = [];

/**
 * The outcomes each operation may answer a valid request with, and why no
 * schema can foresee them. A planner may also swap in ids a fixture made
 * (values the document says come from another operation), so that cases
 * reach success rather than only "not found".
 */
const PLANNERS: Record<string, Planner> = {
  "POST /v1/unit-cards": async (call) => ({ call, judge: success(201) }),
  "GET /v1/unit-cards": async (call) => ({ call, judge: success(200) }),
  "GET /v1/digital-twins": async (call) => ({ call, judge: success(200) }),
  "GET /v1/validate-name": async (call) => ({ call, judge: success(200) }),

  // A code of your own must be unused in the shop: which codes exist is the shop's data.
  "POST /v1/unit-cards/_actions/batch": async (call, shop) => {
    const code = (bodyOf(call).redemption as Node | undefined)?.code;
    const normalized = typeof code === "string" ? normalizeCode(code) : undefined;
    if (normalized && shop.codes.has(normalized)) {
      return { call, judge: business(409, "CONFLICT", "this shop issued the code before", "redemption.code") };
    }
    return {
      call,
      judge: success(201),
      after: (answer) => void (answer.status === 201 && normalized && shop.codes.set(normalized, false)),
    };
  },

  // Which codes exist, and whether redeemed, is the shop's data: 404 for a code never issued, 409 for one redeemed.
  "POST /v1/unit-cards/_actions/redeem": async (call, shop, rng) => {
    const body = { ...bodyOf(call) };
    if (rng.next() < 2 / 3 && shop.unusedCodes.length) body.code = shop.unusedCodes.pop()!;
    const normalized = normalizeCode(body.code as string);
    const redeemed = shop.codes.get(normalized);
    const judge =
      redeemed === undefined
        ? business(404, "NOT_FOUND", "no card was issued under this code in this shop")
        : redeemed
          ? business(409, "CONFLICT", "the code was redeemed before")
          : success(200);
    return { call: { ...call, body }, judge, after: (answer) => void (answer.status === 200 && shop.codes.set(normalized, true)) };
  },

  // Universal names are global: a name anyone registered before is taken (409), as validate-name tells.
  "POST /v1/names": async (call, shop) => {
    const response = await http(`/v1/validate-name?${new URLSearchParams({ name: bodyOf(call).name as string })}`, { key: shop.key });
    const taken = ((await response.json()) as { data: { available: boolean } }).data.available;
    return { call, judge: taken ? business(409, "CONFLICT", "the name is registered already", "name") : success(201) };
  },

  // name_id and public_key come from validate-name: an id no name has is refused at name_id.
  "POST /v1/issue-digital-twin": async (call, _shop, rng) => {
    if (rng.next() < 2 / 3) return { call: { ...call, body: { ...bodyOf(call), ...rng.pick(namePairs) } }, judge: success(201) };
    return { call, judge: business(422, "VALIDATION_FAILED", "no universal name has this id", "name_id") };
  },

  // Which ids exist is the shop's data: 404 for any other.
  "GET /v1/unit-cards/{id}": async (call, shop, rng) =>
    rng.next() < 2 / 3
      ? { call: { ...call, params: { ...call.params, id: rng.pick(shop.cardIds) } }, judge: success(200) }
      : { call, judge: business(404, "NOT_FOUND", "no card has this id in this shop") },
  "GET /v1/digital-twins/{id}": async (call, shop, rng) =>
    rng.next() < 2 / 3
      ? { call: { ...call, params: { ...call.params, id: rng.pick(shop.twinIds) } }, judge: success(200) }
      : { call, judge: business(404, "NOT_FOUND", "no twin has this id in this shop") },

  // Whether a card is owned is the shop's data: an owned card is never voided (409); a pending or void one is (200, idempotent).
  "POST /v1/unit-cards/{id}/_actions/void": async (call, shop, rng) => {
    const draw = rng.next();
    if (draw < 1 / 2) return { call: { ...call, params: { ...call.params, id: rng.pick(shop.voidableIds) } }, judge: success(200) };
    if (draw < 2 / 3)
      return { call: { ...call, params: { ...call.params, id: shop.ownedCardId } }, judge: business(409, "CONFLICT", "the card is owned") };
    return { call, judge: business(404, "NOT_FOUND", "no card has this id in this shop") };
  },

  "GET /v1/events": async (call) => ({ call, judge: success(200) }),
  "GET /v1/webhook-endpoints": async (call) => ({ call, judge: success(200) }),
  "GET /v1/events/{id}": async (call, shop, rng) =>
    rng.next() < 2 / 3
      ? { call: { ...call, params: { ...call.params, id: rng.pick(shop.eventIds) } }, judge: success(200) }
      : { call, judge: business(404, "NOT_FOUND", "no event has this id in this shop") },
  // A shop has at most 16 endpoints: which it has is its data.
  "POST /v1/webhook-endpoints": async (call, shop) => ({
    call,
    judge: shop.endpointIds.length >= 16 ? business(409, "CONFLICT", "the shop has 16 endpoints") : success(201),
    after: (answer) => void (answer.status === 201 && shop.endpointIds.push((answer.body as { data: { id: string } }).data.id)),
  }),
  "GET /v1/webhook-endpoints/{id}": async (call, shop, rng) =>
    rng.next() < 2 / 3 && shop.endpointIds.length
      ? { call: { ...call, params: { ...call.params, id: rng.pick(shop.endpointIds) } }, judge: success(200) }
      : { call, judge: business(404, "NOT_FOUND", "no endpoint has this id in this shop") },
  "DELETE /v1/webhook-endpoints/{id}": async (call, shop, rng) => {
    if (!(rng.next() < 2 / 3 && shop.endpointIds.length))
      return { call, judge: business(404, "NOT_FOUND", "no endpoint has this id in this shop") };
    const id = shop.endpointIds.splice(Math.floor(rng.next() * shop.endpointIds.length), 1)[0]!;
    return { call: { ...call, params: { ...call.params, id } }, judge: success(200) };
  },

  // Which endpoints exist is the shop's data (DELETE cases may have removed some): 404 for any other.
  "POST /v1/webhook-endpoints/{id}/_actions/send-test": async (call, shop, rng) =>
    rng.next() < 2 / 3 && shop.endpointIds.length
      ? { call: { ...call, params: { ...call.params, id: rng.pick(shop.endpointIds) } }, judge: success(202) }
      : { call, judge: business(404, "NOT_FOUND", "no endpoint has this id in this shop") },
  "GET /v1/webhook-endpoints/{id}/deliveries": async (call, shop, rng) =>
    rng.next() < 2 / 3 && shop.endpointIds.length
      ? { call: { ...call, params: { ...call.params, id: rng.pick(shop.endpointIds) } }, judge: success(200) }
      : { call, judge: business(404, "NOT_FOUND", "no endpoint has this id in this shop") },

  // Chain issuing is off on this server, so no NFT exists.
  "GET /v1/metadata/{file}": async (call) => ({ call, judge: business(404, "NOT_FOUND", "no NFT has this id") }),
};

/** Rules the document states in words that generated bodies must also follow: unique metadata keys, values ≤ 4 KiB. */
function describedRulesHold(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(describedRulesHold);
  if (!value || typeof value !== "object") return true;
  const metadata = (value as Node).metadata;
  if (Array.isArray(metadata)) {
    const keys = metadata.map((entry) => (entry as Node).key);
    if (new Set(keys).size !== keys.length) return false;
    if (metadata.some((entry) => Buffer.byteLength(JSON.stringify((entry as Node).value)) > 4096)) return false;
  }
  return Object.values(value).every(describedRulesHold);
}

function generateCall(operation: Operation, rng: Rng): ApiCall | undefined {
  const params: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (!parameter.required && rng.next() < 0.5) continue;
    const generated = generateValid(document, validate, parameter.schema, rng);
    if (!generated) return undefined;
    params[parameter.name] = generated.value;
  }
  if (!operation.body) return { params };
  const body = generateValid(document, validate, operation.body, rng, describedRulesHold);
  return body ? { params, body: body.value } : undefined;
}

/** The text a parameter is sent as: HTTP drops the spaces and tabs around a header's value. */
const onWire = (parameter: Parameter, value: unknown) =>
  parameter.in === "header" ? String(value).replace(/^[ \t]+|[ \t]+$/g, "") : String(value);

/** Whether HTTP can carry a header value at all (fetch refuses control characters). */
const sendable = (parameter: Parameter, value: unknown) => parameter.in !== "header" || /^[\t\x20-\x7e\x80-\xff]*$/.test(String(value));

/** How a query, path or header value reads back from the wire for its schema. */
function fromWire(wire: string, schema: Node): unknown {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  return (types.includes("integer") || types.includes("number")) && /^-?\d+(\.\d+)?$/.test(wire) ? Number(wire) : wire;
}

/** Why a call is not valid by the document (its parameters and body), or nothing. */
function callProblems(operation: Operation, call: ApiCall): string[] {
  const problems = operation.parameters.flatMap((parameter) => {
    const value = call.params[parameter.name];
    if (value === undefined) return parameter.required ? [`${parameter.name} missing`] : [];
    const errors = validate(parameter.schema, fromWire(onWire(parameter, value), resolvePointer(document, parameter.schema)));
    return errors.map((error) => `${parameter.name}: ${error.message}`);
  });
  if (operation.body) problems.push(...validate(operation.body, call.body).map((error) => `body${error.instancePath}: ${error.message}`));
  return problems;
}

interface Broken {
  call: ApiCall;
  mutation: Mutation;
  /** Path parameters address a resource: breaking one is "no such resource" (404), not a validation error. */
  inPath: boolean;
}

/** Every single-rule violation of a valid call that the document indeed forbids. */
function brokenCalls(operation: Operation, call: ApiCall): Broken[] {
  const out: Broken[] = [];
  // A used Idempotency-Key would answer 409 before the body is read.
  const base = { ...call, params: Object.fromEntries(Object.entries(call.params).filter(([name]) => name !== "Idempotency-Key")) };
  if (operation.body) {
    for (const mutation of mutationsOf(document, resolvePointer(document, operation.body), call.body)) {
      if (Buffer.byteLength(JSON.stringify(mutation.value) ?? "") >= MAX_BODY_BYTES) continue;
      if (validate(operation.body, mutation.value).length) out.push({ call: { ...base, body: mutation.value }, mutation, inPath: false });
    }
  }
  for (const parameter of operation.parameters) {
    const schema = resolvePointer(document, parameter.schema);
    const value = call.params[parameter.name];
    const candidates: Mutation[] =
      value === undefined ? [] : mutationsOf(document, schema, value).map((mutation) => ({ ...mutation, path: parameter.name }));
    // A path parameter cannot be left out, only be wrong.
    if (parameter.required && parameter.in !== "path")
      candidates.push({ rule: "required", path: parameter.name, crossField: false, value: undefined });
    for (const mutation of candidates) {
      const scalar = mutation.value === undefined || ["string", "number", "boolean"].includes(typeof mutation.value);
      if (!scalar || !sendable(parameter, mutation.value)) continue;
      const params = { ...base.params, [parameter.name]: mutation.value };
      if (mutation.value === undefined) delete params[parameter.name];
      const invalid =
        mutation.value === undefined || validate(parameter.schema, fromWire(onWire(parameter, mutation.value), schema)).length > 0;
      // An empty path segment addresses another resource altogether.
      if (invalid && !(parameter.in === "path" && mutation.value === "")) {
        out.push({ call: { ...base, params }, mutation, inPath: parameter.in === "path" });
      }
    }
  }
  return out;
}

/** Up to `count` broken calls, spread over as many rules and fields as there are. */
function pickSpread(pool: Broken[], count: number, rng: Rng): Broken[] {
  const groups = new Map<string, Broken[]>();
  for (const broken of pool) {
    // One group per rule and field ("type" as one rule, whichever wrong type).
    const group = `${broken.mutation.rule.replace(/ \(.*\)$/, "")} ${broken.mutation.path.replace(/\[\d+\]/g, "[]")}`;
    groups.set(group, [...(groups.get(group) ?? []), broken]);
  }
  const order = [...groups.values()].sort(() => rng.next() - 0.5);
  const picked: Broken[] = [];
  for (let round = 0; picked.length < count && order.some((group) => group.length > round); round++) {
    for (const group of order) if (group[round] && picked.length < count) picked.push(group[round]!);
  }
  return picked;
}

const parentOf = (path: string) => path.replace(/(\.[^.[]+|\[\d+\])$/, "").replace(/^[^.[]+$/, "");

/** Whether a refusal names the broken field (or, for a rule between fields, one of its siblings). */
function refusalProblem(broken: Broken, answer: Answer): string | undefined {
  const { mutation } = broken;
  if (broken.inPath) return answer.status === 404 ? undefined : `expected 404, got ${describeAnswer(answer)}`;
  if (answer.status !== 422 || errorCodeOf(answer.body) !== "VALIDATION_FAILED") return `expected 422, got ${describeAnswer(answer)}`;
  const paths = detailsOf(answer.body).map((detail) => detail.path);
  const named = paths.includes(mutation.path) || (mutation.crossField && paths.some((path) => parentOf(path) === parentOf(mutation.path)));
  return named ? undefined : `422 names ${JSON.stringify(paths)}, not ${mutation.path}`;
}

interface Tally {
  valid: number;
  outcomes: Record<string, number>;
  rejected: string[];
  invalid: number;
  /** How many broken requests broke each rule. */
  rules: Record<string, number>;
  refused: number;
  notRefused: string[];
  offDocument: string[];
}

async function runOperation(name: string): Promise<Tally> {
  const operation = operations.find((candidate) => `${candidate.method.toUpperCase()} ${candidate.path}` === name)!;
  const rng = seededRng(SEED + OPERATIONS.indexOf(name) * 7919);
  const tally: Tally = { valid: 0, outcomes: {}, rejected: [], invalid: 0, rules: {}, refused: 0, notRefused: [], offDocument: [] };
  const shopFor = (index: number) => shops[(index + OPERATIONS.indexOf(name)) % SHOPS]!;
  const exchange = async (call: ApiCall, shop: ShopFixture, label: string) => {
    const answer = await send(operation, call, shop.key);
    tally.offDocument.push(...conformanceProblems(operation, answer, validate).map((problem) => `${label}: ${problem}`));
    return answer;
  };

  const bases: ApiCall[] = [];
  const planned: ApiCall[] = [];
  for (let index = 0; index < VALID_CASES; index++) {
    const shop = shopFor(index);
    const generated = generateCall(operation, rng);
    if (!generated) {
      tally.rejected.push(`case ${index}: no valid request could be generated from the document`);
      continue;
    }
    bases.push(generated);
    const idempotencyKey = generated.params["Idempotency-Key"];
    if (typeof idempotencyKey === "string" && shop.idempotencyKeys.has(idempotencyKey)) delete generated.params["Idempotency-Key"];
    if (typeof idempotencyKey === "string") shop.idempotencyKeys.add(idempotencyKey);

    const plan = await PLANNERS[name]!(generated, shop, rng);
    const invalid = callProblems(operation, plan.call);
    if (invalid.length) throw new Error(`The test made an invalid request for ${name}: ${invalid.join("; ")}`);
    planned.push(plan.call);
    const answer = await exchange(plan.call, shop, `valid case ${index}`);
    plan.after?.(answer);
    tally.valid++;
    const verdict = plan.judge(answer);
    if (typeof verdict === "string") tally.outcomes[verdict] = (tally.outcomes[verdict] ?? 0) + 1;
    else tally.rejected.push(`valid case ${index} ${JSON.stringify(plan.call).slice(0, 600)}: ${verdict.wrong}`);
  }

  const pool = bases.slice(0, 10).flatMap((call) => brokenCalls(operation, call));
  for (const [index, broken] of pickSpread(pool, INVALID_CASES, rng).entries()) {
    const answer = await exchange(
      broken.call,
      shopFor(index),
      `invalid case ${index} (${broken.mutation.rule} at ${broken.mutation.path})`,
    );
    tally.invalid++;
    tally.rules[broken.mutation.rule] = (tally.rules[broken.mutation.rule] ?? 0) + 1;
    const problem = refusalProblem(broken, answer);
    if (problem) tally.notRefused.push(`${broken.mutation.rule} at ${broken.mutation.path}: ${problem}`);
    else tally.refused++;
  }

  // The document's security and request body rules: no key is 401; a body that is not JSON is 400.
  if (operation.secured) {
    const answer = await exchange({ ...(planned[0] ?? { params: {} }), anonymous: true }, shopFor(0), "without a key");
    if (answer.status !== 401) tally.notRefused.push(`without a key: expected 401, got ${describeAnswer(answer)}`);
  }
  if (operation.body) {
    const answer = await exchange({ params: {}, rawBody: "{not json" }, shopFor(1), "not JSON");
    if (answer.status !== 400 || errorCodeOf(answer.body) !== "INVALID_JSON")
      tally.notRefused.push(`not JSON: expected 400, got ${describeAnswer(answer)}`);
  }
  return tally;
}

function report(name: string, tally: Tally) {
  const outcomes = Object.entries(tally.outcomes)
    .map(([outcome, count]) => `${count}× ${outcome}`)
    .join(", ");
  const lines = [
    `${name}: ${tally.valid} valid → ${outcomes || "none as documented"}; ${tally.rejected.length} rejected or unforeseen`,
    `  ${tally.invalid} invalid (${Object.entries(tally.rules)
      .map(([rule, count]) => `${count}× ${rule}`)
      .join(", ")})`,
    `  → ${tally.refused} refused as documented, ${tally.notRefused.length} not; ${tally.offDocument.length} answers off the document`,
    ...[...tally.rejected, ...tally.notRefused, ...tally.offDocument].slice(0, 12).map((line) => `    ${line}`),
  ];
  console.log(lines.join("\n"));
}

describe(`OpenAPI conformance (seed ${SEED}; repeat with OPENAPI_SEED=${SEED})`, () => {
  beforeAll(async () => {
    console.log(`OpenAPI conformance seed: ${SEED}`);
    document = await fetchDocument();
    validate = createValidator(document);
    operations = operationsOf(document);
    for (let index = 0; index < 3; index++) {
      const { client } = await shopClient();
      const name = await client.names.register({ name: uniqueName("conformance"), publicKey: walletKey() });
      namePairs.push({ name_id: name.uns_name_id, public_key: name.public_key });
    }
    shops = await Promise.all(
      Array.from({ length: SHOPS }, async (_, index) => {
        const { key, client } = await shopClient();
        const cards = [];
        for (let count = 0; count < 3; count++)
          cards.push(await client.cards.create({ ...cardInput(`Card ${count}`), email: "jane@example.com" }));
        const voidable = [];
        for (let count = 0; count < 2; count++)
          voidable.push(await client.cards.create({ ...cardInput(`Voidable ${count}`), email: "jane@example.com" }));
        const owned = await client.cards.create({ ...cardInput("Owned"), owner: "shopify|42", publicKey: walletKey() });
        const twin = await client.twins.issue({ ...namePairs[index % namePairs.length]!, title: "Conformance twin", quantity: 1 });
        const codes = cards.map((card) => card.redemption!.code!);
        const events = await client.events.list();
        const endpoints = [];
        for (let count = 0; count < 3; count++)
          endpoints.push(await client.webhookEndpoints.create({ url: `https://example.com/hooks/${count}`, eventTypes: ["*"] }));
        return {
          key,
          cardIds: cards.map((card) => card.id),
          voidableIds: voidable.map((card) => card.id),
          ownedCardId: owned.id,
          twinIds: [twin.id],
          eventIds: events.data.map((event) => event.id),
          endpointIds: endpoints.map((endpoint) => endpoint.id),
          codes: new Map(codes.map((code) => [normalizeCode(code), false])),
          unusedCodes: codes,
          idempotencyKeys: new Set<string>(),
        };
      }),
    );
  }, 60_000);

  it("lists exactly the operations this test knows the outcomes of", () => {
    expect(operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`).sort()).toEqual([...OPERATIONS].sort());
  });

  it.each(OPERATIONS)(
    "%s: accepts what the document allows, refuses what it forbids, answers as documented",
    async (name) => {
      const tally = await runOperation(name);
      report(name, tally);

      expect(tally.valid).toBe(VALID_CASES);
      expect(tally.rejected).toEqual([]);
      expect(tally.notRefused).toEqual([]);
      expect(tally.offDocument).toEqual([]);
    },
    120_000,
  );
});
