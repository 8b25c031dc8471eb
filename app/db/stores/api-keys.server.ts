import type { ApiKeyCredentials, ApiKeyStore } from "~/domain/stores";
import { databaseDialect, db, directSql } from "../client.server";
import { readBoolean, readDate } from "../dialect.server";

/** API keys (the ApiKey table): every query of it. */
export const apiKeyStore: ApiKeyStore = {
  create: ({ id, shop, label, prefix, keyHash, livemode }) => db.apiKey.create({ data: { id, shop, label, prefix, keyHash, livemode } }),

  // A plain SELECT on the driver: every /v1 request makes it (decision 0028).
  async credentialsByHash(keyHash): Promise<ApiKeyCredentials | null> {
    const [row] = await directSql.query('SELECT "id", "shop", "lastUsedAt", "revokedAt", "livemode" FROM "ApiKey" WHERE "keyHash" = $1', [
      keyHash,
    ]);
    if (!row) return null;
    return {
      id: String(row.id),
      shop: String(row.shop),
      lastUsedAt: readDate(row.lastUsedAt),
      revokedAt: readDate(row.revokedAt),
      livemode: readBoolean(row.livemode),
    };
  },

  // On the driver too: a process that only serves /v1 then never starts Prisma's query compiler (about 17 MB).
  async markUsed(id, at) {
    const dialect = databaseDialect();
    await directSql.query(`UPDATE "ApiKey" SET "lastUsedAt" = ${dialect.placeholder(1, at)} WHERE "id" = $2`, [dialect.written(at), id]);
  },
  listForShop: (shop) => db.apiKey.findMany({ where: { shop }, orderBy: { id: "desc" } }),
  findForShop: (shop, id) => db.apiKey.findFirst({ where: { shop, id } }),
  revoke: (id, at) => db.apiKey.update({ where: { id }, data: { revokedAt: at } }),
  countActive: (shop) => db.apiKey.count({ where: { shop, revokedAt: null } }),
  deleteForShop: async (shop) => (await db.apiKey.deleteMany({ where: { shop } })).count,
};
