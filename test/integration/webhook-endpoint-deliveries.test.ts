import { afterEach, describe, expect, it } from "vitest";
import { WebhookDeliverer } from "~/adapters/webhooks/deliverer.server";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createWebhookEndpoint } from "~/domain/webhook-endpoints.server";
import { http, uniqueShop } from "../support/api";
import { quietLog } from "../support/notify";
import { startWebhookReceiver, type Answer } from "../support/webhook-receiver";

// Issue 29, part 4: an integrator tests an endpoint and reads its deliveries without the admin.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(answers: Answer[] = []) {
  const started = await startWebhookReceiver(answers);
  cleanups.push(started.close);
  return started;
}

/** A shop with an API key and an endpoint at `url` (loopback: the test wiring allows it). */
async function shopWithEndpoint(url = "https://example.com/hooks", eventTypes = ["*"]) {
  const shop = uniqueShop();
  const { key } = await createApiKey({ shop, label: "deliveries" });
  const endpoint = await createWebhookEndpoint(shop, { url, eventTypes });
  return { shop, key, endpoint };
}

const sendTest = (key: string, id: string, init: RequestInit = {}) =>
  http(`/v1/webhook-endpoints/${id}/_actions/send-test`, { method: "POST", key, body: "{}", ...init });
const deliveries = (key: string, id: string, query = "") => http(`/v1/webhook-endpoints/${id}/deliveries${query}`, { key });

const drain = (shop: string, options: ConstructorParameters<typeof WebhookDeliverer>[0] = {}) =>
  new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, log: quietLog, ...options }).drainOnce();

const UNKNOWN_ENDPOINT = "we_01JZZZZZZZZZZZZZZZZZZZZZZZ";

describe("POST /v1/webhook-endpoints/{id}/_actions/send-test", () => {
  it("answers 202 with the one delivery it queued, and the endpoint receives the test event once", async () => {
    const hook = await receiver();
    const { shop, key, endpoint } = await shopWithEndpoint(hook.url);
    const other = await receiver();
    await createWebhookEndpoint(shop, { url: other.url, eventTypes: ["*"] });

    const response = await sendTest(key, endpoint.id);
    expect(response.status).toBe(202);
    const { data } = await response.json();
    expect(data).toEqual({
      id: expect.stringMatching(/^whd_/),
      endpointId: endpoint.id,
      eventId: expect.stringMatching(/^evt_/),
      eventType: "webhook_endpoint.test",
      status: "PENDING",
      attempts: 0,
      responseStatus: null,
      lastError: null,
      nextAttemptAt: expect.any(String),
      deliveredAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      livemode: true,
    });
    const event = await (await http(`/v1/events/${data.eventId}`, { key })).json();
    expect(event.data).toMatchObject({
      type: "webhook_endpoint.test",
      data: { objectType: "webhook_test", object: { endpointId: endpoint.id } },
    });

    await drain(shop);
    expect(hook.received.map((request) => request.headers["twin-cards-event-id"])).toEqual([data.eventId]);
    // An endpoint subscribed to "*" is not sent another's test event.
    expect(other.received).toEqual([]);
  });

  it("does the work once for a repeated Idempotency-Key and replays the answer", async () => {
    const { shop, key, endpoint } = await shopWithEndpoint();
    const headers = { "Idempotency-Key": `send-test-${endpoint.id}` };

    const first = await sendTest(key, endpoint.id, { headers });
    const second = await sendTest(key, endpoint.id, { headers });

    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    expect(await db.webhookDelivery.count({ where: { shop } })).toBe(1);
    expect(await db.event.count({ where: { shop } })).toBe(1);
  });

  it("answers another shop's endpoint exactly as an unknown one, 404, and sends nothing", async () => {
    const theirs = await shopWithEndpoint();
    const mine = await shopWithEndpoint();

    const foreign = await sendTest(mine.key, theirs.endpoint.id);
    const unknown = await sendTest(mine.key, UNKNOWN_ENDPOINT);

    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.json()).toEqual(await unknown.json());
    expect(await db.event.count({ where: { shop: { in: [mine.shop, theirs.shop] } } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: theirs.endpoint.id } })).toBe(0);
  });

  it("refuses a body with fields (422 naming the field) and a missing or wrong key (401), writing nothing", async () => {
    const { shop, key, endpoint } = await shopWithEndpoint();

    const withField = await sendTest(key, endpoint.id, { body: JSON.stringify({ message: "hi" }) });
    expect(withField.status).toBe(422);
    expect((await withField.json()).error).toMatchObject({
      code: "VALIDATION_FAILED",
      details: [{ path: "message", message: "Unknown field" }],
    });

    const noKey = await http(`/v1/webhook-endpoints/${endpoint.id}/_actions/send-test`, { method: "POST", body: "{}" });
    const wrongKey = await sendTest("tc_not_a_key", endpoint.id);
    expect([noKey.status, wrongKey.status]).toEqual([401, 401]);
    expect((await wrongKey.json()).error.code).toBe("UNAUTHENTICATED");
    expect(await db.event.count({ where: { shop } })).toBe(0);
  });
});

describe("GET /v1/webhook-endpoints/{id}/deliveries", () => {
  it("shows each attempt's outcome: the status answered, the error in a sentence, the next attempt", async () => {
    const hook = await receiver([{ status: 500 }]);
    const { shop, key, endpoint } = await shopWithEndpoint(hook.url);
    const { data: sent } = await (await sendTest(key, endpoint.id)).json();

    const before = Date.now();
    await drain(shop);
    const {
      data: [failed],
    } = await (await deliveries(key, endpoint.id)).json();
    expect(failed).toMatchObject({
      id: sent.id,
      status: "PENDING",
      attempts: 1,
      responseStatus: 500,
      lastError: "The endpoint answered 500",
      deliveredAt: null,
    });
    expect(Date.parse(failed.nextAttemptAt)).toBeGreaterThanOrEqual(before + 30_000);
    expect(Date.parse(failed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(sent.updatedAt));

    await db.webhookDelivery.update({ where: { id: sent.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    await drain(shop);
    const {
      data: [succeeded],
    } = await (await deliveries(key, endpoint.id)).json();
    expect(succeeded).toMatchObject({
      id: sent.id,
      status: "SUCCEEDED",
      attempts: 2,
      responseStatus: 200,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(Date.parse(succeeded.deliveredAt)).toBeGreaterThanOrEqual(before);
  });

  it("says an error of ours in a sentence, without its internals", async () => {
    const { shop, key, endpoint } = await shopWithEndpoint();
    await sendTest(key, endpoint.id);

    await drain(shop, {
      post: async () => {
        throw new Error("EACCES: /srv/twin-cards/build/secret-box.js:42");
      },
    });

    const {
      data: [row],
    } = await (await deliveries(key, endpoint.id)).json();
    expect(row).toMatchObject({
      status: "PENDING",
      attempts: 1,
      responseStatus: null,
      lastError: "Not sent because of an error on our side; it is retried",
    });
  });

  it("pages the endpoint's deliveries newest first, and only that endpoint's", async () => {
    const { shop, key, endpoint } = await shopWithEndpoint();
    const other = await createWebhookEndpoint(shop, { url: "https://example.com/other", eventTypes: ["*"] });
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) sent.push((await (await sendTest(key, endpoint.id)).json()).data.id);
    await sendTest(key, other.id);

    const first = await (await deliveries(key, endpoint.id, "?limit=2")).json();
    expect(first.data.map((row: { id: string }) => row.id)).toEqual([sent[2], sent[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await (await deliveries(key, endpoint.id, `?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second).toEqual({ data: [expect.objectContaining({ id: sent[0] })], nextCursor: null });
  });

  it("answers another shop's endpoint exactly as an unknown one, 404", async () => {
    const theirs = await shopWithEndpoint();
    await sendTest(theirs.key, theirs.endpoint.id);
    const mine = await shopWithEndpoint();

    const foreign = await deliveries(mine.key, theirs.endpoint.id);
    const unknown = await deliveries(mine.key, UNKNOWN_ENDPOINT);

    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.json()).toEqual(await unknown.json());
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=ten", "limit"],
    ["?cursor=not-a-cursor", "cursor"],
    // A cursor of another list (events) is no cursor of this one.
    [`?cursor=${Buffer.from("evt_01JZZZZZZZZZZZZZZZZZZZZZZZ").toString("base64url")}`, "cursor"],
    ["?status=FAILED", "status"],
  ])("refuses %s with 422 at %j", async (query, path) => {
    const { key, endpoint } = await shopWithEndpoint();
    const response = await deliveries(key, endpoint.id, query);
    expect(response.status).toBe(422);
    expect((await response.json()).error).toMatchObject({ code: "VALIDATION_FAILED", details: [expect.objectContaining({ path })] });
  });

  it("refuses a missing or wrong key with 401", async () => {
    const { endpoint } = await shopWithEndpoint();
    const noKey = await http(`/v1/webhook-endpoints/${endpoint.id}/deliveries`);
    const wrongKey = await deliveries("tc_not_a_key", endpoint.id);
    expect([noKey.status, wrongKey.status]).toEqual([401, 401]);
  });
});
