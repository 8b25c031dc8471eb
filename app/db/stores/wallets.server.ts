import type { WalletStore } from "~/domain/stores";
import { db } from "../client.server";

/** Customers' linked wallets (the CustomerWallet table) and their link challenges (WalletChallenge): every query of them. */
export const walletStore: WalletStore = {
  linkedWallet: (shop, owner) => db.customerWallet.findUnique({ where: { shop_owner: { shop, owner } } }),

  async saveWallet({ shop, owner, publicKey, verified, linkedAt }) {
    await db.customerWallet.upsert({
      where: { shop_owner: { shop, owner } },
      create: { shop, owner, publicKey, verified, linkedAt },
      update: { publicKey, verified, linkedAt },
    });
  },

  createChallenge: async ({ id, shop, owner, publicKey, domain, statement, nonce, issuedAt, expiresAt }) =>
    void (await db.walletChallenge.create({ data: { id, shop, owner, publicKey, domain, statement, nonce, issuedAt, expiresAt } })),
  challenge: (id) => db.walletChallenge.findUnique({ where: { id } }),

  markChallengeUsed: async (id, at) =>
    (await db.walletChallenge.updateMany({ where: { id, usedAt: null }, data: { usedAt: at } })).count > 0,

  async deleteForCustomer(shop, owner) {
    const wallets = await db.customerWallet.deleteMany({ where: { shop, owner } });
    await db.walletChallenge.deleteMany({ where: { shop, owner } });
    return wallets.count;
  },

  async deleteForShop(shop) {
    const wallets = await db.customerWallet.deleteMany({ where: { shop } });
    await db.walletChallenge.deleteMany({ where: { shop } });
    return wallets.count;
  },
};
