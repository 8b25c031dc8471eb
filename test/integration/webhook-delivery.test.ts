import { afterEach, describe, expect, inject, it } from "vitest";
import { TwinCardsClient, verifyWebhookSignature } from "@twin-cards/client";
import { FAILURE_WINDOW_MS, WebhookDeliverer } from "~/adapters/webhooks/deliverer.server";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createCard } from "~/domain/cards.server";
import { createWebhookEndpoint, resendDelivery, sendTestEvent } from "~/domain/webhook-endpoints.server";
import { USER_AGENT, uniqueShop } from "../support/api";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { startWebhookReceiver, type Answer } from "../support/webhook-receiver";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(answers: Answer[] = []) {
  const started = await startWebhookReceiver(answers);
  cleanups.push(started.close);
  return started;
}

/** A deliverer for one shop's rows on the test's clock. */
const delivererFor = (shop: string, clock = { now: new Date() }, options: ConstructorParameters<typeof WebhookDeliverer>[0] = {}) =>
  new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, now: () => clock.now, log: quietLog, ...options });

/** A shop with an endpoint at `url` taking every event, and one owned card created (so one delivery is queued). */
async function shopWithDelivery(url: string) {
  const shop = uniqueShop();
  const endpoint = await createWebhookEndpoint(shop, { url, eventTypes: ["*"] });
  await createCard(shop, { ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() });
  const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { shop } });
  return { shop, endpoint, delivery };
}

/** Time passes until the delivery's next attempt. */
const makeDue = (id: string) => db.webhookDelivery.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
const deliveryRow = (id: string) => db.webhookDelivery.findUniqueOrThrow({ where: { id } });

describe("webhook delivery", () => {
  it("sends an integrator's unit_card.redeemed, signed so that verifyWebhookSignature accepts it and refuses it altered", async () => {
    const hook = await receiver();
    const shop = uniqueShop();
    const { key } = await createApiKey({ shop, label: "webhooks" });
    // The demo server allows http:// to a loopback receiver.
    const client = new TwinCardsClient({
      baseUrl: inject("demoUrl"),
      apiKey: key,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, "User-Agent": USER_AGENT } }),
    });
    const endpoint = await client.webhookEndpoints.create({ url: hook.url, eventTypes: ["unit_card.redeemed"] });
    const card = await client.cards.create({ ...cardInput(), email: "jane@example.com" });
    await client.cards.redeem({ code: card.redemption!.code!, owner: uniqueOwner(), publicKey: walletKey() });

    expect(await delivererFor(shop).drainOnce()).toBe(1);

    expect(hook.received).toHaveLength(1);
    const [{ headers, body }] = hook.received as [(typeof hook.received)[0]];
    const [logged] = (await client.events.list({ type: "unit_card.redeemed" })).data;
    expect(JSON.parse(body)).toEqual(logged);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["twin-cards-event-id"]).toBe(logged!.id);
    const signature = headers["twin-cards-signature"] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyWebhookSignature(body, signature, endpoint.secret!)).toBe(true);
    expect(await verifyWebhookSignature(body.replace("OWNED", "PENDING_REDEMPTION"), signature, endpoint.secret!)).toBe(false);
    const t = Number(/t=(\d+)/.exec(signature)![1]);
    expect(await verifyWebhookSignature(body, signature.replace(`t=${t}`, `t=${t + 1}`), endpoint.secret!)).toBe(false);
    expect(await verifyWebhookSignature(body, signature, "whsec_another")).toBe(false);
    expect(await verifyWebhookSignature(body, signature, endpoint.secret!, { now: (t + 301) * 1000 })).toBe(false);

    const [row] = await db.webhookDelivery.findMany({ where: { shop } });
    expect(row).toMatchObject({ status: "SUCCEEDED", attempts: 1, responseStatus: 200, lastError: null });
  });

  it("retries after a 500, then succeeds with the same event id", async () => {
    const hook = await receiver([{ status: 500 }]);
    const { shop, delivery } = await shopWithDelivery(hook.url);
    const deliverer = delivererFor(shop);
    const before = Date.now();
    await deliverer.drainOnce();
    const failed = await deliveryRow(delivery.id);
    expect(failed).toMatchObject({ status: "PENDING", attempts: 1, responseStatus: 500, lastError: "The endpoint answered 500" });
    // The first retry waits 30-60 s (1 minute doubling, half of it jitter).
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);

    await makeDue(delivery.id);
    await deliverer.drainOnce();
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "SUCCEEDED", attempts: 2, responseStatus: 200 });
    expect(hook.received.map((request) => request.headers["twin-cards-event-id"])).toEqual([delivery.eventId, delivery.eventId]);
  });

  it("waits at least Retry-After after a 429", async () => {
    const hook = await receiver([{ status: 429, headers: { "Retry-After": "7200" } }]);
    const { shop, delivery } = await shopWithDelivery(hook.url);
    const before = Date.now();
    await delivererFor(shop).drainOnce();
    const row = await deliveryRow(delivery.id);
    expect(row).toMatchObject({ status: "PENDING", responseStatus: 429 });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 7_200_000);
  });

  it("does not retry after a 400", async () => {
    const hook = await receiver([{ status: 400 }]);
    const { shop, delivery } = await shopWithDelivery(hook.url);
    const deliverer = delivererFor(shop);
    await deliverer.drainOnce();
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: "FAILED",
      attempts: 1,
      responseStatus: 400,
      lastError: "The endpoint answered 400",
    });
    await makeDue(delivery.id);
    expect(await deliverer.drainOnce()).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it("disables an endpoint whose deliveries have failed for 3 days, ending its waiting deliveries and queueing no more", async () => {
    const hook = await receiver(Array.from({ length: 5 }, () => ({ status: 503 })));
    const { shop, endpoint, delivery } = await shopWithDelivery(hook.url);
    const clock = { now: new Date() };
    const deliverer = delivererFor(shop, clock);
    await deliverer.drainOnce();
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({
      status: "ENABLED",
      failingSince: clock.now,
    });

    // A second event waits while the first is retried.
    await createCard(shop, { ...cardInput("Second"), owner: uniqueOwner(), publicKey: walletKey() });
    const waiting = await db.webhookDelivery.findFirstOrThrow({ where: { shop, NOT: { id: delivery.id } } });
    await db.webhookDelivery.update({ where: { id: waiting.id }, data: { nextAttemptAt: new Date(Date.now() + 3_600_000) } });

    clock.now = new Date(clock.now.getTime() + FAILURE_WINDOW_MS + 60_000);
    await makeDue(delivery.id);
    await deliverer.drainOnce();

    const disabled = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(disabled).toMatchObject({ status: "DISABLED", disabledReason: expect.stringContaining("failed for 3 days") });
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "FAILED", lastError: expect.stringContaining("disabled") });
    expect(await deliveryRow(waiting.id)).toMatchObject({ status: "FAILED" });
    await createCard(shop, { ...cardInput("Third"), owner: uniqueOwner(), publicKey: walletKey() });
    expect(await db.webhookDelivery.count({ where: { shop } })).toBe(2);
  });

  it("delivers each event once with two workers racing; a row whose worker died is taken again after its lease", async () => {
    const hook = await receiver();
    const shop = uniqueShop();
    await createWebhookEndpoint(shop, { url: hook.url, eventTypes: ["unit_card.created"] });
    await createCard(shop, { ...cardInput(), owner: uniqueOwner(), publicKey: walletKey() });
    const batch = {
      cards: Array.from({ length: 20 }, (_, index) => cardInput(`Card ${index}`)),
      owner: uniqueOwner(),
      publicKey: walletKey(),
    };
    const { createCardBatch } = await import("~/domain/cards.server");
    await createCardBatch(shop, batch);
    // The first delivery's worker was killed mid-send: SENDING, its lease expired.
    const [abandoned] = await db.webhookDelivery.findMany({ where: { shop }, orderBy: { id: "asc" }, take: 1 });
    await db.webhookDelivery.update({
      where: { id: abandoned!.id },
      data: { status: "SENDING", attempts: 1, lockedUntil: new Date(Date.now() - 1) },
    });

    const workers = [delivererFor(shop, undefined, { batchSize: 7 }), delivererFor(shop, undefined, { batchSize: 7 })];
    while ((await Promise.all(workers.map((worker) => worker.drainOnce()))).some((handled) => handled > 0));

    const ids = hook.received.map((request) => request.headers["twin-cards-event-id"]);
    expect(ids).toHaveLength(21);
    expect(new Set(ids).size).toBe(21);
    expect(await db.webhookDelivery.count({ where: { shop, status: "SUCCEEDED" } })).toBe(21);
    expect(await deliveryRow(abandoned!.id)).toMatchObject({ attempts: 2 });
  });

  it("never waits past the timeout for a silent receiver, nor reads an endless answer", async () => {
    const hook = await receiver([{ hang: true }, { status: 200, endless: true }]);
    const { shop, delivery } = await shopWithDelivery(hook.url);
    const deliverer = delivererFor(shop, undefined, { timeoutMs: 300 });
    await deliverer.drainOnce();
    expect(await deliveryRow(delivery.id)).toMatchObject({
      status: "PENDING",
      responseStatus: null,
      lastError: "No complete answer within 0.3 s",
    });
    await makeDue(delivery.id);
    await deliverer.drainOnce();
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: "SUCCEEDED", responseStatus: 200 });
  });

  it("refuses to connect where production may not: a loopback receiver, by address or by name", async () => {
    const hook = await receiver();
    for (const url of [hook.url, `http://localhost:${hook.port}/webhooks`]) {
      const { shop, delivery } = await shopWithDelivery(url);
      await delivererFor(shop, undefined, { loopbackAllowed: false }).drainOnce();
      expect(await deliveryRow(delivery.id)).toMatchObject({
        status: "FAILED",
        lastError: expect.stringMatching(/private or local address/),
      });
    }
    expect(hook.received).toEqual([]);
  });

  it('sends a test event once, to that endpoint alone, though it and another endpoint take every event ("*")', async () => {
    const [mine, other] = [await receiver(), await receiver()];
    const shop = uniqueShop();
    const endpoint = await createWebhookEndpoint(shop, { url: mine.url, eventTypes: ["*"] });
    await createWebhookEndpoint(shop, { url: other.url, eventTypes: ["*"] });

    const eventId = await sendTestEvent(shop, endpoint.id);
    await delivererFor(shop).drainOnce();

    expect(await db.webhookDelivery.findMany({ where: { shop }, select: { endpointId: true, eventId: true } })).toEqual([
      { endpointId: endpoint.id, eventId },
    ]);
    expect(mine.received.map((request) => JSON.parse(request.body).id)).toEqual([eventId]);
    expect(other.received).toEqual([]);
  });

  it("sends a test event to one endpoint, and Resend sends a delivery's event again", async () => {
    const hook = await receiver();
    const shop = uniqueShop();
    const endpoint = await createWebhookEndpoint(shop, { url: hook.url, eventTypes: ["nft.minted"] });
    const eventId = await sendTestEvent(shop, endpoint.id);
    const deliverer = delivererFor(shop);
    await deliverer.drainOnce();
    const [first] = await db.webhookDelivery.findMany({ where: { shop } });
    await resendDelivery(shop, first!.id);
    await deliverer.drainOnce();
    expect(hook.received.map((request) => JSON.parse(request.body))).toEqual([
      expect.objectContaining({
        id: eventId,
        type: "webhook_endpoint.test",
        data: { objectType: "webhook_test", object: expect.objectContaining({ endpointId: endpoint.id }) },
      }),
      expect.objectContaining({ id: eventId }),
    ]);
  });
});
