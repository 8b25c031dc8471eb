import type { Prisma } from "@prisma/client";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import type { DeliveryJob, WebhookDeliveryStore, WebhookEndpointStore } from "~/domain/stores";
import { db, directSql, isDatabaseBusy, transaction } from "../client.server";
import { readJson } from "../dialect.server";

/** Webhook endpoints (the WebhookEndpoint table): every query of it. */
export const webhookEndpointStore: WebhookEndpointStore = {
  // A plain SELECT on the driver (issue 14, decision 0028): every event recorded makes it.
  async enabledFor(shop, livemode) {
    const rows = await directSql.query<{ id: string; eventTypes: unknown }>(
      'SELECT "id", "eventTypes" FROM "WebhookEndpoint" WHERE "shop" = $1 AND "status" = $2 AND "livemode" = $3 ORDER BY "id"',
      [shop, "ENABLED", livemode],
    );
    // SQLite keeps JSON as text; PostgreSQL's jsonb arrives parsed.
    return rows.map((row) => ({
      id: row.id,
      eventTypes: readJson(row.eventTypes),
    }));
  },

  countForShop: (shop) => db.webhookEndpoint.count({ where: { shop } }),

  create: ({ id, shop, url, description, eventTypes, secretSealed, livemode }) =>
    db.webhookEndpoint.create({
      data: { id, shop, url, description, eventTypes: eventTypes as Prisma.InputJsonValue, secretSealed, livemode },
    }),

  listForShop: (shop, livemode) => db.webhookEndpoint.findMany({ where: { shop, livemode }, orderBy: { id: "desc" } }),
  findForShop: (shop, id, livemode) => db.webhookEndpoint.findFirst({ where: { shop, id, livemode } }),
  existsForShop: async (shop, id, livemode) => (await db.webhookEndpoint.count({ where: { shop, id, livemode } })) > 0,
  delete: async (shop, id, livemode) => (await db.webhookEndpoint.deleteMany({ where: { shop, id, livemode } })).count,

  enable: async (shop, id, livemode) =>
    (
      await db.webhookEndpoint.updateMany({
        where: { shop, id, livemode },
        data: { status: "ENABLED", disabledAt: null, disabledReason: null, failingSince: null },
      })
    ).count,

  markFailing: async (id, since) =>
    void (await db.webhookEndpoint.updateMany({ where: { id, failingSince: null }, data: { failingSince: since } })),
  clearFailing: async (id) => void (await db.webhookEndpoint.updateMany({ where: { id }, data: { failingSince: null } })),

  async disableIfFailingSince(id, since, at, reason) {
    const { count } = await db.webhookEndpoint.updateMany({
      where: { id, status: "ENABLED", failingSince: { lte: since } },
      data: { status: "DISABLED", disabledAt: at, disabledReason: reason },
    });
    return count > 0;
  },

  deleteForShop: async (shop) => (await db.webhookEndpoint.deleteMany({ where: { shop } })).count,
};

const withEventType = { event: { select: { type: true, livemode: true } } } as const;

/** Webhook deliveries (the WebhookDelivery table): every query of it. */
export const webhookDeliveryStore: WebhookDeliveryStore = {
  queue: async (deliveries) =>
    void (await db.webhookDelivery.createMany({
      data: deliveries.map(({ id, shop, eventId, endpointId, createdAt }) => ({ id, shop, eventId, endpointId, createdAt })),
    })),

  add: async ({ id, shop, eventId, endpointId }) => void (await db.webhookDelivery.create({ data: { id, shop, eventId, endpointId } })),

  listForEndpoint: (shop, endpointId, take, beforeId) =>
    db.webhookDelivery.findMany({
      where: { shop, endpointId, ...(beforeId ? { id: { lt: beforeId } } : {}) },
      orderBy: { id: "desc" },
      take,
      include: withEventType,
    }),

  recentForShop: (shop, take, livemode) =>
    db.webhookDelivery.findMany({ where: { shop, endpoint: { livemode } }, orderBy: { id: "desc" }, take, include: withEventType }),

  ofEvent: (eventId, endpointId) => db.webhookDelivery.findFirst({ where: { eventId, endpointId }, include: withEventType }),

  findWithEndpoint: (shop, id, livemode) =>
    db.webhookDelivery.findFirst({ where: { shop, id, endpoint: { livemode } }, include: { endpoint: true } }),

  failPending: async (endpointId, reason) =>
    void (await db.webhookDelivery.updateMany({ where: { endpointId, status: "PENDING" }, data: { status: "FAILED", lastError: reason } })),
};

/** Which deliveries a deliverer takes (e.g. one shop's, in tests); all when empty. */
export type DeliveryFilter = { shop?: string };

/**
 * The webhook outbox as the deliverer drains it (app/lib/outbox-worker.ts): due rows, the claim
 * (SENDING under a lease, counting the attempt) and writes under the lease (decision 0030).
 */
export const deliveryQueue: Omit<OutboxTableOptions<DeliveryJob>, "where"> = {
  // Looked up per call, so an outcome written inside transaction() joins it.
  delegate: { findMany: (args) => db.webhookDelivery.findMany(args), updateMany: (args) => db.webhookDelivery.updateMany(args) },
  heldStatus: "SENDING",
  claimData: { attempts: { increment: 1 } },
  load: (id) => db.webhookDelivery.findUnique({ where: { id }, include: { event: true, endpoint: true } }),
  transaction,
  isTransient: isDatabaseBusy,
};
