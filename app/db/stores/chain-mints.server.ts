import type { OutboxTableOptions } from "~/lib/outbox-worker";
import type { ChainMintStore } from "~/domain/stores";
import { db, isDatabaseBusy, transaction } from "../client.server";

const ofItem = (shop: string, itemId: string) => ({ shop, OR: [{ twinId: itemId }, { cardId: itemId }] });

/** NFT mints (the ChainMint table): every query of it. */
export const chainMintStore: ChainMintStore = {
  enqueue: (mints) => db.chainMint.createManyAndReturn({ data: mints }),

  retryFailed: async (shop, itemId, at) =>
    (
      await db.chainMint.updateMany({
        where: { ...ofItem(shop, itemId), status: "FAILED" },
        data: { status: "PENDING", attempts: 0, nextAttemptAt: at, lockedUntil: null, lastError: null },
      })
    ).count,

  statusOfItem: async (shop, itemId) =>
    (await db.chainMint.findFirst({ where: ofItem(shop, itemId), select: { status: true } }))?.status ?? null,

  releaseHeld: async (shop, at) =>
    (await db.chainMint.updateMany({ where: { shop, status: "HELD" }, data: { status: "PENDING", nextAttemptAt: at, lastError: null } }))
      .count,

  releaseHeldMint: async (id, at) =>
    void (await db.chainMint.updateMany({
      where: { id, status: "HELD" },
      data: { status: "PENDING", lastError: null, nextAttemptAt: at },
    })),

  async countByStatus(shop) {
    const groups = await db.chainMint.groupBy({ by: ["status"], where: { shop }, _count: true });
    return groups.map((group) => ({ status: group.status, count: group._count }));
  },

  withSubject: (id) => db.chainMint.findUnique({ where: { id }, include: { card: true, twin: { include: { name: true } } } }),

  // The card and twin as their /v1 views load them (card-view's toUnitCard, twins' toDigitalTwin).
  withItem: (id) =>
    db.chainMint.findUnique({
      where: { id },
      include: { card: { include: { redemption: true, chainMint: true } }, twin: { include: { name: true, chainMint: true } } },
    }),

  deleteForShop: async (shop) => (await db.chainMint.deleteMany({ where: { shop } })).count,
};

/** Which mints a minter takes (e.g. one shop's, in tests); all when empty. */
export type ChainMintFilter = { shop?: string };

/**
 * The mint outbox as the minter drains it (app/lib/outbox-worker.ts): due rows, the claim (MINTING
 * under a lease) and writes under the lease (decision 0030). The minter loads a claimed row itself.
 */
export const chainMintQueue: Omit<OutboxTableOptions<unknown>, "where" | "load"> = {
  // Looked up per call, so an outcome written inside transaction() joins it (with its event).
  delegate: { findMany: (args) => db.chainMint.findMany(args), updateMany: (args) => db.chainMint.updateMany(args) },
  heldStatus: "MINTING",
  transaction,
  isTransient: isDatabaseBusy,
};
