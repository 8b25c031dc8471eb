import type { OrderIssue, OrderWebhook, Prisma } from "@prisma/client";
import type { OrderTopic, OrderWebhookDetail } from "~/domain/orders";
import type { OrderIssueRecord, OrderIssueWithRule, OrderStore, OrderWebhookRecord, StoredOrderIssueStatus } from "~/domain/stores";
import type { OutboxTableOptions } from "~/lib/outbox-worker";
import { databaseDialect, db, directSql, isDatabaseBusy, isUniqueViolation, transaction } from "../client.server";
import { readInt } from "../dialect.server";

const toIssue = (row: OrderIssue): OrderIssueRecord => ({
  ...row,
  status: row.status as StoredOrderIssueStatus,
  cardIds: row.cardIds as string[],
});

/** The lists show each issue with its rule's target. */
const WITH_RULE = { rule: { select: { targetTitle: true } } } as const;
const withRule = ({ rule, ...row }: OrderIssue & { rule: { targetTitle: string } }): OrderIssueWithRule => ({
  ...toIssue(row),
  ruleTitle: rule.targetTitle,
});

const toWebhook = ({ payload, ...row }: OrderWebhook): OrderWebhookRecord => ({
  ...row,
  topic: row.topic as OrderTopic,
  detail: payload as OrderWebhookDetail,
});

/** Order issues (the OrderIssue table) and order webhooks (OrderWebhook): every query of them but the order worker's (below). */
export const orderStore: OrderStore = {
  async topRules(shop, since, limit) {
    const dialect = databaseDialect();
    const items = `SUM((CASE WHEN i."twinId" IS NULL THEN 0 ELSE 1 END) + ${dialect.jsonArrayLength('i."cardIds"')})`;
    const rows = await directSql.query<{ ruleId: string; targetTitle: string; items: unknown }>(
      `SELECT i."ruleId" AS "ruleId", r."targetTitle" AS "targetTitle", ${items} AS "items" ` +
        `FROM "OrderIssue" i JOIN "IssuingRule" r ON r."id" = i."ruleId" ` +
        `WHERE i."shop" = $1 AND i."createdAt" >= ${dialect.placeholder(2, since)} ` +
        `GROUP BY i."ruleId", r."targetTitle" HAVING ${items} > 0 ORDER BY "items" DESC, i."ruleId" LIMIT $3`,
      [shop, dialect.written(since), limit],
    );
    return rows.map((row) => ({ ruleId: row.ruleId, targetTitle: row.targetTitle, items: readInt(row.items) ?? 0 }));
  },
  issuesAt: async (shop, orderId, moment) =>
    (await db.orderIssue.findMany({
      where: { shop, orderId, moment },
      select: { ruleId: true, lineItemId: true, status: true },
    })) as Pick<OrderIssueRecord, "ruleId" | "lineItemId" | "status">[],

  async saveIssue({ id, shop, ruleId, orderId, lineItemId, moment, ...data }) {
    await db.orderIssue.upsert({
      where: { shop_ruleId_lineItemId_moment: { shop, ruleId, lineItemId, moment } },
      create: { id, shop, ruleId, orderId, lineItemId, moment, ...data },
      update: data,
    });
  },

  waitingIssues: async (shop, orderId) =>
    (await db.orderIssue.findMany({ where: { shop, orderId, status: "WAITING" }, orderBy: { id: "asc" } })).map(toIssue),
  markIssueVoided: async (id, reason) => void (await db.orderIssue.update({ where: { id }, data: { status: "VOIDED", reason } })),
  failedIssue: async (shop, id) => {
    const row = await db.orderIssue.findFirst({ where: { shop, id, status: "FAILED" } });
    return row && toIssue(row);
  },

  heldIssues: async (shop) =>
    (await db.orderIssue.findMany({ where: { shop, status: "PLAN_LIMIT" }, orderBy: { id: "asc" } })).map(toIssue),
  shopsWithHeldIssues: async () =>
    (await db.orderIssue.findMany({ where: { status: "PLAN_LIMIT" }, distinct: ["shop"], select: { shop: true } })).map((row) => row.shop),

  ruleActivity: async (shop, ruleId, { beforeId, take }) =>
    (
      await db.orderIssue.findMany({
        where: { shop, ruleId, ...(beforeId ? { id: { lt: beforeId } } : {}) },
        orderBy: { id: "desc" },
        take,
        include: WITH_RULE,
      })
    ).map(withRule),
  issuesForCustomer: async (shop, customerId, limit) =>
    (await db.orderIssue.findMany({ where: { shop, customerId }, orderBy: { id: "desc" }, take: limit, include: WITH_RULE })).map(withRule),
  orderNameOf: async (shop, issued) =>
    (await db.orderIssue.findFirst({ where: { shop, ...issued }, select: { orderName: true }, orderBy: { createdAt: "asc" } }))
      ?.orderName ?? null,
  orderOf: (shop, issued) =>
    db.orderIssue.findFirst({ where: { shop, ...issued }, select: { orderId: true, customerId: true }, orderBy: { createdAt: "asc" } }),

  issuesForOrder: async (shop, orderId, customerId) =>
    (
      await db.orderIssue.findMany({
        where: { shop, orderId, ...(customerId !== undefined ? { customerId } : {}) },
        orderBy: { id: "asc" },
        include: WITH_RULE,
      })
    ).map(withRule),
  forgetCustomer: async (shop, customerId, redemptionIds) =>
    (
      await db.orderIssue.updateMany({
        where: { shop, OR: [{ customerId }, { redemptionId: { in: redemptionIds } }] },
        data: { customerId: null, recipient: null },
      })
    ).count,

  async recordWebhook({ id, shop, webhookId, eventId, topic, orderId, detail }) {
    try {
      await db.orderWebhook.create({ data: { id, shop, webhookId, eventId, topic, orderId, payload: detail as object } });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  },

  workedRefundLines: (shop, refundId) => db.orderRefundLine.findMany({ where: { shop, refundId } }),
  refundLinesOf: (shop, orderId) => db.orderRefundLine.findMany({ where: { shop, orderId }, orderBy: { createdAt: "asc" } }),
  saveRefundLine: async (line) => void (await db.orderRefundLine.create({ data: line })),

  webhooksFor: async (shop, orderId, topic) =>
    (await db.orderWebhook.findMany({ where: { shop, orderId, topic }, select: { id: true, payload: true } })).map((row) => ({
      id: row.id,
      detail: row.payload as OrderWebhookDetail,
    })),

  async requeueWebhooks(shop, ids) {
    await db.orderWebhook.updateMany({
      where: { shop, id: { in: ids }, status: { in: ["DONE", "SKIPPED", "FAILED"] } },
      data: { status: "PENDING", attempts: 0, nextAttemptAt: new Date(), lockedUntil: null, lastError: null },
    });
  },

  async tallyWebhooks(shop, prefix, alreadyIssued) {
    const rows = await db.orderWebhook.groupBy({
      by: ["status"],
      where: { shop, webhookId: { startsWith: prefix } },
      _count: { _all: true },
    });
    const count = (status: string) => rows.find((row) => row.status === status)?._count._all ?? 0;
    const alreadyDone = await db.orderWebhook.count({
      where: { shop, webhookId: { startsWith: prefix }, status: "DONE", outcome: { startsWith: alreadyIssued } },
    });
    return {
      total: rows.reduce((sum, row) => sum + row._count._all, 0),
      issued: count("DONE") - alreadyDone,
      alreadyIssued: alreadyDone,
      skipped: count("SKIPPED"),
      failed: count("FAILED"),
    };
  },

  recentWebhooks: async (shop, limit) =>
    (
      await db.orderWebhook.findMany({
        // What a backfill recorded is no webhook that arrived: its rule's page shows it.
        where: { shop, NOT: { webhookId: { startsWith: "backfill:" } } },
        orderBy: { id: "desc" },
        take: limit,
      })
    ).map(toWebhook),
  async deleteWebhooksForShop(shop) {
    await db.orderRefundLine.deleteMany({ where: { shop } });
    return (await db.orderWebhook.deleteMany({ where: { shop } })).count;
  },
};

/** Which order webhooks a worker takes, besides due ones (e.g. one shop in tests). */
export type OrderWebhookFilter = Prisma.OrderWebhookWhereInput;

/**
 * The order worker's queue (app/adapters/shopify/order-worker.server.ts, decision 0029): the OrderWebhook
 * table as the shared outbox loop polls, claims and records it (app/lib/outbox-worker.ts), and a claimed row.
 */
export const orderWebhookQueue: Omit<OutboxTableOptions<OrderWebhookRecord>, "where"> = {
  // Looked up per call, so an outcome written inside transaction() joins it.
  delegate: { findMany: (args) => db.orderWebhook.findMany(args), updateMany: (args) => db.orderWebhook.updateMany(args) },
  heldStatus: "WORKING",
  claimData: { attempts: { increment: 1 } },
  load: async (id) => {
    const row = await db.orderWebhook.findUnique({ where: { id } });
    return row && toWebhook(row);
  },
  transaction,
  isTransient: isDatabaseBusy,
};
