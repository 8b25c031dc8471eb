import type { WalletPassStore } from "~/domain/stores";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import { db, isDatabaseBusy, isUniqueViolation, transaction } from "../client.server";

const passFields = { serialNumber: true, shop: true, changedAt: true } as const;

/** Apple Wallet passes that update (WalletPass, WalletPassToken, WalletPassRegistration, WalletPassPush): every query of them. */
export const walletPassStore: WalletPassStore = {
  async issueToken({ shop, serialNumber, tokenHash, holder, locale, at }, keep) {
    await db.walletPass.upsert({ where: { serialNumber }, create: { serialNumber, shop, changedAt: at }, update: {} });
    await db.walletPassToken.create({ data: { tokenHash, serialNumber, holder, locale, createdAt: at } });
    const old = await db.walletPassToken.findMany({
      where: { serialNumber },
      orderBy: [{ createdAt: "desc" }, { tokenHash: "asc" }],
      skip: keep,
      select: { tokenHash: true },
    });
    if (old.length > 0) await db.walletPassToken.deleteMany({ where: { tokenHash: { in: old.map((row) => row.tokenHash) } } });
  },

  byToken: (tokenHash) =>
    db.walletPassToken.findUnique({
      where: { tokenHash },
      select: { serialNumber: true, holder: true, locale: true, pass: { select: passFields } },
    }),

  async register(id, deviceLibraryId, serialNumber, pushToken) {
    const key = { deviceLibraryId_serialNumber: { deviceLibraryId, serialNumber } };
    const existing = await db.walletPassRegistration.findUnique({ where: key, select: { id: true } });
    if (existing) {
      await db.walletPassRegistration.update({ where: key, data: { pushToken } });
      return false;
    }
    try {
      await db.walletPassRegistration.create({ data: { id, deviceLibraryId, serialNumber, pushToken } });
      return true;
    } catch (error) {
      // The same device registering twice at once: the other request created it.
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  },

  async unregister(deviceLibraryId, serialNumber) {
    const { count } = await db.walletPassRegistration.deleteMany({ where: { deviceLibraryId, serialNumber } });
    return count > 0;
  },

  registeredPasses: (deviceLibraryId, since) =>
    db.walletPass.findMany({
      where: { registrations: { some: { deviceLibraryId } }, ...(since ? { changedAt: { gt: since } } : {}) },
      select: passFields,
      orderBy: { serialNumber: "asc" },
    }),

  deviceKnown: async (deviceLibraryId) => (await db.walletPassRegistration.count({ where: { deviceLibraryId } })) > 0,

  async markChanged(serialNumbers, at) {
    if (serialNumbers.length === 0) return [];
    const passes = await db.walletPass.findMany({ where: { serialNumber: { in: serialNumbers } }, select: passFields });
    if (passes.length === 0) return [];
    // Whole seconds (HTTP's Last-Modified), each change a second after the pass's last one at least.
    for (const pass of passes) {
      const changedAt = new Date(Math.max(at.getTime(), pass.changedAt.getTime() + 1000));
      await db.walletPass.update({ where: { serialNumber: pass.serialNumber }, data: { changedAt } });
    }
    return db.walletPassRegistration.findMany({
      where: { serialNumber: { in: passes.map((pass) => pass.serialNumber) } },
      select: { serialNumber: true, pushToken: true },
      orderBy: { id: "asc" },
    });
  },

  async queuePushes(pushes) {
    if (pushes.length > 0) await db.walletPassPush.createMany({ data: pushes });
  },

  tokensOfHolder: (shop, holder) =>
    db.walletPassToken.findMany({
      where: { holder, pass: { shop } },
      select: { serialNumber: true, locale: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    }),

  async anonymizeHolder(shop, holder, anonymous) {
    const { count } = await db.walletPassToken.updateMany({ where: { holder, pass: { shop } }, data: { holder: anonymous } });
    return count;
  },

  async deleteForShop(shop) {
    const serials = (await db.walletPass.findMany({ where: { shop }, select: { serialNumber: true } })).map((row) => row.serialNumber);
    if (serials.length === 0) return 0;
    await db.walletPassPush.deleteMany({ where: { serialNumber: { in: serials } } });
    // Tokens and registrations go with their pass (cascade).
    const { count } = await db.walletPass.deleteMany({ where: { shop } });
    return count;
  },
};

/** The APNs push outbox, for the pusher (app/adapters/apns). */
export const walletPassPushQueue: Omit<OutboxTableOptions<PassPushJob>, "where"> = {
  // Looked up per call, so an outcome written inside transaction() joins it.
  delegate: { findMany: (args) => db.walletPassPush.findMany(args), updateMany: (args) => db.walletPassPush.updateMany(args) },
  heldStatus: "SENDING",
  claimData: { attempts: { increment: 1 } },
  load: (id) => db.walletPassPush.findUnique({ where: { id }, select: { id: true, pushToken: true, serialNumber: true, attempts: true } }),
  transaction,
  isTransient: isDatabaseBusy,
};

export interface PassPushJob {
  id: string;
  pushToken: string;
  serialNumber: string;
  attempts: number;
}
