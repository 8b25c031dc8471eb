import { randomBytes } from "node:crypto";
import { conflict, fieldError, notFound } from "./errors";
import { recordEvent } from "./events.server";
import { newId } from "./ids";
import { ports } from "./ports";
import { createWebhookEndpointInput, parseInput, type CreateWebhookEndpointInput, type WebhookEndpointView } from "./schemas";
import { stores, type WebhookEndpointRecord } from "./stores";
import { webhookUrlProblem } from "./webhook-url";

/** Endpoints a shop may have at once. */
export const MAX_ENDPOINTS_PER_SHOP = 16;

export const toWebhookEndpoint = (row: WebhookEndpointRecord, secret?: string): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes as string[],
  status: row.status as WebhookEndpointView["status"],
  disabledReason: row.disabledReason,
  createdAt: row.createdAt.toISOString(),
  livemode: row.livemode,
  ...(secret === undefined ? {} : { secret }),
});

/** Edge wrapper for callers holding an unparsed body (the admin form): parse, then createWebhookEndpointFor. */
export const createWebhookEndpoint = (shop: string, input: unknown, livemode = true) =>
  createWebhookEndpointFor(shop, parseInput(createWebhookEndpointInput, input), livemode);

/**
 * Registers an endpoint; the answer carries its signing secret, the only time it is shown.
 * A test endpoint (`livemode` false) receives only test events. The cap counts both modes.
 */
export async function createWebhookEndpointFor(
  shop: string,
  input: CreateWebhookEndpointInput,
  livemode = true,
): Promise<WebhookEndpointView> {
  const problem = webhookUrlProblem(input.url, ports().webhooks.loopbackAllowed());
  if (problem) throw fieldError("url", problem);
  const secret = `whsec_${randomBytes(32).toString("base64url")}`;
  return stores().transaction(async () => {
    if ((await stores().webhookEndpoints.countForShop(shop)) >= MAX_ENDPOINTS_PER_SHOP) {
      throw conflict(`A shop has at most ${MAX_ENDPOINTS_PER_SHOP} webhook endpoints: delete one first`);
    }
    const row = await stores().webhookEndpoints.create({
      id: newId("we"),
      shop,
      url: input.url,
      description: input.description,
      eventTypes: [...new Set(input.eventTypes)],
      secretSealed: ports().webhooks.sealSecret(secret),
      livemode,
    });
    return toWebhookEndpoint(row, secret);
  });
}

/** The shop's endpoints of one mode, newest first (a shop has at most MAX_ENDPOINTS_PER_SHOP). */
export async function listWebhookEndpoints(shop: string, livemode = true): Promise<WebhookEndpointView[]> {
  const rows = await stores().webhookEndpoints.listForShop(shop, livemode);
  return rows.map((row) => toWebhookEndpoint(row));
}

export async function getWebhookEndpoint(shop: string, id: string, livemode = true): Promise<WebhookEndpointView> {
  const row = await stores().webhookEndpoints.findForShop(shop, id, livemode);
  if (!row) throw notFound("Webhook endpoint");
  return toWebhookEndpoint(row);
}

/** Deletes an endpoint and its deliveries (those not yet sent are not sent). */
export async function deleteWebhookEndpoint(shop: string, id: string, livemode = true): Promise<void> {
  if ((await stores().webhookEndpoints.delete(shop, id, livemode)) === 0) throw notFound("Webhook endpoint");
}

/** Turns a disabled endpoint back on; its failure window starts afresh. */
export async function enableWebhookEndpoint(shop: string, id: string, livemode = true): Promise<void> {
  if ((await stores().webhookEndpoints.enable(shop, id, livemode)) === 0) throw notFound("Webhook endpoint");
}

/** "Send a test event": a webhook_endpoint.test event delivered to this endpoint only. */
export async function sendTestEvent(shop: string, endpointId: string, livemode = true): Promise<string> {
  return stores().transaction(async () => {
    const endpoint = await stores().webhookEndpoints.findForShop(shop, endpointId, livemode);
    if (!endpoint) throw notFound("Webhook endpoint");
    // To this endpoint alone: one subscribed to "*" (this one or another) must not get it too.
    return recordEvent(
      shop,
      "webhook_endpoint.test",
      {
        objectType: "webhook_test",
        object: { endpointId, message: "A test event from Twin Cards: your endpoint receives and can verify signed events" },
      },
      { onlyTo: endpointId, livemode },
    );
  });
}

/** Resend: the delivery's event again to its endpoint, as a new delivery (the old one stays in the history). */
export async function resendDelivery(shop: string, deliveryId: string, livemode = true): Promise<string> {
  const delivery = await stores().webhookDeliveries.findWithEndpoint(shop, deliveryId, livemode);
  if (!delivery) throw notFound("Webhook delivery");
  if (delivery.endpoint.status !== "ENABLED") throw fieldError("endpoint", "The endpoint is disabled: enable it first");
  const id = newId("whd");
  await stores().webhookDeliveries.add({ id, shop, eventId: delivery.eventId, endpointId: delivery.endpointId });
  return id;
}
