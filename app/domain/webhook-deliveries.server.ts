import { notFound } from "./errors";
import { afterCursor, pageQuery, toPage } from "./pagination";
import { listDeliveriesQuery, parseInput, type EventType, type WebhookDeliveryView } from "./schemas";
import { stores, type DeliveryWithEventType } from "./stores";
import { sendTestEvent } from "./webhook-endpoints.server";

/** A delivery as the admin and /v1 show it. */
export function toWebhookDelivery(row: DeliveryWithEventType): WebhookDeliveryView {
  const waiting = row.status === "PENDING" || row.status === "SENDING";
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.event.type as EventType,
    // SENDING is a worker's lease: still on its way to everyone else.
    status: waiting ? "PENDING" : (row.status as WebhookDeliveryView["status"]),
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    lastError: row.lastError,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    livemode: row.event.livemode,
  };
}

/** The shop's most recent deliveries to any of its endpoints of one mode, newest first (the admin's list). */
export async function recentDeliveries(shop: string, take = 50, livemode = true): Promise<WebhookDeliveryView[]> {
  return (await stores().webhookDeliveries.recentForShop(shop, take, livemode)).map(toWebhookDelivery);
}

/** GET /v1/webhook-endpoints/{id}/deliveries: one of the shop's endpoints' deliveries, newest first, a page at a time. */
export async function listEndpointDeliveries(
  shop: string,
  endpointId: string,
  query: unknown,
  livemode = true,
): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }> {
  const { cursor, limit } = parseInput(listDeliveriesQuery, query);
  // Another mode's endpoint is not found, as another shop's.
  if (!(await stores().webhookEndpoints.existsForShop(shop, endpointId, livemode))) throw notFound("Webhook endpoint");
  const rows = await stores().webhookDeliveries.listForEndpoint(shop, endpointId, pageQuery(limit).take, afterCursor(cursor, "whd").id?.lt);
  const { page, nextCursor } = toPage(rows, limit);
  return { deliveries: page.map(toWebhookDelivery), nextCursor };
}

/** "Send a test event" (sendTestEvent, the admin's too), answered with the one delivery it queued. */
export async function sendTestDelivery(shop: string, endpointId: string, livemode = true): Promise<WebhookDeliveryView> {
  return stores().transaction(async () => {
    const eventId = await sendTestEvent(shop, endpointId, livemode);
    const row = await stores().webhookDeliveries.ofEvent(eventId, endpointId);
    if (!row) throw new Error(`Test event ${eventId} was recorded without its delivery`);
    return toWebhookDelivery(row);
  });
}
