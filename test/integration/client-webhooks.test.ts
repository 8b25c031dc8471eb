import { verifyWebhookSignature, type TwinCardsEvent } from "@twin-cards/client";
import { afterEach, describe, expect, inject, it } from "vitest";
import { WebhookDeliverer } from "~/adapters/webhooks/deliverer.server";
import { packageClient } from "../support/client-package";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { startWebhookReceiver, type ReceivedWebhook } from "../support/webhook-receiver";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An endpoint registered with the client, one card created, and the delivery the app's deliverer sends for it. */
async function realDelivery(): Promise<{ delivery: ReceivedWebhook; secret: string; event: TwinCardsEvent }> {
  const hook = await startWebhookReceiver();
  cleanups.push(hook.close);
  // The demo server takes http:// to a loopback receiver.
  const { shop, client } = await packageClient({ baseUrl: inject("demoUrl") });
  const endpoint = await client.webhookEndpoints.create({ url: hook.url, eventTypes: ["unit_card.created"] });
  await client.cards.create({ ...cardInput("Signed"), owner: uniqueOwner(), publicKey: walletKey() });

  expect(await new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, log: quietLog }).drainOnce()).toBe(1);

  const [delivery] = hook.received as [ReceivedWebhook];
  const event = await client.events.get(delivery.headers["twin-cards-event-id"] as string);
  return { delivery, secret: endpoint.secret!, event };
}

const timestampOf = (header: string) => Number(/(?:^|,)t=(\d+)/.exec(header)![1]);

describe("the client package's verifyWebhookSignature", () => {
  it("accepts a delivery as the server signed it, as text or bytes; the body is the event the API lists", async () => {
    const { delivery, secret, event } = await realDelivery();
    const header = delivery.headers["twin-cards-signature"] as string;

    expect(await verifyWebhookSignature(delivery.body, header, secret)).toBe(true);
    expect(await verifyWebhookSignature(new TextEncoder().encode(delivery.body), header, secret)).toBe(true);
    expect(JSON.parse(delivery.body)).toEqual(event);
    expect(event).toMatchObject({ type: "unit_card.created", data: { objectType: "unit_card", object: { name: "Signed" } } });
  });

  it("refuses the delivery with its body altered, signed with another secret, or replayed past the tolerance", async () => {
    const { delivery, secret } = await realDelivery();
    const header = delivery.headers["twin-cards-signature"] as string;
    const signedAt = timestampOf(header) * 1000;

    expect(await verifyWebhookSignature(delivery.body.replace('"Signed"', '"Signet"'), header, secret)).toBe(false);
    expect(await verifyWebhookSignature(`${delivery.body} `, header, secret)).toBe(false);
    expect(await verifyWebhookSignature(delivery.body, header, `${secret.slice(0, -1)}x`)).toBe(false);
    expect(await verifyWebhookSignature(delivery.body, header, "")).toBe(false);
    expect(await verifyWebhookSignature(delivery.body, header.replace(/t=\d+/, `t=${signedAt / 1000 - 1}`), secret)).toBe(false);
    expect(await verifyWebhookSignature(delivery.body, undefined, secret)).toBe(false);

    // The receiver example's tolerance (docs/webhooks.md) is 300 s either way; the receiver may choose another.
    expect(await verifyWebhookSignature(delivery.body, header, secret, { now: signedAt + 299_000 })).toBe(true);
    expect(await verifyWebhookSignature(delivery.body, header, secret, { now: signedAt + 360_000 })).toBe(false);
    expect(await verifyWebhookSignature(delivery.body, header, secret, { now: signedAt - 360_000 })).toBe(false);
    expect(await verifyWebhookSignature(delivery.body, header, secret, { now: signedAt + 360_000, toleranceSeconds: 600 })).toBe(true);
  });
});

describe("the client package's webhook debugging", () => {
  it("sends a test event to one endpoint and follows its delivery to SUCCEEDED, with a test key", async () => {
    const hook = await startWebhookReceiver();
    cleanups.push(hook.close);
    const { shop, client } = await packageClient({ baseUrl: inject("demoUrl"), mode: "test" });
    const endpoint = await client.webhookEndpoints.create({ url: hook.url, eventTypes: ["*"] });

    const queued = await client.webhookEndpoints.sendTest(endpoint.id);
    expect(queued).toMatchObject({
      endpointId: endpoint.id,
      eventType: "webhook_endpoint.test",
      status: "PENDING",
      attempts: 0,
      livemode: false,
    });

    expect(await new WebhookDeliverer({ where: { shop }, loopbackAllowed: true, log: quietLog }).drainOnce()).toBe(1);
    const delivered: unknown[] = [];
    for await (const delivery of client.webhookEndpoints.deliveries(endpoint.id)) delivered.push(delivery);
    expect(delivered).toEqual([
      expect.objectContaining({ id: queued.id, status: "SUCCEEDED", attempts: 1, responseStatus: 200, nextAttemptAt: null }),
    ]);
    expect(hook.received.map((request) => request.headers["twin-cards-event-id"])).toEqual([queued.eventId]);
  });
});
