import type { GiftStore } from "~/domain/stores";
import { db } from "../client.server";

/** Gifts of cards (the CardTransfer table) and the card's moves in and out of PENDING_TRANSFER: every query of them. */
export const giftStore: GiftStore = {
  async insert(transfer) {
    await db.cardTransfer.create({ data: transfer });
  },

  async startTransfer(cardId, owner, redemptionId) {
    const { count } = await db.unitCard.updateMany({
      where: { id: cardId, owner, status: "OWNED" },
      data: { status: "PENDING_TRANSFER", redemptionId },
    });
    return count > 0;
  },

  pendingOfCard: (cardId) => db.cardTransfer.findFirst({ where: { cardId, status: "PENDING" } }),
  byRedemption: (redemptionId) => db.cardTransfer.findUnique({ where: { redemptionId } }),

  // Conditional on PENDING: of a claim and a cancel racing, the first write decides.
  async settle(id, status, at, toOwner) {
    const { count } = await db.cardTransfer.updateMany({ where: { id, status: "PENDING" }, data: { status, settledAt: at, toOwner } });
    return count > 0;
  },

  async returnCard(cardId, previousRedemptionId) {
    await db.unitCard.updateMany({
      where: { id: cardId, status: "PENDING_TRANSFER" },
      data: { status: "OWNED", redemptionId: previousRedemptionId },
    });
  },

  ofCards: (cardIds) => db.cardTransfer.findMany({ where: { cardId: { in: cardIds } }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),

  ofOwner: (shop, owner) =>
    db.cardTransfer.findMany({
      where: { shop, OR: [{ fromOwner: owner }, { toOwner: owner }] },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),

  async anonymizeOwner(shop, owner, anonymous) {
    // Their name goes with them: the one they gave under, and the one Shopify knew them by as a recipient.
    const from = await db.cardTransfer.updateMany({ where: { shop, fromOwner: owner }, data: { fromOwner: anonymous, fromName: null } });
    const to = await db.cardTransfer.updateMany({ where: { shop, toOwner: owner }, data: { toOwner: anonymous, toName: null } });
    return from.count + to.count;
  },
};
