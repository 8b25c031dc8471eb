import type { WebhookDelivery } from "@prisma/client";
import { db } from "./client.server";

/** A delivery with its event's type and mode, as its views show it. */
export type DeliveryRow = WebhookDelivery & { event: { type: string; livemode: boolean } };

const withEventType = { event: { select: { type: true, livemode: true } } } as const;

/** Up to `take` of a shop's endpoint's deliveries with an id below `beforeId` (all when absent), newest first. */
export const endpointDeliveries = (shop: string, endpointId: string, take: number, beforeId?: string): Promise<DeliveryRow[]> =>
  db.webhookDelivery.findMany({
    where: { shop, endpointId, ...(beforeId ? { id: { lt: beforeId } } : {}) },
    orderBy: { id: "desc" },
    take,
    include: withEventType,
  });

/** The shop's `take` most recent deliveries, to any endpoint of one mode, newest first. */
export const shopDeliveries = (shop: string, take: number, livemode: boolean): Promise<DeliveryRow[]> =>
  db.webhookDelivery.findMany({ where: { shop, endpoint: { livemode } }, orderBy: { id: "desc" }, take, include: withEventType });

/** The delivery of one event to one endpoint (an event meant for one endpoint has exactly one). */
export const deliveryOfEvent = (eventId: string, endpointId: string): Promise<DeliveryRow | null> =>
  db.webhookDelivery.findFirst({ where: { eventId, endpointId }, include: withEventType });

/** Whether the shop has this endpoint in this mode. */
export const shopHasEndpoint = async (shop: string, endpointId: string, livemode: boolean): Promise<boolean> =>
  (await db.webhookEndpoint.count({ where: { shop, id: endpointId, livemode } })) > 0;
