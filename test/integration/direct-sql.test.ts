import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, directSql, isUniqueViolation, transaction } from "~/db/client.server";
import { databaseKind } from "~/db/database-url";
import { apiKeyStore } from "~/db/stores/api-keys.server";
import { settingsStore } from "~/db/stores/settings.server";
import { cardStore } from "~/db/stores/cards.server";
import { webhookEndpointStore } from "~/db/stores/webhooks.server";
import { insertRows } from "~/db/insert-rows.server";
import { newId } from "~/domain/ids";
import { deferred } from "../support/deferred";

// Statements sent to the driver itself, on the suite's database (SQLite or PostgreSQL):
// they must read what Prisma reads, and keep to transactions as Prisma's queries do.

const shop = () => `direct-${randomUUID().slice(0, 8)}.myshopify.com`;
const onSqlite = databaseKind(process.env.DATABASE_URL!) === "sqlite";

const originalTimeZone = process.env.TZ;
afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

describe("direct SQL", () => {
  it("reads an API key's dates as the instants Prisma stored, also when the process runs in another time zone", async () => {
    const lastUsedAt = new Date("2026-11-23T10:15:30.123Z");
    const revokedAt = new Date("2026-11-24T23:59:59.999Z");
    const keyHash = randomUUID();
    const row = await db.apiKey.create({
      data: { id: newId("key"), shop: shop(), label: "tz", prefix: "tc_abc", keyHash, lastUsedAt, revokedAt },
    });
    process.env.TZ = "America/New_York";

    expect(await apiKeyStore.credentialsByHash(keyHash)).toEqual({ id: row.id, shop: row.shop, lastUsedAt, revokedAt, livemode: true });
    expect(await apiKeyStore.credentialsByHash("no such hash")).toBeNull();
  });

  it("joins the open transaction: sees its rows before they commit, and loses them with its rollback", async () => {
    const s = shop();
    const seenInside = await transaction(async (tx) => {
      await tx.shopSetup.create({ data: { shop: s, claimLinkTarget: "ACCOUNT", accountPageUrl: "https://example.com/account" } });
      return settingsStore.claimLinkColumns(s);
    });
    expect(seenInside).toEqual({ claimLinkTarget: "ACCOUNT", accountPageUrl: "https://example.com/account" });

    const other = shop();
    await expect(
      transaction(async (tx) => {
        await tx.shopSetup.create({ data: { shop: other } });
        expect(await settingsStore.claimLinkColumns(other)).toEqual({ claimLinkTarget: "THEME", accountPageUrl: null });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await settingsStore.claimLinkColumns(other)).toBeNull();
  });

  it("shares its transactions with another copy of app/db (the compiled server and the Remix build each bundle one)", async () => {
    vi.resetModules();
    const otherCopy = await import("~/db/client.server");
    const s = shop();

    const seen = await otherCopy.transaction(async (tx) => {
      await tx.shopSetup.create({ data: { shop: s } });
      // This copy's direct statements and client must join the transaction the other copy opened.
      return {
        rows: await directSql.query('SELECT "shop" FROM "ShopSetup" WHERE "shop" = $1', [s]),
        found: await db.shopSetup.count({ where: { shop: s } }),
      };
    });

    expect(seen).toEqual({ rows: [{ shop: s }], found: 1 });
  });

  it("outside a transaction never sees another's uncommitted row (on SQLite it waits for that transaction to end)", async () => {
    const s = shop();
    const written = deferred();
    const release = deferred();
    let ended = false;
    const open = transaction(async (tx) => {
      await tx.shopSetup.create({ data: { shop: s } });
      written.resolve();
      await release.promise;
      ended = true;
      throw new Error("rolled back");
    });
    await written.promise;

    const reading = directSql.query('SELECT "shop" FROM "ShopSetup" WHERE "shop" = $1', [s]).then((rows) => ({ rows, endedFirst: ended }));
    // PostgreSQL answers at once, without the row; SQLite's one connection answers after the transaction.
    if (!onSqlite) expect(await reading).toEqual({ rows: [], endedFirst: false });
    release.resolve();
    await expect(open).rejects.toThrow("rolled back");
    expect(await reading).toEqual({ rows: [], endedFirst: onSqlite });
  });

  it("reports a duplicate written by raw SQL as a unique violation, as Prisma's own P2002", async () => {
    const s = shop();
    const redemption = () => ({ id: newId("red"), shop: s, codeHash: "same-hash", expiresAt: new Date(), createdAt: new Date() });
    await transaction(() => insertRows("Redemption", [redemption()]));

    const duplicate = await transaction(() => insertRows("Redemption", [redemption()])).catch((error: unknown) => error);

    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(await db.redemption.count({ where: { shop: s } })).toBe(1);
  });

  it("lists a shop's enabled webhook endpoints of one mode with their event types parsed", async () => {
    const s = shop();
    const endpoint = (status: string, eventTypes: string[], livemode = true) => ({
      id: newId("we"),
      shop: s,
      url: "https://example.com/hook",
      secretSealed: "x",
      status,
      eventTypes,
      livemode,
    });
    const enabled = endpoint("ENABLED", ["unit_card.created", "*"]);
    const test = endpoint("ENABLED", ["*"], false);
    await db.webhookEndpoint.createMany({ data: [enabled, endpoint("DISABLED", ["*"]), test] });

    expect(await webhookEndpointStore.enabledFor(s, true)).toEqual([{ id: enabled.id, eventTypes: ["unit_card.created", "*"] }]);
    expect(await webhookEndpointStore.enabledFor(s, false)).toEqual([{ id: test.id, eventTypes: ["*"] }]);
  });

  it("pages a shop's cards exactly as Prisma's findMany with their redemption and mint", async () => {
    const s = shop();
    const now = Date.now();
    const redemption = {
      id: newId("red"),
      shop: s,
      codeHash: randomUUID(),
      phoneMasked: "+1 *** 0141",
      emailMasked: null,
      expiresAt: new Date(now + 1000),
      redeemedAt: new Date(now),
      redeemedBy: "shopify|1",
      redeemedPublicKey: "key",
    };
    await db.redemption.create({ data: redemption });
    const card = (i: number, extra: Record<string, unknown> = {}) => ({
      id: newId("card"),
      shop: s,
      name: `Card ${i}`,
      media: { imageUrls: [`https://example.com/${i}.png`] },
      metadata: [{ key: "n", value: i }],
      status: "OWNED",
      owner: i % 2 ? "shopify|1" : "shopify|2",
      publicKey: "pk",
      verifyToken: randomUUID(),
      ...extra,
    });
    const cards = [
      card(0),
      card(1, { redemptionId: redemption.id }),
      card(2, { status: "VOID", voidedAt: new Date(now), voidReason: "Refunded", owner: null }),
      card(3),
      card(4),
      card(5, { livemode: false }),
    ];
    for (const data of cards) await db.unitCard.create({ data });
    await db.chainMint.create({
      data: {
        id: newId("nft"),
        shop: s,
        cardId: cards[3]!.id,
        recipient: "pk",
        mintAddress: randomUUID(),
        cluster: "devnet",
        attempts: 2,
        lastError: "RPC down",
      },
    });
    // The search key (decision 0078) stays out of the page, as out of every card view.
    const include = { redemption: true, chainMint: true } as const;
    const omit = { nameKey: true } as const;

    const live = { shop: s, livemode: true };
    expect(await cardStore.page(live, 10)).toEqual(
      await db.unitCard.findMany({ where: live, orderBy: { id: "desc" }, take: 10, include, omit }),
    );
    expect(await cardStore.page({ shop: s, livemode: false }, 10)).toEqual([
      await db.unitCard.findUniqueOrThrow({ where: { id: cards[5]!.id }, include, omit }),
    ]);
    const cursor = cards[3]!.id;
    expect(await cardStore.page({ ...live, owner: "shopify|1", beforeId: cursor }, 10)).toEqual(
      await db.unitCard.findMany({
        where: { ...live, owner: "shopify|1", id: { lt: cursor } },
        orderBy: { id: "desc" },
        take: 10,
        include,
        omit,
      }),
    );
    expect(await cardStore.page({ ...live, status: "VOID" }, 10)).toEqual(
      await db.unitCard.findMany({ where: { ...live, status: "VOID" }, include, omit }),
    );
    expect(await cardStore.page(live, 2)).toHaveLength(2);
  });
});
