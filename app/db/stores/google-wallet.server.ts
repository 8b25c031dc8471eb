import type { GoogleWalletStore } from "~/domain/stores";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import { db, isDatabaseBusy, isUniqueViolation, transaction } from "../client.server";

const objectFields = { objectId: true, shop: true, serialNumber: true, holder: true, locale: true } as const;

/** Google Wallet objects handed out (GoogleWalletObject) and the outbox of their updates (GoogleWalletUpdate). */
export const googleWalletStore: GoogleWalletStore = {
  objectOf: (serialNumber, holder) =>
    db.googleWalletObject.findUnique({ where: { serialNumber_holder: { serialNumber, holder } }, select: objectFields }),

  async keepObject(object) {
    const key = { serialNumber_holder: { serialNumber: object.serialNumber, holder: object.holder } };
    try {
      return await db.googleWalletObject.upsert({ where: key, create: object, update: { locale: object.locale }, select: objectFields });
    } catch (error) {
      // The same holder asking twice at once: the other request recorded the object first.
      if (!isUniqueViolation(error)) throw error;
      return db.googleWalletObject.findUniqueOrThrow({ where: key, select: objectFields });
    }
  },

  byId: (objectId) => db.googleWalletObject.findUnique({ where: { objectId }, select: objectFields }),

  objectsOf: (serialNumbers) =>
    serialNumbers.length === 0
      ? Promise.resolve([])
      : db.googleWalletObject.findMany({
          where: { serialNumber: { in: serialNumbers } },
          select: objectFields,
          orderBy: { objectId: "asc" },
        }),

  async queueUpdates(updates) {
    if (updates.length > 0) await db.googleWalletUpdate.createMany({ data: updates });
  },

  async anonymizeHolder(shop, holder, anonymous) {
    const { count } = await db.googleWalletObject.updateMany({ where: { shop, holder }, data: { holder: anonymous } });
    return count;
  },

  async deleteForShop(shop) {
    const ids = (await db.googleWalletObject.findMany({ where: { shop }, select: { objectId: true } })).map((row) => row.objectId);
    if (ids.length === 0) return 0;
    await db.googleWalletUpdate.deleteMany({ where: { objectId: { in: ids } } });
    const { count } = await db.googleWalletObject.deleteMany({ where: { shop } });
    return count;
  },
};

/** The Google Wallet update outbox, for the updater (app/adapters/google-wallet). */
export const googleWalletUpdateQueue: Omit<OutboxTableOptions<GoogleWalletUpdateJob>, "where"> = {
  // Looked up per call, so an outcome written inside transaction() joins it.
  delegate: { findMany: (args) => db.googleWalletUpdate.findMany(args), updateMany: (args) => db.googleWalletUpdate.updateMany(args) },
  heldStatus: "SENDING",
  claimData: { attempts: { increment: 1 } },
  load: (id) => db.googleWalletUpdate.findUnique({ where: { id }, select: { id: true, objectId: true, attempts: true } }),
  transaction,
  isTransient: isDatabaseBusy,
};

export interface GoogleWalletUpdateJob {
  id: string;
  objectId: string;
  attempts: number;
}
