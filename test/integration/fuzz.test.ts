import { readdirSync, writeFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { createApiKey, revokeApiKey } from "~/domain/api-keys.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { API_SECRET } from "../support/admin";
import { http, uniqueShop } from "../support/api";
import { proxyFetch, signedProxyUrl, uniqueCustomerId } from "../support/app-proxy";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { bodyText, findingRecord, findingsReport, problemsOf, type Finding } from "../support/fuzz/checks";
import { fuzzRequests, type FuzzContext } from "../support/fuzz/families";
import { Random, fuzzSeed } from "../support/fuzz/random";
import { sendRaw } from "../support/fuzz/raw-http";
import { serialize, type FuzzRequest } from "../support/fuzz/request";

// Junk over every route family, from a seed printed first so a failure can be
// replayed: FUZZ_SEED=<seed> npx vitest run test/integration/fuzz.test.ts
const REQUESTS = 10_000;
const IN_FLIGHT = 16;
const servers = { base: new URL(inject("baseUrl")), demo: new URL(inject("demoUrl")) };

/** Keys, a card a customer owns, codes, a name and a twin: what lets junk get past authentication into the domain. */
async function arrange(): Promise<FuzzContext> {
  const shop = uniqueShop();
  const apiKeys = await Promise.all(Array.from({ length: 20 }, async () => (await createApiKey({ shop, label: "fuzz" })).key));
  const revoked = await createApiKey({ shop, label: "fuzz revoked" });
  await revokeApiKey(shop, revoked.apiKey.id);
  const customerId = uniqueCustomerId();
  const key = walletKey();
  const owned = await createCard(shop, { ...cardInput("Fuzz owned"), owner: `shopify|${customerId}`, publicKey: key });
  const pending = await Promise.all(
    Array.from({ length: 5 }, () => createCard(shop, { ...cardInput("Fuzz pending"), email: "fuzz@example.com" })),
  );
  const name = await registerName(shop, { name: uniqueName("fuzz"), publicKey: key });
  const twin = await issueTwin(shop, { public_key: key, name_id: name.uns_name_id, title: "Fuzz twin", quantity: 1 });
  return {
    apiKeys,
    revokedKey: revoked.key,
    cardId: owned.id,
    twinId: twin.id,
    nameId: name.uns_name_id,
    walletKey: key,
    codes: pending.map((card) => card.redemption!.code!),
    proxy: { shop, customerId },
    webhookShop: uniqueShop(),
    adminShop: uniqueShop(),
    apiSecret: API_SECRET,
    assets: readdirSync("build/client/assets")
      .slice(0, 20)
      .map((file) => `/assets/${file}`),
  };
}

/** Sends `count` requests from `requests`, `IN_FLIGHT` at a time, and checks each answer. */
async function send(requests: Iterator<FuzzRequest>, count: number) {
  const findings: Finding[] = [];
  const statuses = new Map<string, number>();
  const families = new Map<string, { sent: number; succeeded: number }>();
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started++;
      const request = requests.next().value as FuzzRequest;
      const server = servers[request.server];
      const exchange = await sendRaw(server, serialize(request, server.host), request.method);
      const status = "response" in exchange ? exchange.response.status : null;
      statuses.set(String(status ?? "no answer"), (statuses.get(String(status ?? "no answer")) ?? 0) + 1);
      const family = families.get(request.family) ?? { sent: 0, succeeded: 0 };
      families.set(request.family, { sent: family.sent + 1, succeeded: family.succeeded + (status !== null && status < 300 ? 1 : 0) });
      const problems = problemsOf(request, exchange);
      if (problems.length) {
        findings.push({
          request,
          status,
          problems,
          body: "response" in exchange ? (bodyText(exchange.response) ?? exchange.response.body.toString("utf8")) : exchange.error,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { findings, statuses, families };
}

describe("junk over every route family", () => {
  it(`answers ${REQUESTS} seeded junk requests without a 5xx, framework text, stack trace or path, and stays healthy`, async () => {
    const seed = fuzzSeed();
    console.log(`fuzz seed ${seed} — replay: FUZZ_SEED=${seed} npx vitest run test/integration/fuzz.test.ts`);
    const context = await arrange();

    const started = performance.now();
    const { findings, statuses, families } = await send(fuzzRequests(new Random(seed), context), REQUESTS);
    const seconds = (performance.now() - started) / 1000;

    const histogram = [...statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
    const reach = [...families].map(([family, { sent, succeeded }]) => `${family} ${sent} (${succeeded} 2xx)`).join(", ");
    console.log(`fuzz seed ${seed}: ${REQUESTS} requests in ${seconds.toFixed(1)} s; statuses ${histogram}; families ${reach}`);
    // FUZZ_FINDINGS=<file>: every finding as a JSON line, for a closer look than the assertion message gives.
    if (process.env.FUZZ_FINDINGS)
      writeFileSync(process.env.FUZZ_FINDINGS, findings.map((finding) => JSON.stringify(findingRecord(finding))).join("\n"));
    expect(findings.length, `seed ${seed}: ${findingsReport(findings)}`).toBe(0);

    // Still healthy: an authenticated API read and a signed storefront read.
    const { key } = await createApiKey({ shop: context.proxy.shop, label: "after fuzz" });
    const list = await http("/v1/unit-cards", { key });
    expect(list.status, await list.clone().text()).toBe(200);
    const cards = await proxyFetch(signedProxyUrl("/proxy/cards", { shop: context.proxy.shop, customerId: context.proxy.customerId }));
    expect(cards.status).toBe(200);
    expect(await cards.text()).toContain(context.cardId);
    // A bound for a hung server, not a speed target: the 10,000 requests take 60–85 s on the 2-core CI machine
    // with the rest of the suite running beside them, and past 120 s when the machine is busy with more.
  }, 300_000);
});
