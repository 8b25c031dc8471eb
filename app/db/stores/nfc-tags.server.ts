import type { NfcTagRecord, NfcTagStore, TagKeyringRecord } from "~/domain/stores";
import { databaseDialect, directSql } from "../client.server";
import { boundValues, readBoolean, readDate, readInt, type SqlValue } from "../dialect.server";

/*
 * TagKeyring and NfcTag (decision 0063), on the driver. A tap's counter is taken with one
 * conditional UPDATE: on PostgreSQL a second concurrent tap waits for the first's row lock and
 * re-reads the row, on SQLite writes take turns, so two taps with one counter never both pass.
 */

const TAG_COLUMNS = [
  "id",
  "shop",
  "uid",
  "twinId",
  "livemode",
  "status",
  "lastCounter",
  "lastTapAt",
  "copiedCount",
  "invalidCount",
  "createdAt",
  "retiredAt",
] as const;
const SELECT_TAG = `SELECT ${TAG_COLUMNS.map((column) => `"${column}"`).join(", ")} FROM "NfcTag"`;

const toTag = (row: Record<string, unknown>): NfcTagRecord => ({
  id: row.id as string,
  shop: row.shop as string,
  uid: row.uid as string,
  twinId: row.twinId as string,
  livemode: readBoolean(row.livemode),
  status: row.status as NfcTagRecord["status"],
  lastCounter: readInt(row.lastCounter),
  lastTapAt: readDate(row.lastTapAt),
  copiedCount: readInt(row.copiedCount) ?? 0,
  invalidCount: readInt(row.invalidCount) ?? 0,
  createdAt: readDate(row.createdAt)!,
  retiredAt: readDate(row.retiredAt),
});

const toKeyring = (row: Record<string, unknown>): TagKeyringRecord => ({
  shop: row.shop as string,
  masterSealed: row.masterSealed as string,
  factory: readBoolean(row.factory),
  createdAt: readDate(row.createdAt)!,
});

const bound = (values: readonly SqlValue[], first = 1) => boundValues(databaseDialect(), values, first);

const one = async (sql: string, params: readonly SqlValue[]) => {
  const [row] = await directSql.query(sql, bound(params).params);
  return row ? toTag(row) : null;
};

export const nfcTagStore: NfcTagStore = {
  async keyring(shop) {
    const [row] = await directSql.query(`SELECT "shop", "masterSealed", "factory", "createdAt" FROM "TagKeyring" WHERE "shop" = $1`, [
      shop,
    ]);
    return row ? toKeyring(row) : null;
  },
  async saveKeyring(keyring) {
    const { marks, params } = bound([keyring.shop, keyring.masterSealed, keyring.factory, keyring.createdAt]);
    await directSql.query(
      `INSERT INTO "TagKeyring" ("shop", "masterSealed", "factory", "createdAt") VALUES (${marks.join(", ")}) ` +
        `ON CONFLICT ("shop") DO UPDATE SET "masterSealed" = excluded."masterSealed", "factory" = excluded."factory", "createdAt" = excluded."createdAt"`,
      params,
    );
  },
  async bind(tag) {
    const { marks, params } = bound(TAG_COLUMNS.map((column) => tag[column]));
    // The shop's unique (shop, uid): a tag it already knows stays as it is, whoever bound it first.
    const rows = await directSql.query(
      `INSERT INTO "NfcTag" (${TAG_COLUMNS.map((column) => `"${column}"`).join(", ")}) VALUES (${marks.join(", ")}) ` +
        `ON CONFLICT ("shop", "uid") DO NOTHING RETURNING "id"`,
      params,
    );
    return rows.length === 1 ? tag : null;
  },
  byUid: (shop, uid) => one(`${SELECT_TAG} WHERE "shop" = $1 AND "uid" = $2`, [shop, uid]),
  byId: (shop, id) => one(`${SELECT_TAG} WHERE "shop" = $1 AND "id" = $2`, [shop, id]),
  async ofTwin(shop, twinId) {
    return (await directSql.query(`${SELECT_TAG} WHERE "shop" = $1 AND "twinId" = $2 ORDER BY "id" DESC`, [shop, twinId])).map(toTag);
  },
  async page(shop, livemode, { beforeId, take }) {
    const params = bound([shop, livemode, take, ...(beforeId ? [beforeId] : [])]).params;
    const older = beforeId ? ` AND "id" < $4` : "";
    const rows = await directSql.query(`${SELECT_TAG} WHERE "shop" = $1 AND "livemode" = $2${older} ORDER BY "id" DESC LIMIT $3`, params);
    return rows.map(toTag);
  },
  async retire(shop, id, at) {
    const { marks, params } = bound([at, shop, id]);
    const rows = await directSql.query(
      `UPDATE "NfcTag" SET "status" = 'RETIRED', "retiredAt" = ${marks[0]} WHERE "shop" = $2 AND "id" = $3 AND "status" = 'ACTIVE' RETURNING "id"`,
      params,
    );
    return rows.length === 1;
  },
  async acceptCounter(id, counter, at) {
    const { marks, params } = bound([counter, at, id]);
    const rows = await directSql.query(
      `UPDATE "NfcTag" SET "lastCounter" = $1, "lastTapAt" = ${marks[1]} ` +
        `WHERE "id" = $3 AND ("lastCounter" IS NULL OR "lastCounter" < $1) RETURNING "id"`,
      params,
    );
    return rows.length === 1;
  },
  countCopied: async (id) => void (await directSql.query(`UPDATE "NfcTag" SET "copiedCount" = "copiedCount" + 1 WHERE "id" = $1`, [id])),
  countInvalid: async (id) => void (await directSql.query(`UPDATE "NfcTag" SET "invalidCount" = "invalidCount" + 1 WHERE "id" = $1`, [id])),
  async activeLiveCount(shop) {
    const { params } = bound([shop, true]);
    const [row] = await directSql.query<{ n: unknown }>(
      `SELECT count(*) AS "n" FROM "NfcTag" WHERE "shop" = $1 AND "livemode" = $2 AND "status" = 'ACTIVE'`,
      params,
    );
    return Number(row?.n ?? 0);
  },
  async deleteForShop(shop) {
    await directSql.query(`DELETE FROM "TagKeyring" WHERE "shop" = $1`, [shop]);
    return (await directSql.query(`DELETE FROM "NfcTag" WHERE "shop" = $1 RETURNING "id"`, [shop])).length;
  },
};
