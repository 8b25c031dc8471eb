import type { CardStore } from "~/domain/stores";
import { db, directSql } from "../client.server";
import { insertRows } from "../insert-rows.server";

/** The CardStore's queries of the Redemption table (app/db/stores/cards.server.ts has the UnitCard ones). */
export const redemptionQueries = {
  // A plain SELECT on the driver, joining the open transaction: every card created for a code makes it (decision 0028).
  async codeTaken(shop, codeHash) {
    const rows = await directSql.query('SELECT 1 AS "taken" FROM "Redemption" WHERE "shop" = $1 AND "codeHash" = $2', [shop, codeHash]);
    return rows.length > 0;
  },

  // Every column written as is: Prisma's create would compile a query for it (issue 14).
  insertRedemption: (redemption) => insertRows("Redemption", [redemption]),

  redemptionByCode: (shop, codeHash, livemode) =>
    db.redemption.findUnique({
      where: { shop_codeHash: { shop, codeHash }, livemode },
      include: { cards: { select: { status: true } } },
    }),

  redemptionById: (shop, id) => db.redemption.findFirst({ where: { id, shop }, include: { cards: { select: { status: true } } } }),

  pendingCardsOfCodes: (shop, ids) =>
    db.unitCard.findMany({
      where: { shop, redemptionId: { in: ids }, status: "PENDING_REDEMPTION" },
      select: { id: true, name: true, redemptionId: true },
      orderBy: { id: "asc" },
    }),

  // The first write decides the race: only one transaction sees redeemedAt still null.
  async markRedeemed(id, at, redeemedBy, redeemedPublicKey) {
    const { count } = await db.redemption.updateMany({
      where: { id, redeemedAt: null },
      data: { redeemedAt: at, redeemedBy, redeemedPublicKey },
    });
    return count > 0;
  },

  async emptiedCodes(shop, ids) {
    const emptied = await db.redemption.findMany({
      where: { shop, id: { in: ids }, cards: { every: { status: "VOID" } } },
      select: { id: true },
    });
    return emptied.map((row) => row.id);
  },

  redemptionsWithCards: (ids) =>
    db.redemption.findMany({ where: { id: { in: ids } }, include: { cards: { select: { id: true, status: true } } } }),

  async forgetRedeemer(shop, owner) {
    const redeemed = await db.redemption.findMany({ where: { shop, redeemedBy: owner }, select: { id: true } });
    await db.redemption.updateMany({ where: { shop, redeemedBy: owner }, data: { redeemedBy: null } });
    return redeemed.map((row) => row.id);
  },

  async forgetMaskedDestination(id, destination) {
    await db.redemption.update({
      where: { id },
      data: destination === "email" ? { emailMasked: null } : { phoneMasked: null },
    });
  },

  redemptionsOfCustomer: (shop, owner, ids) =>
    db.redemption.findMany({
      where: { shop, OR: [{ redeemedBy: owner }, { id: { in: ids } }] },
      orderBy: { id: "asc" },
    }),

  deleteRedemptionsForShop: async (shop) => (await db.redemption.deleteMany({ where: { shop } })).count,
} satisfies Partial<CardStore>;
