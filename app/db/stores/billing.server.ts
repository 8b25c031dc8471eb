import type { BillingStore, PlanKind } from "~/domain/stores";
import { databaseDialect, db, directSql } from "../client.server";

/** Plans (ShopPlan) and the free plan's monthly counter (PlanUsage): every query of them. */
export const billingStore: BillingStore = {
  async planOf(shop) {
    const row = await db.shopPlan.findUnique({ where: { shop } });
    return row && { ...row, plan: row.plan as PlanKind };
  },
  async savePlan({ shop, ...plan }) {
    const data = { ...plan, updatedAt: new Date() };
    await db.shopPlan.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  },

  // The hot path of a free shop: one UPDATE on the primary key, no Prisma query compiled.
  async addUsage(shop, month, items, cap) {
    const rows = await directSql.query(
      `UPDATE "PlanUsage" SET "items" = "items" + $1 WHERE "shop" = $2 AND "month" = $3 AND "items" + $1 <= $4 RETURNING "items"`,
      [items, shop, month, cap],
    );
    return rows.length === 1;
  },
  usage: async (shop, month) => (await db.planUsage.findUnique({ where: { shop_month: { shop, month } } }))?.items ?? null,
  async startUsage(shop, month, items) {
    // Another request may have started it meanwhile: its row stands (PostgreSQL would abort the transaction on a violation).
    await directSql.query(
      `INSERT INTO "PlanUsage" ("shop", "month", "items") VALUES ($1, $2, $3) ON CONFLICT ("shop", "month") DO NOTHING`,
      [shop, month, items],
    );
  },
  resetUsage: async (shop, month) => void (await db.planUsage.deleteMany({ where: { shop, month } })),
  async issuedSince(shop, since) {
    const dialect = databaseDialect();
    const where = `"shop" = $1 AND "livemode" = ${dialect.kind === "sqlite" ? 1 : "true"} AND "createdAt" >= ${dialect.placeholder(2, since)}`;
    const args = [shop, dialect.written(since)];
    const [cards, twins] = await Promise.all([
      directSql.query<{ n: unknown }>(`SELECT count(*) AS "n" FROM "UnitCard" WHERE ${where}`, args),
      directSql.query<{ n: unknown }>(`SELECT count(*) AS "n" FROM "DigitalTwin" WHERE ${where}`, args),
    ]);
    return Number(cards[0]?.n ?? 0) + Number(twins[0]?.n ?? 0);
  },
  async deleteForShop(shop) {
    const plans = await db.shopPlan.deleteMany({ where: { shop } });
    const usage = await db.planUsage.deleteMany({ where: { shop } });
    return plans.count + usage.count;
  },
};
