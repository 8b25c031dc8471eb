import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureHeader, WebhookDeliverer } from "~/adapters/webhooks/deliverer.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createWebhookEndpoint } from "~/domain/webhook-endpoints.server";
import { STATUS_OF, type ApiErrorCode } from "~/faces/api/errors";
import { CODE_MEANINGS } from "~/faces/api/openapi-errors.server";
import { http, uniqueShop } from "../support/api";
import { quietLog } from "../support/notify";
import { fetchDocument, type OpenApiDocument } from "../support/openapi-document";
import { startWebhookReceiver } from "../support/webhook-receiver";

const run = promisify(execFile);

/*
 * The guide the reference shows around the operations (issue 29): errors, limits,
 * idempotency, pagination and webhooks — and the two signature verifiers integrators
 * copy from it, run here on a test event the app delivered over HTTP and on signatures the
 * deliverer's own signing code makes (replayed, altered, another secret, junk).
 */

let document: OpenApiDocument;
let directory: string;
let delivered: Case[];

const section = (name: string) => {
  const tag = (document.tags as { name: string; description: string }[]).find((candidate) => candidate.name === name);
  if (!tag) throw new Error(`No guide section ${name}`);
  return tag.description;
};

/** The one fenced block of `language` in a section. */
function codeBlock(text: string, language: string): string {
  const blocks = [...text.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)\\n```", "g"))];
  expect(blocks, language).toHaveLength(1);
  return blocks[0]![1]!;
}

const SECRET = "whsec_TestSecretForTheGuideVerifiers0123456789abc";
// Not ASCII, so a verifier that hashes characters instead of bytes fails.
const BODY = JSON.stringify({
  id: "evt_01JDQ8M4N5P6Q7R8S9T0V1W2XY",
  type: "unit_card.redeemed",
  data: { object: { name: "Café ☕ pass" } },
});

interface Case {
  name: string;
  body: string;
  header: string;
  secret: string;
  valid: boolean;
}

/**
 * A real delivery: an endpoint's test event (POST .../_actions/send-test over HTTP), sent by the
 * deliverer to a receiver on loopback, as the receiver read it; with the endpoint's secret.
 */
async function deliveredTestEvent(): Promise<Case[]> {
  const hook = await startWebhookReceiver();
  try {
    const shop = uniqueShop();
    const { key } = await createApiKey({ shop, label: "guide" });
    const endpoint = await createWebhookEndpoint(shop, { url: hook.url, eventTypes: ["unit_card.redeemed"] });
    const sent = await http(`/v1/webhook-endpoints/${endpoint.id}/_actions/send-test`, { method: "POST", key, body: "{}" });
    expect(sent.status).toBe(202);
    await new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, log: quietLog }).drainOnce();
    expect(hook.received).toHaveLength(1);
    const [{ body, headers }] = hook.received as [(typeof hook.received)[0]];
    const header = headers["twin-cards-signature"] as string;
    expect(JSON.parse(body)).toMatchObject({ type: "webhook_endpoint.test" });
    return [
      { name: "a delivered test event", body, header, secret: endpoint.secret!, valid: true },
      {
        name: "a delivered test event, body altered",
        body: body.replace("webhook_endpoint.test", "unit_card.redeemed"),
        header,
        secret: endpoint.secret!,
        valid: false,
      },
      { name: "a delivered test event, another endpoint's secret", body, header, secret: SECRET, valid: false },
    ];
  } finally {
    await hook.close();
  }
}

/** Signatures as the deliverer makes them, and what a verifier must say of each. */
function cases(): Case[] {
  const now = Math.floor(Date.now() / 1000);
  return [
    ...delivered,
    { name: "signed now", body: BODY, header: signatureHeader(SECRET, BODY, now), secret: SECRET, valid: true },
    { name: "signed 4 minutes ago", body: BODY, header: signatureHeader(SECRET, BODY, now - 240), secret: SECRET, valid: true },
    { name: "signed 6 minutes ago (a replay)", body: BODY, header: signatureHeader(SECRET, BODY, now - 360), secret: SECRET, valid: false },
    {
      name: "another body",
      body: BODY.replace("redeemed", "created"),
      header: signatureHeader(SECRET, BODY, now),
      secret: SECRET,
      valid: false,
    },
    { name: "another secret", body: BODY, header: signatureHeader(SECRET, BODY, now), secret: `${SECRET}x`, valid: false },
    {
      name: "the time changed",
      body: BODY,
      header: signatureHeader(SECRET, BODY, now).replace(`t=${now}`, `t=${now + 1}`),
      secret: SECRET,
      valid: false,
    },
    { name: "no signature", body: BODY, header: "", secret: SECRET, valid: false },
    { name: "junk", body: BODY, header: "t=,v1=é,=,,v1", secret: SECRET, valid: false },
  ];
}

beforeAll(async () => {
  document = await fetchDocument();
  directory = mkdtempSync(path.join(os.tmpdir(), "twin-cards-guide-"));
  delivered = await deliveredTestEvent();
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("the reference's guide", () => {
  it("lists every error code of the app's error table with its status and meaning, in the guide and in each error answer", () => {
    const errors = section("Errors");
    const codes = Object.keys(STATUS_OF) as ApiErrorCode[];
    const documented = (
      document.components.schemas as Record<string, { properties: Record<string, { properties: Record<string, { enum: string[] }> }> }>
    ).Error!.properties.error!.properties.code!.enum;
    const responses = document.components.responses as Record<string, { description: string }>;

    expect(codes.length).toBeGreaterThan(10);
    expect([...documented].sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(CODE_MEANINGS[code].length, code).toBeGreaterThan(15);
      expect(errors, code).toContain(`| ${STATUS_OF[code]} | \`${code}\` | ${CODE_MEANINGS[code]} |`);
      // Each status's error answer names its codes and their meanings (405 is answered by no documented operation).
      const response = responses[`Error${STATUS_OF[code]}`];
      if (response) expect(response.description, code).toContain(`${code}: ${CODE_MEANINGS[code]}`);
    }
    expect(errors).toContain('"code": "VALIDATION_FAILED"');
  });

  it("states the limits, idempotency and pagination as the API applies them", () => {
    expect(section("Limits")).toMatch(/20 a second sustained, bursts of 100/);
    expect(section("Limits")).toMatch(/10 a minute per code prefix/);
    expect(section("Limits")).toMatch(/1 MiB/);
    expect(section("Idempotency")).toMatch(/Idempotency-Key[\s\S]*24 hours[\s\S]*Idempotent-Replayed: true/);
    expect(section("Pagination")).toMatch(/nextCursor[\s\S]*cursor[\s\S]*null/);
    expect(section("Authentication")).toContain("Authorization: Bearer <api key>");
    expect(section("Test mode")).toMatch(
      /tc_live_[\s\S]*tc_test_[\s\S]*--mode test[\s\S]*livemode[\s\S]*404[\s\S]*never sent[\s\S]*minted/,
    );
    expect(section("Webhooks and signatures")).toContain('t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">');
  });

  it("has a Node verifier that accepts a delivered event and the deliverer's signatures, and refuses altered, replayed or junk ones", async () => {
    writeFileSync(path.join(directory, "verifier.mjs"), codeBlock(section("Webhooks and signatures"), "js"));
    writeFileSync(
      path.join(directory, "check.mjs"),
      [
        'import { verifyTwinCardsSignature } from "./verifier.mjs";',
        "const cases = JSON.parse(process.argv[2]);",
        // Express's raw body is a Buffer; a string must do as well.
        "const verdicts = cases.flatMap((c) => [verifyTwinCardsSignature(Buffer.from(c.body), c.header, c.secret), verifyTwinCardsSignature(c.body, c.header, c.secret)]);",
        "console.log(JSON.stringify(verdicts));",
      ].join("\n"),
    );
    const all = cases();
    const { stdout } = await run(process.execPath, [path.join(directory, "check.mjs"), JSON.stringify(all)]);

    expect(JSON.parse(stdout)).toEqual(all.flatMap((c) => [c.valid, c.valid]));
  });

  it("has a Python verifier that accepts a delivered event and the deliverer's signatures, and refuses altered, replayed or junk ones", async () => {
    writeFileSync(path.join(directory, "verifier.py"), codeBlock(section("Webhooks and signatures"), "python"));
    writeFileSync(
      path.join(directory, "check.py"),
      [
        "import json, sys",
        "from verifier import verify_twin_cards_signature",
        "cases = json.loads(sys.argv[1])",
        'print(json.dumps([verify_twin_cards_signature(c["body"].encode(), c["header"], c["secret"]) for c in cases]))',
      ].join("\n"),
    );
    const all = cases();
    const { stdout } = await run("python3", [path.join(directory, "check.py"), JSON.stringify(all)], { cwd: directory });

    expect(JSON.parse(stdout)).toEqual(all.map((c) => c.valid));
  });
});
