import type { IdempotencyStore } from "~/domain/stores";
import { db } from "../client.server";

/** Idempotency-Key records (IdempotencyRecord): every query of the table. */
export const idempotencyStore: IdempotencyStore = {
  find: (shop, livemode, key) => db.idempotencyRecord.findUnique({ where: { shop_livemode_key: { shop, livemode, key } } }),
  create: (record) => db.idempotencyRecord.create({ data: record }),
  async saveResponse(id, { status, body }) {
    await db.idempotencyRecord.update({ where: { id }, data: { status, body } });
  },
  async forget(id, createdAt) {
    await db.idempotencyRecord.deleteMany({ where: { id, createdAt } });
  },
  async purgeCreatedBefore(before) {
    await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: before } } });
  },
  deleteMentioning: async (shop, text) => (await db.idempotencyRecord.deleteMany({ where: { shop, body: { contains: text } } })).count,
  deleteForShop: async (shop) => (await db.idempotencyRecord.deleteMany({ where: { shop } })).count,
};
