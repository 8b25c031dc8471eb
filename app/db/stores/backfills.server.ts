import type { Prisma, RuleBackfill } from "@prisma/client";
import type { BackfillPhase, BackfillRecord, BackfillStore } from "~/domain/stores";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import { db, isDatabaseBusy, transaction } from "../client.server";

const toRecord = ({ running: _running, nextAttemptAt: _next, lockedUntil: _lock, ...row }: RuleBackfill): BackfillRecord => ({
  ...row,
  phase: row.phase as BackfillPhase,
  orderIds: row.orderIds as string[],
});

/** Previews not yet confirmed: still listing, or listed and waiting for the merchant. */
const PREVIEWS = ["LISTING", "BULK", "READY"];

/** Rules applied to past orders (RuleBackfill): every query of them but the backfill worker's (below). */
export const backfillStore: BackfillStore = {
  async create({ id, shop, ruleId, days, since }) {
    await db.ruleBackfill.create({ data: { id, shop, ruleId, days, since, orderIds: [] } });
  },
  get: async (shop, id) => {
    const row = await db.ruleBackfill.findFirst({ where: { shop, id } });
    return row && toRecord(row);
  },
  latestFor: async (shop, ruleId) => {
    const row = await db.ruleBackfill.findFirst({ where: { shop, ruleId }, orderBy: { id: "desc" } });
    return row && toRecord(row);
  },
  discardPreviews: async (shop, ruleId) =>
    // A worker listing one loses its lease with its status: what it lists is not written.
    (
      await db.ruleBackfill.updateMany({
        where: { shop, ruleId, phase: { in: PREVIEWS } },
        data: { phase: "DISCARDED", status: "DONE", lockedUntil: null },
      })
    ).count,
  startIssuing: async (shop, id, ruleId) =>
    (await db.ruleBackfill.updateMany({ where: { shop, id, phase: "READY" }, data: { phase: "ISSUING", running: ruleId } })).count === 1,
  async finish(id) {
    await db.ruleBackfill.updateMany({
      where: { id, phase: "ISSUING" },
      data: { phase: "FINISHED", running: null, finishedAt: new Date() },
    });
  },
  deleteForShop: async (shop) => (await db.ruleBackfill.deleteMany({ where: { shop } })).count,
};

/** Which backfills a worker lists, besides due ones (e.g. one shop in tests). */
export type BackfillFilter = Prisma.RuleBackfillWhereInput;

/**
 * The backfill worker's queue (app/adapters/shopify/backfill-worker.server.ts, decision 0051):
 * the RuleBackfill table as the shared outbox loop polls, claims and records it.
 */
export const backfillQueue: Omit<OutboxTableOptions<BackfillRecord>, "where"> = {
  delegate: { findMany: (args) => db.ruleBackfill.findMany(args), updateMany: (args) => db.ruleBackfill.updateMany(args) },
  heldStatus: "WORKING",
  claimData: { attempts: { increment: 1 } },
  load: async (id) => {
    const row = await db.ruleBackfill.findUnique({ where: { id } });
    return row && toRecord(row);
  },
  transaction,
  isTransient: isDatabaseBusy,
};
