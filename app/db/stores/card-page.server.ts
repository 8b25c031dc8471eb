import type { ChainMint, Redemption, UnitCard } from "@prisma/client";
import type { CardPageFilter, CardView } from "~/domain/stores";
import { directSql } from "../client.server";
import type { SqlParam } from "../dialect.server";
import { MINT, picker, select, type Kind } from "./joined-rows.server";
import { fillSearchKeys, searchKeyRange } from "./search-key.server";

// The search key stays out of the view (search-key.server.ts).
const CARD: Record<Exclude<keyof UnitCard, "nameKey">, Kind> = {
  id: "text",
  shop: "text",
  name: "text",
  media: "json",
  metadata: "json",
  owner: "text",
  publicKey: "text",
  walletLinkedAt: "date",
  status: "text",
  voidedAt: "date",
  voidReason: "text",
  redemptionId: "text",
  verifyToken: "text",
  createdAt: "date",
  serialNumber: "int",
  editionSize: "int",
  livemode: "bool",
};
const REDEMPTION: Record<keyof Redemption, Kind> = {
  id: "text",
  shop: "text",
  codeHash: "text",
  phoneMasked: "text",
  emailMasked: "text",
  expiresAt: "date",
  createdAt: "date",
  redeemedAt: "date",
  redeemedBy: "text",
  redeemedPublicKey: "text",
  reminderQueuedAt: "date",
  customerId: "text",
  livemode: "bool",
};
const SELECT = [...select("c", CARD), ...select("r", REDEMPTION, "r."), ...select("m", MINT, "m.")].join(", ");

const pickCard = picker<UnitCard>(CARD);
const pickRedemption = picker<Redemption>(REDEMPTION, "r.");
const pickMint = picker<ChainMint>(MINT, "m.");

/**
 * The shop's cards newest first (or oldest first), `take` at most, with their redemption and mint:
 * what `findMany({ include: { redemption, chainMint } })` returns, as one plain
 * statement (issue 14: Prisma planned three queries for a page, 4 ms of CPU).
 */
export async function cardPage(filter: CardPageFilter, take: number): Promise<CardView[]> {
  if (filter.search) await fillSearchKeys("UnitCard", filter.shop);
  const { sql, params } = cardPageStatement(filter, take);
  const rows = await directSql.query(sql, params);
  return rows.map((row) => ({
    ...pickCard(row),
    redemption: row["r.id"] === null ? null : pickRedemption(row),
    chainMint: row["m.id"] === null ? null : pickMint(row),
  }));
}

/** cardPage's statement (the bench runs it bare: scripts/bench/lists.ts). */
export function cardPageStatement(filter: CardPageFilter, take: number): { sql: string; params: SqlParam[] } {
  const { shop, livemode, owner, status, beforeId, afterId, oldestFirst, search } = filter;
  const params: SqlParam[] = [shop, livemode];
  const where = ['c."shop" = $1', 'c."livemode" = $2'];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  for (const [column, value, operator] of [
    ["owner", owner, "="],
    ["status", status, "="],
    ["id", beforeId, "<"],
    ["id", afterId, ">"],
  ] as const) {
    if (value !== undefined) where.push(`c."${column}" ${operator} ${param(value)}`);
  }
  if (search) {
    const { from, to } = searchKeyRange(search.namePrefix);
    // Each alternative is a range on an index of its own (shop + nameKey, + serialNumber, + owner).
    const any = [`(c."nameKey" >= ${param(from)} AND c."nameKey" < ${param(to)})`];
    if (search.serialNumber !== undefined) any.push(`c."serialNumber" = ${param(search.serialNumber)}`);
    if (search.owner !== undefined) any.push(`c."owner" = ${param(search.owner)}`);
    where.push(`(${any.join(" OR ")})`);
  }
  const sql =
    `SELECT ${SELECT} FROM "UnitCard" c LEFT JOIN "Redemption" r ON r."id" = c."redemptionId" LEFT JOIN "ChainMint" m ON m."cardId" = c."id" ` +
    `WHERE ${where.join(" AND ")} ORDER BY c."id" ${oldestFirst ? "ASC" : "DESC"} LIMIT ${param(take)}`;
  return { sql, params };
}
