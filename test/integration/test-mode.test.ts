import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Dispatcher } from "~/adapters/notifications/dispatcher.server";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { DomainError } from "~/domain/errors";
import { newId } from "~/domain/ids";
import { http, uniqueShop, USER_AGENT, uniqueClientAddress } from "../support/api";
import { renderedPage, signedProxyUrl } from "../support/app-proxy";
import { cardInput, uniqueName, uniqueOwner, walletKey } from "../support/fixtures";
import { quietLog, unusedTransport } from "../support/notify";

/** A shop with a live key and a test key (docs/decisions/0036-test-mode.md). */
async function shopWithKeys(shop = uniqueShop()) {
  const live = await createApiKey({ shop, label: "live", mode: "live" });
  const test = await createApiKey({ shop, label: "test", mode: "test" });
  return { shop, live: live.key, test: test.key };
}

/** A /v1 call's status and parsed body. */
async function call(key: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await http(path, {
    key,
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    headers: init.headers,
  });
  // The tests read many object shapes; each assertion names the fields it expects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Body = { data?: any; error?: { code: string; message: string } };
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

const emailCard = (name = "Gold membership") => ({ ...cardInput(name), email: `jane+${randomBytes(3).toString("hex")}@example.com` });

describe("test-mode API keys", () => {
  it("say their mode in their prefix: tc_live_… and tc_test_…", async () => {
    const { live, test } = await shopWithKeys();
    expect(live).toMatch(/^tc_live_[A-Za-z0-9_-]{43}$/);
    expect(test).toMatch(/^tc_test_[A-Za-z0-9_-]{43}$/);
  });

  it("keeps a key made before test mode (tc_… with no mode) live", async () => {
    const shop = uniqueShop();
    const key = `tc_${randomBytes(32).toString("base64url")}`;
    await db.apiKey.create({
      data: { id: newId("key"), shop, label: "old", prefix: key.slice(0, 9), keyHash: createHash("sha256").update(key).digest("hex") },
    });

    const created = await call(key, "/v1/unit-cards", { body: { ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() } });

    expect(created.status).toBe(201);
    expect(created.body.data.livemode).toBe(true);
  });

  it("refuses a mode other than live or test, naming the field, and writes no key", async () => {
    const shop = uniqueShop();
    const error = await createApiKey({ shop, label: "x", mode: "sandbox" }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).details).toEqual([{ path: "mode", message: 'Must be one of: "live", "test"' }]);
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
  });
});

describe("test data", () => {
  it("is written with livemode false and seen only by test keys: a live key gets 404, as for another shop's card", async () => {
    const { live, test } = await shopWithKeys();
    const liveCard = (await call(live, "/v1/unit-cards", { body: { ...cardInput("Live"), owner: uniqueOwner(), publicKey: walletKey() } }))
      .body.data;
    const testCard = (await call(test, "/v1/unit-cards", { body: { ...cardInput("Test"), owner: uniqueOwner(), publicKey: walletKey() } }))
      .body.data;

    expect(liveCard.livemode).toBe(true);
    expect(testCard.livemode).toBe(false);
    expect((await call(live, "/v1/unit-cards")).body.data.map((card: { id: string }) => card.id)).toEqual([liveCard.id]);
    expect((await call(test, "/v1/unit-cards")).body.data.map((card: { id: string }) => card.id)).toEqual([testCard.id]);

    const crossed = [await call(live, `/v1/unit-cards/${testCard.id}`), await call(test, `/v1/unit-cards/${liveCard.id}`)];
    for (const answer of crossed) {
      expect(answer.status).toBe(404);
      expect(answer.body.error).toEqual({ code: "NOT_FOUND", message: "Unit card not found", details: [] });
    }
  });

  it("sends no claim message: it is written with status TEST, which no worker sends", async () => {
    const { shop, test } = await shopWithKeys();
    const created = await call(test, "/v1/unit-cards", { body: emailCard() });
    expect(created.status).toBe(201);

    const [message] = await db.notification.findMany({ where: { shop } });
    expect(message).toMatchObject({ status: "TEST", channel: "EMAIL", attempts: 0 });
    const dispatcher = new Dispatcher({ transports: { EMAIL: unusedTransport, SMS: unusedTransport }, where: { shop }, log: quietLog });
    expect(await dispatcher.drainOnce()).toBe(0);
    expect(await db.notification.findUniqueOrThrow({ where: { id: message!.id } })).toMatchObject({
      status: "TEST",
      attempts: 0,
      sentAt: null,
    });
  });

  it("has its own codes: a test code is redeemed with a test key only, and a test key cannot redeem a live code", async () => {
    const { shop, live, test } = await shopWithKeys();
    const testCard = (await call(test, "/v1/unit-cards", { body: emailCard("Test") })).body.data;
    const liveCard = (await call(live, "/v1/unit-cards", { body: emailCard("Live") })).body.data;
    const claim = (code: string) => ({ code, owner: uniqueOwner() });

    const liveTriesTest = await call(live, "/v1/unit-cards/_actions/redeem", { body: claim(testCard.redemption.code) });
    const testTriesLive = await call(test, "/v1/unit-cards/_actions/redeem", { body: claim(liveCard.redemption.code) });
    expect([liveTriesTest.status, testTriesLive.status]).toEqual([404, 404]);
    expect(testTriesLive.body.error?.code).toBe("NOT_FOUND");
    expect(await db.unitCard.findUniqueOrThrow({ where: { id: liveCard.id } })).toMatchObject({
      status: "PENDING_REDEMPTION",
      owner: null,
    });

    const redeemed = await call(test, "/v1/unit-cards/_actions/redeem", { body: claim(testCard.redemption.code) });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toEqual([expect.objectContaining({ id: testCard.id, status: "OWNED", custody: "HELD", livemode: false })]);
    expect(await db.redemption.count({ where: { shop, livemode: false, redeemedAt: { not: null } } })).toBe(1);
  });

  it("counts a test key's redeem attempts apart: a test key spending a code prefix's attempts never locks out a live code", async () => {
    const { live, test } = await shopWithKeys();
    const attempt = (key: string, n: number) =>
      call(key, "/v1/unit-cards/_actions/redeem", { body: { code: `QQQQ-${String(n).padStart(4, "0")}-ZZZZ`, owner: uniqueOwner() } });

    const testAnswers = [];
    for (let n = 0; n < 11; n++) testAnswers.push((await attempt(test, n)).status);
    const liveAnswer = await attempt(live, 99);

    expect(testAnswers).toEqual([...Array(10).fill(404), 429]);
    expect(liveAnswer.status).toBe(404);
  });

  it("lets a test key use a custom code a live card already has, and the other way round", async () => {
    const { live, test } = await shopWithKeys();
    const code = `WELCOME-${randomBytes(3).toString("hex").toUpperCase()}`;
    const withCode = { cards: [cardInput()], redemption: { email: "jane@example.com", code } };
    const batch = (key: string) => call(key, "/v1/unit-cards/_actions/batch", { body: withCode });

    expect((await batch(live)).status).toBe(201);
    expect((await batch(test)).status).toBe(201);
    const again = await batch(test);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "CONFLICT", details: [{ path: "redemption.code", message: "Already in use" }] });
  });

  it("keeps a test key's Idempotency-Keys apart from the live key's", async () => {
    const { live, test } = await shopWithKeys();
    const body = { ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() };
    const headers = { "Idempotency-Key": "order-1001" };

    const first = await call(live, "/v1/unit-cards", { body, headers });
    const other = await call(test, "/v1/unit-cards", { body, headers });
    const replay = await call(test, "/v1/unit-cards", { body, headers });

    expect(other.body.data.id).not.toBe(first.body.data.id);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.data.id).toBe(other.body.data.id);
  });
});

describe("test events and endpoints", () => {
  it("records a test card's event with livemode false, listed only for test keys", async () => {
    const { live, test } = await shopWithKeys();
    await call(live, "/v1/unit-cards", { body: { ...cardInput("Live"), owner: uniqueOwner(), publicKey: walletKey() } });
    const testCard = (await call(test, "/v1/unit-cards", { body: { ...cardInput("Test"), owner: uniqueOwner(), publicKey: walletKey() } }))
      .body.data;

    const testEvents = (await call(test, "/v1/events")).body.data;
    expect(testEvents).toEqual([
      expect.objectContaining({ type: "unit_card.created", livemode: false, data: expect.objectContaining({ object: testCard }) }),
    ]);
    const liveEvents = (await call(live, "/v1/events")).body.data;
    expect(liveEvents.map((event: { livemode: boolean }) => event.livemode)).toEqual([true]);
    expect((await call(live, `/v1/events/${testEvents[0].id}`)).status).toBe(404);
  });

  it("delivers a test event only to test endpoints and a live event only to live ones", async () => {
    const { shop, live, test } = await shopWithKeys();
    const liveEndpoint = (await call(live, "/v1/webhook-endpoints", { body: { url: "https://hooks.example.com/live", eventTypes: ["*"] } }))
      .body.data;
    const testEndpoint = (await call(test, "/v1/webhook-endpoints", { body: { url: "https://hooks.example.com/test", eventTypes: ["*"] } }))
      .body.data;
    expect([liveEndpoint.livemode, testEndpoint.livemode]).toEqual([true, false]);

    const liveCard = (await call(live, "/v1/unit-cards", { body: { ...cardInput("Live"), owner: uniqueOwner(), publicKey: walletKey() } }))
      .body.data;
    const testCard = (await call(test, "/v1/unit-cards", { body: { ...cardInput("Test"), owner: uniqueOwner(), publicKey: walletKey() } }))
      .body.data;

    const deliveries = await db.webhookDelivery.findMany({ where: { shop }, include: { event: true } });
    const sent = deliveries.map((delivery) => [delivery.endpointId, (delivery.event.data as { object: { id: string } }).object.id]);
    expect(sent.sort()).toEqual(
      [
        [liveEndpoint.id, liveCard.id],
        [testEndpoint.id, testCard.id],
      ].sort(),
    );
  });

  it("keeps each mode's endpoints to itself: another mode's endpoint is 404 to read or delete, and stays", async () => {
    const { shop, live, test } = await shopWithKeys();
    const testEndpoint = (await call(test, "/v1/webhook-endpoints", { body: { url: "https://hooks.example.com/test", eventTypes: ["*"] } }))
      .body.data;

    expect((await call(live, "/v1/webhook-endpoints")).body.data).toEqual([]);
    expect((await call(live, `/v1/webhook-endpoints/${testEndpoint.id}`)).status).toBe(404);
    expect((await call(live, `/v1/webhook-endpoints/${testEndpoint.id}`, { method: "DELETE" })).status).toBe(404);
    expect(await db.webhookEndpoint.count({ where: { shop } })).toBe(1);
    expect((await call(test, "/v1/webhook-endpoints")).body.data.map((endpoint: { id: string }) => endpoint.id)).toEqual([testEndpoint.id]);
  });
});

describe("debugging webhooks from the API in test mode", () => {
  it("sends a test event and lists deliveries only for an endpoint of the key's mode; another mode's or shop's endpoint is 404", async () => {
    const { shop, live, test } = await shopWithKeys();
    const other = await shopWithKeys();
    const testEndpoint = (await call(test, "/v1/webhook-endpoints", { body: { url: "https://hooks.example.com/test", eventTypes: ["*"] } }))
      .body.data;
    const sendTest = (key: string) => call(key, `/v1/webhook-endpoints/${testEndpoint.id}/_actions/send-test`, { body: {} });
    const deliveries = (key: string) => call(key, `/v1/webhook-endpoints/${testEndpoint.id}/deliveries`);

    for (const refused of [await sendTest(live), await sendTest(other.test), await deliveries(live), await deliveries(other.test)]) {
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({ code: "NOT_FOUND", message: "Webhook endpoint not found" });
    }
    expect(await db.event.count({ where: { shop: { in: [shop, other.shop] } } })).toBe(0);

    const queued = await sendTest(test);
    expect(queued.status).toBe(202);
    expect(queued.body.data).toMatchObject({ endpointId: testEndpoint.id, eventType: "webhook_endpoint.test", livemode: false });
    expect((await deliveries(test)).body.data).toEqual([queued.body.data]);
    expect((await call(test, `/v1/events/${queued.body.data.eventId}`)).body.data).toMatchObject({ livemode: false });
  });
});

describe("test names and twins", () => {
  it("have a registry of their own: a test name never takes a live one, and a twin goes only to a name of its mode", async () => {
    const { live, test } = await shopWithKeys();
    const name = uniqueName("test-mode");
    const publicKey = walletKey();

    const testName = await call(test, "/v1/names", { body: { name, publicKey } });
    expect(testName.status).toBe(201);
    expect(testName.body.data.livemode).toBe(false);
    expect((await call(live, `/v1/validate-name?name=${name}`)).body.data).toEqual({ available: false, payload: { uns_name: name } });
    expect((await call(test, `/v1/validate-name?name=${name}`)).body.data).toMatchObject({
      available: true,
      payload: { uns_name_id: testName.body.data.uns_name_id },
    });

    const liveName = await call(live, "/v1/names", { body: { name, publicKey } });
    expect(liveName.status).toBe(201);

    const twin = (nameId: string) => ({
      name_id: nameId,
      public_key: publicKey,
      title: "Chronograph",
      description: "",
      quantity: 1,
      brand: "Acme",
      creator: "Atelier",
    });
    const testTwin = await call(test, "/v1/issue-digital-twin", { body: twin(testName.body.data.uns_name_id) });
    expect(testTwin.status).toBe(201);
    expect(testTwin.body.data).toMatchObject({ livemode: false, chain: null });
    const crossed = await call(test, "/v1/issue-digital-twin", { body: twin(liveName.body.data.uns_name_id) });
    expect(crossed.status).toBe(422);
    expect(crossed.body.error).toMatchObject({ details: [{ path: "name_id", message: expect.stringContaining("No universal name") }] });
    expect((await call(live, `/v1/digital-twins/${testTwin.body.data.id}`)).status).toBe(404);
    expect((await call(live, "/v1/digital-twins")).body.data).toEqual([]);
  });
});

describe("the verify page of a test item", () => {
  it("shows it as a test item, never as verified", async () => {
    const { shop, test } = await shopWithKeys();
    const card = (await call(test, "/v1/unit-cards", { body: { ...cardInput("Test pass"), owner: uniqueOwner(), publicKey: walletKey() } }))
      .body.data;
    const token = (card.verifyUrl as string).split("/").at(-1)!;

    const response = await fetch(signedProxyUrl(`/proxy/v/${token}`, { shop }), {
      headers: { "User-Agent": USER_AGENT, "X-Forwarded-For": uniqueClientAddress() },
    });
    const page = await renderedPage(response);

    expect(response.status).toBe(200);
    expect(page).toContain("Test item:");
    expect(page).toContain("It is not a real item and proves nothing.");
    expect(page).not.toContain("Verified: issued by");
  });
});
