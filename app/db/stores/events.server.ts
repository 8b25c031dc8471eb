import type { EventStore } from "~/domain/stores";
import { db, transaction } from "../client.server";
import { insertRows } from "../insert-rows.server";

/** Events (the Event table): every query of it. */
export const eventStore: EventStore = {
  // Not createMany: a batch's events carry every card's view, which Prisma would walk value by value (issue 14).
  insert: (events) =>
    transaction(() =>
      insertRows(
        "Event",
        events.map(({ id, shop, type, data, createdAt, livemode }) => ({ id, shop, type, data: data as object, createdAt, livemode })),
        { json: ["data"] },
      ),
    ),

  listForShop: (shop, { livemode, type, since, beforeId, take }) =>
    db.event.findMany({
      where: { shop, livemode, type, createdAt: { gte: since }, ...(beforeId ? { id: { lt: beforeId } } : {}) },
      orderBy: { id: "desc" },
      take,
    }),

  findForShop: (shop, id, livemode, since) => db.event.findFirst({ where: { shop, id, livemode, createdAt: { gte: since } } }),

  deleteCreatedBefore: async (before) => (await db.event.deleteMany({ where: { createdAt: { lt: before } } })).count,
  // Their webhook deliveries go with them (cascade).
  deleteForShop: async (shop) => (await db.event.deleteMany({ where: { shop } })).count,
};
