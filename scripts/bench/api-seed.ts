// Data for the api bench: API keys as `npm run api-key:create` writes them, 100k
// cards for the list, and the raw copy of a batch the API wrote (its baseline).
import { randomBytes } from "node:crypto";
import { newApiKeySecret } from "~/domain/api-keys.server";
import { newId } from "~/domain/ids";
import { cardInput } from "../../test/support/fixtures";
import { storable, type RawDb } from "./api-raw-db";

const now = (raw: RawDb) => (raw.kind === "sqlite" ? new Date().toISOString().replace("Z", "+00:00") : new Date());

/** `count` live keys for `shop`. */
export async function createKeys(raw: RawDb, shop: string, count: number): Promise<string[]> {
  const secrets = Array.from({ length: count }, () => newApiKeySecret());
  const rows = secrets.map(({ prefix, keyHash }, i) => ({
    id: newId("key"),
    shop,
    label: `bench ${i}`,
    prefix,
    keyHash,
    createdAt: now(raw),
  }));
  await raw.transaction(insertRows(raw, "ApiKey", rows));
  return secrets.map(({ key }) => key);
}

/** Multi-row INSERTs of `rows` (same columns), at most `perStatement` rows each. */
function insertRows(raw: RawDb, table: string, rows: Record<string, unknown>[], perStatement = 500) {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const statements = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
    statements.push({
      sql: `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${values}`,
      args: chunk.flatMap((row) => columns.map((column) => storable(raw.kind, row[column]))),
    });
  }
  return statements;
}

// Columns that must be unique in a copy, and the tables a batch writes, parents first.
const UNIQUE = new Set(["verifyToken", "mintAddress", "codeHash"]);
const ID_PREFIX: Record<string, Parameters<typeof newId>[0]> = {
  Redemption: "red",
  UnitCard: "card",
  ChainMint: "nft",
  Event: "evt",
  Notification: "ntf",
};

/** Copies of `rows` with new ids (references between copied rows follow) and fresh unique values. */
function copies(tables: Record<string, Record<string, unknown>[]>, shop: string) {
  const ids = new Map<unknown, string>();
  for (const [table, rows] of Object.entries(tables)) for (const row of rows) ids.set(row.id, newId(ID_PREFIX[table]!));
  return Object.fromEntries(
    Object.entries(tables).map(([table, rows]) => [
      table,
      rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([column, value]) => [
            column,
            column === "shop" ? shop : UNIQUE.has(column) ? randomBytes(16).toString("hex") : (ids.get(value) ?? value),
          ]),
        ),
      ),
    ]),
  );
}

/** What the API stored for the cards `cardIds` of `shop`: cards, their redemption and its notifications, mints, events. */
async function batchRows(raw: RawDb, shop: string, cardIds: string[]) {
  const marks = cardIds.map(() => "?").join(", ");
  const UnitCard = await raw.query(`SELECT * FROM "UnitCard" WHERE "id" IN (${marks})`, cardIds);
  const redemptionIds = [...new Set(UnitCard.flatMap((card) => (card.redemptionId ? [card.redemptionId] : [])))];
  const inList = (list: unknown[]) => list.map(() => "?").join(", ");
  return {
    Redemption: redemptionIds.length
      ? await raw.query(`SELECT * FROM "Redemption" WHERE "id" IN (${inList(redemptionIds)})`, redemptionIds)
      : [],
    UnitCard,
    ChainMint: await raw.query(`SELECT * FROM "ChainMint" WHERE "cardId" IN (${marks})`, cardIds),
    Notification: redemptionIds.length
      ? await raw.query(`SELECT * FROM "Notification" WHERE "redemptionId" IN (${inList(redemptionIds)})`, redemptionIds)
      : [],
    Event: await raw.query(`SELECT * FROM "Event" WHERE "shop" = ? ORDER BY "id" DESC LIMIT ?`, [shop, cardIds.length]),
  };
}

/** Milliseconds of one raw transaction writing copies of every row the API stored for a batch. */
export async function copyBatch(raw: RawDb, shop: string, cardIds: string[]): Promise<number> {
  const tables = copies(await batchRows(raw, shop, cardIds), shop);
  const statements = Object.entries(tables).flatMap(([table, rows]) => insertRows(raw, table, rows));
  const started = performance.now();
  await raw.transaction(statements);
  return performance.now() - started;
}

/** `total` cards in `shop`: one batch through the API, then raw copies of its cards (sharing its one redemption). */
export async function seedCards(appUrl: string, key: string, raw: RawDb, shop: string, total: number) {
  const cards = Array.from({ length: 500 }, (_, i) => cardInput(`List card ${i}`));
  const response = await fetch(`${appUrl}/v1/unit-cards/_actions/batch`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ redemption: { email: "list@example.com" }, cards }),
  });
  if (response.status !== 201) throw new Error(`Seeding the list answered ${response.status}: ${await response.text()}`);
  const template = await raw.query(`SELECT * FROM "UnitCard" WHERE "shop" = ?`, [shop]);
  for (let made = template.length; made < total;) {
    const chunk = [];
    for (let i = 0; i < 10_000 && made < total; i++, made++) {
      chunk.push({ ...template[made % template.length]!, id: newId("card"), verifyToken: randomBytes(16).toString("hex") });
    }
    await raw.transaction(insertRows(raw, "UnitCard", chunk));
  }
}
