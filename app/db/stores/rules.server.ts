import type { IssuingRule, Prisma } from "@prisma/client";
import type { CardData, RuleStatus, RuleTargetType, RuleTrigger } from "~/domain/schemas";
import type { IssuingRuleRecord, IssuingRuleStore, RuleSettings, TakenNumbers } from "~/domain/stores";
import { db, dbNull, directSql, inTransaction } from "../client.server";

/** A row as the domain sees it: its JSON template and its enumerations typed. */
const toRecord = (row: IssuingRule): IssuingRuleRecord => ({
  ...row,
  targetType: row.targetType as RuleTargetType,
  trigger: row.trigger as RuleTrigger,
  status: row.status as RuleStatus,
  cardTemplate: (row.cardTemplate as CardData | null) ?? null,
});

// A template left out is no card (the column's NULL).
const settingsData = (settings: RuleSettings) => ({
  targetType: settings.targetType,
  targetId: settings.targetId,
  targetTitle: settings.targetTitle,
  trigger: settings.trigger,
  issueTwin: settings.issueTwin,
  cardTemplate: (settings.cardTemplate ?? undefined) as Prisma.InputJsonValue | undefined,
  cardPerUnit: settings.cardPerUnit,
  editionSize: settings.editionSize,
});

// One statement reads, checks and moves the counter: PostgreSQL locks the rule's row until the
// transaction ends (a concurrent taker waits, then re-checks the condition on the row as committed),
// and SQLite runs one writing transaction at a time. RETURNING is in both (SQLite since 3.35).
const TAKE = `UPDATE "IssuingRule" SET "issuedCount" = "issuedCount" + $2
  WHERE "id" = $1 AND ("editionSize" IS NULL OR "issuedCount" + $2 <= "editionSize")
  RETURNING "issuedCount", "editionSize"`;

async function takeNumbers(ruleId: string, count: number): Promise<TakenNumbers> {
  if (!inTransaction()) throw new Error("Serial numbers are taken inside the transaction that issues their items");
  const [taken] = await directSql.query<{ issuedCount: number | bigint; editionSize: number | bigint | null }>(TAKE, [ruleId, count]);
  if (taken) {
    const last = Number(taken.issuedCount);
    return { ok: true, first: last - count + 1, editionSize: taken.editionSize === null ? null : Number(taken.editionSize) };
  }
  const [rule] = await directSql.query<{ issuedCount: number | bigint; editionSize: number | bigint | null }>(
    `SELECT "issuedCount", "editionSize" FROM "IssuingRule" WHERE "id" = $1`,
    [ruleId],
  );
  if (!rule || rule.editionSize === null) throw new Error(`Issuing rule ${ruleId} is gone`);
  return { ok: false, issued: Number(rule.issuedCount), editionSize: Number(rule.editionSize) };
}

/** Issuing rules (the IssuingRule table) and their editions' counters: every query of it. */
export const issuingRuleStore: IssuingRuleStore = {
  create: async ({ id, shop, ...settings }) => toRecord(await db.issuingRule.create({ data: { id, shop, ...settingsData(settings) } })),
  findForShop: async (shop, id) => {
    const row = await db.issuingRule.findFirst({ where: { shop, id } });
    return row && toRecord(row);
  },
  listForShop: async (shop) => (await db.issuingRule.findMany({ where: { shop }, orderBy: { id: "desc" } })).map(toRecord),
  activeFor: async (shop, trigger) =>
    (await db.issuingRule.findMany({ where: { shop, status: "ACTIVE", trigger }, orderBy: { id: "asc" } })).map(toRecord),

  async replaceSettings(shop, id, settings) {
    const data = settingsData(settings);
    const { count } = await db.issuingRule.updateMany({
      where: { id, shop, ...(settings.editionSize === null ? {} : { issuedCount: { lte: settings.editionSize } }) },
      data: { ...data, cardTemplate: data.cardTemplate ?? dbNull() },
    });
    return count > 0;
  },

  setStatus: async (id, status) => toRecord(await db.issuingRule.update({ where: { id }, data: { status } })),
  takeNumbers,
  // Their activity (OrderIssue) goes with the rules (cascade).
  deleteForShop: async (shop) => (await db.issuingRule.deleteMany({ where: { shop } })).count,
};
