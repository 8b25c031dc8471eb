import { databaseDialect, directSql } from "../client.server";
import { readInt, type SqlParam } from "../dialect.server";

/**
 * Counts per time slot, for the admin home's 30 days at a glance: `select` names the counted
 * columns, `slotColumn` the DateTime the slots are cut from; `$1` is the shop, `$2` livemode and
 * `$3` the date counting starts at (bound with its column's cast).
 */
export async function countsBySlot<Count extends string>(
  { from, slotColumn, where, counts }: { from: string; slotColumn: string; where: string; counts: Record<Count, string> },
  shop: string,
  livemode: boolean,
  since: Date,
  slotSeconds: number,
): Promise<({ slot: number } & Record<Count, number>)[]> {
  const dialect = databaseDialect();
  const params: SqlParam[] = [shop, dialect.written(livemode), dialect.written(since)];
  const slot = dialect.slotOf(slotColumn, Math.trunc(slotSeconds));
  const columns = Object.entries<string>(counts).map(([name, sql]) => `${sql} AS "${name}"`);
  const rows = await directSql.query(
    `SELECT ${slot} AS "slot", ${columns.join(", ")} FROM ${from} ` +
      `WHERE ${where.replace("$3", dialect.placeholder(3, since))} GROUP BY ${slot}`,
    params,
  );
  return rows.map((row) => {
    const counted: Record<string, number> = { slot: readInt(row.slot) ?? 0 };
    for (const name of Object.keys(counts)) counted[name] = readInt(row[name]) ?? 0;
    return counted as { slot: number } & Record<Count, number>;
  });
}
