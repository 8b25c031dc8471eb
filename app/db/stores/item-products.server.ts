import type { ItemProductRecord, ItemProductStore, ProductLinkRecord } from "~/domain/stores";
import { databaseDialect, directSql } from "../client.server";
import { boundValues, readDate, type SqlValue } from "../dialect.server";

/*
 * ItemProduct and ProductLink (decision 0063), on the driver: the statements are plain SQL for
 * both databases, dates and placeholders written by the dialect module.
 */

const COLUMNS = ["itemId", "shop", "kind", "productId", "variantId", "barcode", "gtin", "serial", "productUrl", "createdAt"] as const;
const SELECT = `SELECT ${COLUMNS.map((column) => `"${column}"`).join(", ")} FROM "ItemProduct"`;

const toRecord = (row: Record<string, unknown>): ItemProductRecord => ({
  itemId: row.itemId as string,
  shop: row.shop as string,
  kind: row.kind as ItemProductRecord["kind"],
  productId: (row.productId as string | null) ?? null,
  variantId: (row.variantId as string | null) ?? null,
  barcode: (row.barcode as string | null) ?? null,
  gtin: (row.gtin as string | null) ?? null,
  serial: (row.serial as string | null) ?? null,
  productUrl: (row.productUrl as string | null) ?? null,
  createdAt: readDate(row.createdAt)!,
});

const bound = (values: readonly SqlValue[], first = 1) => boundValues(databaseDialect(), values, first);

const inList = (count: number, first = 1) => Array.from({ length: count }, (_, i) => `$${first + i}`).join(", ");

export const itemProductStore: ItemProductStore = {
  async insert(row) {
    const { marks, params } = bound(COLUMNS.map((column) => row[column]));
    // A serial another item of the GTIN holds is no error: PostgreSQL would abort the caller's transaction on one.
    const inserted = await directSql.query(
      `INSERT INTO "ItemProduct" (${COLUMNS.map((column) => `"${column}"`).join(", ")}) VALUES (${marks.join(", ")}) ` +
        `ON CONFLICT DO NOTHING RETURNING "itemId"`,
      params,
    );
    return inserted.length === 1;
  },
  async ofItems(itemIds) {
    if (itemIds.length === 0) return [];
    return (await directSql.query(`${SELECT} WHERE "itemId" IN (${inList(itemIds.length)})`, itemIds)).map(toRecord);
  },
  async byGs1(shop, gtin, serial) {
    const [row] = await directSql.query(`${SELECT} WHERE "shop" = $1 AND "gtin" = $2 AND "serial" = $3`, [shop, gtin, serial]);
    return row ? toRecord(row) : null;
  },
  async withoutGtin(shop, kind, take) {
    const rows = await directSql.query(
      `${SELECT} WHERE "shop" = $1 AND "kind" = $2 AND "barcode" IS NOT NULL AND "gtin" IS NULL ORDER BY "createdAt" DESC, "itemId" DESC LIMIT $3`,
      [shop, kind, take],
    );
    return rows.map(toRecord);
  },
  async ofVariants(shop, kind, variantIds, take) {
    if (variantIds.length === 0) return { count: 0, latest: [] };
    const where = `WHERE "shop" = $1 AND "kind" = $2 AND "variantId" IN (${inList(variantIds.length, 3)})`;
    const values = [shop, kind, ...variantIds];
    const [counted, rows] = await Promise.all([
      directSql.query<{ count: number | string }>(`SELECT COUNT(*) AS "count" FROM "ItemProduct" ${where}`, values),
      directSql.query(`${SELECT} ${where} ORDER BY "createdAt" DESC, "itemId" DESC LIMIT $${values.length + 1}`, [...values, take]),
    ]);
    return { count: Number(counted[0]?.count ?? 0), latest: rows.map(toRecord) };
  },
  async productLinks(shop, gtin) {
    const rows = await directSql.query<Record<string, string>>(
      `SELECT "linkType", "href" FROM "ProductLink" WHERE "shop" = $1 AND "gtin" = $2 ORDER BY "linkType"`,
      [shop, gtin],
    );
    return rows.map((row) => ({ linkType: row.linkType, href: row.href }) as ProductLinkRecord);
  },
  async saveProductLink(shop, gtin, linkType, href, at) {
    if (href === null) {
      await directSql.query(`DELETE FROM "ProductLink" WHERE "shop" = $1 AND "gtin" = $2 AND "linkType" = $3`, [shop, gtin, linkType]);
      return;
    }
    const { marks, params } = bound([shop, gtin, linkType, href, at]);
    await directSql.query(
      `INSERT INTO "ProductLink" ("shop", "gtin", "linkType", "href", "updatedAt") VALUES (${marks.join(", ")}) ` +
        `ON CONFLICT ("shop", "gtin", "linkType") DO UPDATE SET "href" = excluded."href", "updatedAt" = excluded."updatedAt"`,
      params,
    );
  },
  async deleteForShop(shop) {
    await directSql.query(`DELETE FROM "ProductLink" WHERE "shop" = $1`, [shop]);
    return (await directSql.query(`DELETE FROM "ItemProduct" WHERE "shop" = $1 RETURNING "itemId"`, [shop])).length;
  },
};
