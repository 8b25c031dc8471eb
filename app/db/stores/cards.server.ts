import type { CardStore } from "~/domain/stores";
import { db } from "../client.server";
import { insertRows } from "../insert-rows.server";
import { searchKey } from "./search-key.server";
import { cardPage } from "./card-page.server";
import { redemptionQueries } from "./redemptions.server";
import { countsBySlot } from "./time-slots.server";

/** What a card's API view loads with it: its redemption and its mint. */
export const CARD_VIEW_INCLUDE = { redemption: true, chainMint: true } as const;

/** Cards and their redemption codes (the UnitCard and Redemption tables): every query of them. */
export const cardStore: CardStore = {
  ...redemptionQueries,

  // createMany's rows, without Prisma building a query per row (a batch of 500 held the event loop for its whole length).
  insertCards: (cards) =>
    insertRows(
      "UnitCard",
      cards.map((card) => ({ ...card, nameKey: searchKey(card.name) })),
      { json: ["media", "metadata"] },
    ),

  findForShop: (shop, id, livemode) => db.unitCard.findFirst({ where: { shop, id, livemode }, include: CARD_VIEW_INCLUDE }),
  viewOf: (shop, id) => db.unitCard.findFirstOrThrow({ where: { shop, id }, include: CARD_VIEW_INCLUDE }),
  // One plain statement (app/db/stores/card-page.server.ts).
  page: cardPage,
  views: (ids) => db.unitCard.findMany({ where: { id: { in: ids } }, include: CARD_VIEW_INCLUDE, orderBy: { id: "asc" } }),
  viewsInShop: (shop, ids) =>
    db.unitCard.findMany({ where: { shop, id: { in: ids } }, include: CARD_VIEW_INCLUDE, orderBy: { id: "asc" } }),
  byVerifyToken: (shop, token) =>
    db.unitCard.findFirst({ where: { shop, verifyToken: token }, include: { chainMint: true, redemption: true } }),

  async claimPending(redemptionId, owner, publicKey) {
    await db.unitCard.updateMany({
      // A gift's card waits as PENDING_TRANSFER under the gift's code (decision 0043).
      where: { redemptionId, status: { in: ["PENDING_REDEMPTION", "PENDING_TRANSFER"] } },
      data: { status: "OWNED", owner, publicKey },
    });
  },
  ownedOfCode: (redemptionId) =>
    db.unitCard.findMany({
      where: { redemptionId, status: "OWNED" },
      orderBy: { id: "asc" },
      include: { redemption: true },
    }),

  statusOf: async (shop, id, livemode) =>
    (await db.unitCard.findFirst({ where: { shop, id, livemode }, select: { status: true } }))?.status ?? null,
  async voidPending(shop, livemode, ids, reason, at) {
    const { count } = await db.unitCard.updateMany({
      where: { shop, livemode, id: { in: ids }, status: "PENDING_REDEMPTION" },
      data: { status: "VOID", voidedAt: at, voidReason: reason },
    });
    return count;
  },
  voidedAt: (ids, at) =>
    db.unitCard.findMany({
      where: { id: { in: ids }, status: "VOID", voidedAt: at },
      include: CARD_VIEW_INCLUDE,
      orderBy: { id: "asc" },
    }),
  async pendingAmong(ids) {
    const pending = await db.unitCard.findMany({ where: { id: { in: ids }, status: "PENDING_REDEMPTION" }, select: { id: true } });
    return pending.map((card) => card.id);
  },
  countNotVoid: (ids) => db.unitCard.count({ where: { id: { in: ids }, status: { not: "VOID" } } }),

  redemptionIdOf: async (id) => (await db.unitCard.findUniqueOrThrow({ where: { id }, select: { redemptionId: true } })).redemptionId,
  serialsOf: (ids) =>
    db.unitCard.findMany({
      where: { id: { in: ids }, serialNumber: { not: null } },
      select: { id: true, serialNumber: true, editionSize: true },
    }),

  async heldFor(shop, owner) {
    const held = await db.unitCard.findMany({
      where: { shop, owner, livemode: true, status: "OWNED", publicKey: null },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    return held.map((card) => card.id);
  },
  async moveToWallet(ids, publicKey, at) {
    await db.unitCard.updateMany({ where: { id: { in: ids }, publicKey: null }, data: { publicKey, walletLinkedAt: at } });
  },
  redemptionIdInShop: async (shop, id) =>
    (await db.unitCard.findFirst({ where: { shop, id }, select: { redemptionId: true } }))?.redemptionId ?? null,
  async claimDestinations(shop, ids) {
    const cards = await db.unitCard.findMany({
      where: { shop, id: { in: ids }, redemptionId: { not: null } },
      select: { id: true, redemption: { select: { notifications: { select: { destination: true }, orderBy: { id: "asc" } } } } },
    });
    return cards.map((card) => ({ id: card.id, destinations: card.redemption?.notifications.map((n) => n.destination) ?? [] }));
  },

  countWithStatus: (shop, livemode, status) => db.unitCard.count({ where: { shop, livemode, status } }),
  issuedBySlot: (shop, livemode, since, slotSeconds) =>
    countsBySlot(
      {
        from: '"UnitCard" c',
        slotColumn: 'c."createdAt"',
        where: 'c."shop" = $1 AND c."livemode" = $2 AND c."createdAt" >= $3',
        counts: { issued: "COUNT(*)", sent: 'SUM(CASE WHEN c."redemptionId" IS NULL THEN 0 ELSE 1 END)' },
      },
      shop,
      livemode,
      since,
      slotSeconds,
    ),
  claimedBySlot: (shop, livemode, since, slotSeconds) =>
    countsBySlot(
      {
        from: '"UnitCard" c JOIN "Redemption" r ON r."id" = c."redemptionId"',
        slotColumn: 'r."redeemedAt"',
        where: 'c."shop" = $1 AND c."livemode" = $2 AND c."createdAt" >= $3 AND r."redeemedAt" IS NOT NULL AND c."status" <> \'VOID\'',
        counts: { claimed: "COUNT(*)" },
      },
      shop,
      livemode,
      since,
      slotSeconds,
    ),

  anonymizeOwner: async (shop, owner, anonymous) =>
    (await db.unitCard.updateMany({ where: { shop, owner }, data: { owner: anonymous } })).count,
  cardsOfCustomer: (shop, owner, redemptionIds) =>
    db.unitCard.findMany({
      where: {
        shop,
        OR: [
          { owner },
          // Sent to them and not yet claimed; once someone else claimed a card it is that person's.
          { redemptionId: { in: redemptionIds }, status: "PENDING_REDEMPTION" },
        ],
      },
      orderBy: { id: "asc" },
      include: { redemption: true, chainMint: true },
    }),
  deleteCardsForShop: async (shop) => (await db.unitCard.deleteMany({ where: { shop } })).count,
};
