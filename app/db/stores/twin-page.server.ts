import type { ChainMint, DigitalTwin, UniversalName } from "@prisma/client";
import type { TwinSearchFilter, TwinView } from "~/domain/stores";
import { directSql } from "../client.server";
import type { SqlParam } from "../dialect.server";
import { MINT, picker, select, type Kind } from "./joined-rows.server";
import { fillSearchKeys, searchKeyRange } from "./search-key.server";

// The search key stays out of the view (search-key.server.ts).
const TWIN: Record<Exclude<keyof DigitalTwin, "titleKey">, Kind> = {
  id: "text",
  shop: "text",
  nameId: "text",
  publicKey: "text",
  title: "text",
  creator: "text",
  description: "text",
  quantity: "int",
  price: "text",
  currency: "text",
  brand: "text",
  categories: "json",
  links: "json",
  images: "json",
  verifyToken: "text",
  createdAt: "date",
  serialNumber: "int",
  editionSize: "int",
  livemode: "bool",
};
const NAME: Record<keyof UniversalName, Kind> = {
  id: "text",
  name: "text",
  publicKey: "text",
  owner: "text",
  registeredByShop: "text",
  createdAt: "date",
  livemode: "bool",
};

const SELECT = [...select("t", TWIN), ...select("n", NAME, "n."), ...select("m", MINT, "m.")].join(", ");
const pickTwin = picker<DigitalTwin>(TWIN);
const pickName = picker<UniversalName>(NAME, "n.");
const pickMint = picker<ChainMint>(MINT, "m.");

const CHAIN: Record<NonNullable<TwinSearchFilter["chain"]>, string> = {
  MINTED: `m."status" = 'MINTED'`,
  PENDING: `m."status" IN ('PENDING', 'MINTING', 'HELD')`,
  FAILED: `m."status" = 'FAILED'`,
  NONE: `m."id" IS NULL`,
};

/** A page of the admin's Twins list with each twin's name and NFT, as one plain statement (decision 0078). */
export async function twinSearchPage(filter: TwinSearchFilter, take: number): Promise<TwinView[]> {
  if (filter.search) await fillSearchKeys("DigitalTwin", filter.shop);
  const { sql, params } = twinPageStatement(filter, take);
  const rows = await directSql.query(sql, params);
  return rows.map((row) => ({
    ...pickTwin(row),
    name: pickName(row),
    chainMint: row["m.id"] === null ? null : pickMint(row),
  }));
}

/** twinSearchPage's statement (the bench runs it bare: scripts/bench/lists.ts). */
export function twinPageStatement(filter: TwinSearchFilter, take: number): { sql: string; params: SqlParam[] } {
  const { shop, livemode, chain, beforeId, afterId, oldestFirst, search } = filter;
  const params: SqlParam[] = [shop, livemode];
  const where = ['t."shop" = $1', 't."livemode" = $2'];
  const param = (value: SqlParam) => `$${params.push(value)}`;
  if (beforeId !== undefined) where.push(`t."id" < ${param(beforeId)}`);
  if (afterId !== undefined) where.push(`t."id" > ${param(afterId)}`);
  if (chain) where.push(CHAIN[chain]);
  if (search) {
    const { from, to } = searchKeyRange(search.titlePrefix);
    // Each alternative is a range on an index of its own (shop + titleKey, + serialNumber; a name's owner, its name).
    const any = [`(t."titleKey" >= ${param(from)} AND t."titleKey" < ${param(to)})`];
    if (search.serialNumber !== undefined) any.push(`t."serialNumber" = ${param(search.serialNumber)}`);
    if (search.owner !== undefined) any.push(`t."nameId" IN (SELECT "id" FROM "UniversalName" WHERE "owner" = ${param(search.owner)})`);
    if (search.universalName !== undefined)
      any.push(`t."nameId" IN (SELECT "id" FROM "UniversalName" WHERE "name" = ${param(search.universalName)} AND "livemode" = $2)`);
    where.push(`(${any.join(" OR ")})`);
  }
  const sql =
    `SELECT ${SELECT} FROM "DigitalTwin" t JOIN "UniversalName" n ON n."id" = t."nameId" LEFT JOIN "ChainMint" m ON m."twinId" = t."id" ` +
    `WHERE ${where.join(" AND ")} ORDER BY t."id" ${oldestFirst ? "ASC" : "DESC"} LIMIT ${param(take)}`;
  return { sql, params };
}
