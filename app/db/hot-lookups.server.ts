import { directSql } from "./client.server";

/**
 * The lookups every /v1 request of their kind makes, by a unique column, as one
 * plain SELECT sent to the driver itself (issue 14, decision 0028): through Prisma
 * a query's fixed cost was several times the round trip. Same rows, same
 * database, no cache: a revoked key fails on the very next request, on every replica.
 */

/** The universal name `name` (names are global; test mode has its own), null when nobody registered it. */
export async function universalNameByName(
  name: string,
  livemode: boolean,
): Promise<{ id: string; name: string; publicKey: string } | null> {
  const rows = await directSql.query<{ id: string; name: string; publicKey: string }>(
    'SELECT "id", "name", "publicKey" FROM "UniversalName" WHERE "name" = $1 AND "livemode" = $2',
    [name, livemode],
  );
  return rows[0] ?? null;
}

/** Whether the shop has a redemption code with this hash (a new code must not be someone else's). */
export async function redemptionCodeTaken(shop: string, codeHash: string): Promise<boolean> {
  const rows = await directSql.query('SELECT 1 AS "taken" FROM "Redemption" WHERE "shop" = $1 AND "codeHash" = $2', [shop, codeHash]);
  return rows.length > 0;
}

/** The shop's claim-link columns of its setup row, null when it has none. */
export async function claimLinkColumns(shop: string): Promise<{ claimLinkTarget: string; accountPageUrl: string | null } | null> {
  const rows = await directSql.query<{ claimLinkTarget: string; accountPageUrl: string | null }>(
    'SELECT "claimLinkTarget", "accountPageUrl" FROM "ShopSetup" WHERE "shop" = $1',
    [shop],
  );
  return rows[0] ?? null;
}
