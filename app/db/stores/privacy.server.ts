import type { Prisma } from "@prisma/client";
import type { PrivacyStore } from "~/domain/stores";
import { db } from "../client.server";

/** Customer data requests (DataRequest) and the shop's admin sessions (Session, written by Shopify's session storage). */
export const privacyStore: PrivacyStore = {
  async saveDataRequest({ id, shop, customerId, externalId, report }) {
    const data = { shop, customerId, report: report as Prisma.InputJsonObject };
    const row = externalId
      ? await db.dataRequest.upsert({
          where: { shop_externalId: { shop, externalId } },
          create: { id, externalId, ...data },
          update: { report: data.report },
        })
      : await db.dataRequest.create({ data: { id, ...data } });
    return { id: row.id, requestedAt: row.requestedAt, report: row.report };
  },
  dataRequests: (shop) =>
    db.dataRequest.findMany({ where: { shop }, orderBy: { id: "desc" }, select: { id: true, requestedAt: true, report: true } }),
  deleteDataRequests: async (shop, customerId) =>
    (await db.dataRequest.deleteMany({ where: { shop, ...(customerId === undefined ? {} : { customerId }) } })).count,
  deleteSessions: async (shop) => (await db.session.deleteMany({ where: { shop } })).count,
};
