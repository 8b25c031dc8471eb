import { directSql, inTransaction } from "./client.server";

/** The first of the numbers taken, or why none were: the edition has fewer than asked left. */
export type TakenNumbers = { ok: true; first: number; editionSize: number | null } | { ok: false; issued: number; editionSize: number };

// One statement reads, checks and moves the counter: PostgreSQL locks the rule's row until the
// transaction ends (a concurrent taker waits, then re-checks the condition on the row as committed),
// and SQLite runs one writing transaction at a time. RETURNING is in both (SQLite since 3.35).
const TAKE = `UPDATE "IssuingRule" SET "issuedCount" = "issuedCount" + $2
  WHERE "id" = $1 AND ("editionSize" IS NULL OR "issuedCount" + $2 <= "editionSize")
  RETURNING "issuedCount", "editionSize"`;

/**
 * Takes the next `count` serial numbers of an issuing rule's edition, in the caller's transaction: numbers
 * are given back when it rolls back, so an edition has no gap (docs/decisions/0033-serial-numbers.md).
 */
export async function takeRuleNumbers(ruleId: string, count: number): Promise<TakenNumbers> {
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
