// A baseline server for the api bench (scripts/bench/api.ts), started as its own
// process like the app: BASELINE=json-http (bare node:http, fixed JSON),
// json-express (plain Express, fixed JSON), insert (node:http + one raw INSERT of
// the posted card), list (node:http + the SQL Prisma runs for GET /v1/unit-cards
// ?limit=100), or an equal-work baseline (issue 26): validate-sql, create-sql and
// batch-sql, node:http + every statement the app runs for GET /v1/validate-name,
// POST /v1/unit-cards and its batch of 500 (listed below, at EQUAL WORK). The database is
// DATABASE_URL's, through the driver alone.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import express from "express";
import { sqlBucketStore } from "~/db/bucket-store-sql.server";
import { dialectOf, type SqlValue } from "~/db/dialect.server";
import { generateCode, hashCode, normalizeCode } from "~/domain/codes.server";
import { newId } from "~/domain/ids";
import { RateLimit } from "~/lib/rate-limit";
import { openRawDb, type Query, type RawDb } from "./api-raw-db";

const mode = process.env.BASELINE;
const FIXED = JSON.stringify({ data: { valid: true, available: true, name: "bench-name" } });
const json = (res: http.ServerResponse, status: number, body: string) =>
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(body) }).end(body);

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const INSERT_CARD = `INSERT INTO "UnitCard" ("id", "shop", "name", "media", "metadata", "owner", "publicKey", "status", "redemptionId", "verifyToken", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
// What Prisma sends for findMany({ where: { shop }, orderBy: { id: "desc" }, take: 101, include: { redemption, chainMint } }).
const LIST_CARDS = `SELECT * FROM "UnitCard" WHERE "shop" = ? ORDER BY "id" DESC LIMIT 101`;

function handler(): http.RequestListener {
  if (mode === "json-http") return (_req, res) => json(res, 200, FIXED);
  if (mode === "json-express") {
    const app = express();
    app.get("/v1/validate-name", (_req, res) => void res.type("application/json; charset=utf-8").send(FIXED));
    return app;
  }
  const raw = openRawDb(process.env.DATABASE_URL!);
  // As Prisma's better-sqlite3 adapter writes a DateTime.
  const createdAt = (now: Date) => (raw.kind === "sqlite" ? now.toISOString().replace("Z", "+00:00") : now);
  if (mode === "insert") {
    return (req, res) => {
      void readBody(req).then(async (text) => {
        const body = JSON.parse(text) as { name: string; media: unknown; metadata: unknown };
        const row = {
          id: newId("card"),
          shop: "bench-baseline.myshopify.com",
          name: body.name,
          media: JSON.stringify(body.media),
          metadata: JSON.stringify(body.metadata),
          owner: null,
          publicKey: null,
          status: "PENDING_REDEMPTION",
          redemptionId: null,
          verifyToken: randomBytes(16).toString("hex"),
        };
        await raw.query(INSERT_CARD, [...Object.values(row), createdAt(new Date())]);
        json(res, 201, JSON.stringify({ data: row }));
      });
    };
  }
  if (mode === "list") {
    return (req, res) => {
      const shop = new URL(req.url!, "http://x").searchParams.get("shop")!;
      void (async () => {
        const cards = await raw.query(LIST_CARDS, [shop]);
        const ids = cards.map((card) => card.id);
        const redemptionIds = cards.flatMap((card) => (card.redemptionId ? [card.redemptionId] : []));
        const marks = (list: unknown[]) => list.map(() => "?").join(", ") || "NULL";
        const redemptions = redemptionIds.length
          ? await raw.query(`SELECT * FROM "Redemption" WHERE "id" IN (${marks(redemptionIds)})`, redemptionIds)
          : [];
        const mints = await raw.query(`SELECT * FROM "ChainMint" WHERE "cardId" IN (${marks(ids)})`, ids);
        json(
          res,
          200,
          JSON.stringify({
            data: cards.slice(0, 100),
            redemptions: redemptions.length,
            mints: mints.length,
            nextCursor: cards[100]?.id ?? null,
          }),
        );
      })();
    };
  }
  if (mode === "validate-sql") return equalWork(raw, validateName);
  if (mode === "create-sql") return equalWork(raw, createCard);
  if (mode === "batch-sql") return equalWork(raw, createBatch);
  throw new Error(`BASELINE must be json-http, json-express, insert, list, validate-sql, create-sql or batch-sql, not ${mode}`);
}

/*
 * EQUAL WORK (issue 26): node:http and the driver running the statements the app runs for the
 * request, read from the code and checked with a statement trace of the built server (the text
 * below is the app's, `$n` where the app may send SQLite `?`: the same statement). Both
 * baselines, first, as every /v1 request (app/faces/api/v1-route.server.ts):
 *
 *   A1 SELECT "id", "shop", "lastUsedAt", "revokedAt", "livemode" FROM "ApiKey" WHERE "keyHash" = $1
 *      the Bearer key's SHA-256 (authenticateApiKey, app/domain/api-keys.server.ts;
 *      credentialsByHash, app/db/stores/api-keys.server.ts)
 *   A2 UPDATE "ApiKey" SET "lastUsedAt" = $1 WHERE "id" = $2
 *      only when lastUsedAt is null or over 60 s old (markUsed; the app's is Prisma's update, which
 *      adds RETURNING of all nine columns)
 *   A3 INSERT INTO "RateLimitBucket" AS b … ON CONFLICT ("limit", "key") DO UPDATE … RETURNING "tokens", "granted"
 *      the per-key take, limit "api-key", key the key's id, 100 tokens refilled at 20/s (`perKey`;
 *      the statement is sqlBucketStore's own, app/db/bucket-store-sql.server.ts)
 *   A4 DELETE FROM "RateLimitBucket" WHERE "limit" = $1 AND "refilledAtMs" < <now> - $2
 *      at most once a minute per process, in the background (RateLimit's purge, app/lib/rate-limit.ts)
 *
 * validate-sql, then (validateName, app/domain/names.server.ts; keyOfName, app/db/stores/names.server.ts):
 *
 *   V1 SELECT "id", "name", "publicKey" FROM "UniversalName" WHERE "name" = $1 AND "livemode" = $2
 *
 * create-sql, then, for the bench's body (one card by redemption to an e-mail), in ONE transaction
 * (createCards, app/domain/cards.server.ts; BEGIN IMMEDIATE on SQLite, as the app's adapter):
 *
 *   C1 SELECT 1 AS "taken" FROM "Redemption" WHERE "shop" = $1 AND "codeHash" = $2
 *      the generated code's hash, again while taken (unusedGeneratedCode; codeTaken, app/db/stores/redemptions.server.ts)
 *   C2 INSERT INTO "Redemption" ("id", "shop", "codeHash", "phoneMasked", "emailMasked", "expiresAt", "createdAt",
 *      "redeemedAt", "redeemedBy", "redeemedPublicKey", "livemode") VALUES (…11)   (createRedemption, insertRedemption)
 *   C3 SELECT "claimLinkTarget", "accountPageUrl" FROM "ShopSetup" WHERE "shop" = $1
 *      where the claim link lands (enqueueClaimNotifications → claimLinkSettings, app/db/stores/settings.server.ts)
 *   C4 INSERT INTO "Notification" ("id", "shop", "redemptionId", "channel", "destination", "payload",
 *      "nextAttemptAt", "createdAt") VALUES (…8)   one per destination: here the e-mail (notifications store)
 *   C5 INSERT INTO "UnitCard" ("id", "shop", "name", "media", "metadata", "owner", "publicKey", "status",
 *      "redemptionId", "verifyToken", "voidedAt", "voidReason", "createdAt", "serialNumber", "editionSize",
 *      "livemode") VALUES (…16)   (insertCards, app/db/stores/cards.server.ts)
 *   C6 INSERT INTO "Event" ("id", "shop", "type", "data", "createdAt", "livemode") VALUES (…6)
 *      unit_card.created, the card's view as data (recordEvents, app/domain/events.server.ts)
 *   C7 SELECT "id", "eventTypes" FROM "WebhookEndpoint" WHERE "shop" = $1 AND "status" = $2 AND "livemode" = $3 ORDER BY "id"
 *      (enabledFor, app/db/stores/webhooks.server.ts); then one WebhookDelivery per endpoint that
 *      wants the event (none in the bench: its shops have no endpoint)
 *
 * batch-sql: the same for POST /v1/unit-cards/_actions/batch of 500 cards (the bench's two bodies: to an
 * owner, then by redemption to an e-mail), one closed edition numbered 1 to 500: C1–C4 once when by
 * redemption (the message lists every card), C5 and C6 for all 500 cards, C7 once.
 *
 * The INSERTs are written as the app's insertRows writes them (app/db/insert-rows.server.ts: up to
 * 50 rows per statement, PostgreSQL's casts `::jsonb`, `::timestamp(3)`). The rest is as plain as it gets:
 * no schema validation (the app's zod parsing), no router, no Express; the JSON answered has the
 * app's shape. PostgreSQL: named prepared statements on a pool of 10, as the app's direct ones.
 */

// The /v1 route's per-key limit (`perKey`, app/faces/api/v1-route.server.ts): its name, key and policy.
const PER_KEY = { limit: "api-key", policy: { capacity: 100, refillPerSecond: 20 } };
// As app/domain/api-keys.server.ts reads and hashes a key.
const KEY_PREFIX = "tc_";
const LAST_USED_RESOLUTION_MS = 60_000;
const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
// app/domain/cards.server.ts; APP_PROXY_PATH's default (app/wiring/config.server.ts).
const CODE_TRIES = 5;
const CODE_LIFETIME_MS = 90 * 86_400_000;
const PROXY_PATH = "/apps/twincards";

const SQL = {
  key: 'SELECT "id", "shop", "lastUsedAt", "revokedAt", "livemode" FROM "ApiKey" WHERE "keyHash" = $1',
  markUsed: 'UPDATE "ApiKey" SET "lastUsedAt" = $1 WHERE "id" = $2',
  name: 'SELECT "id", "name", "publicKey" FROM "UniversalName" WHERE "name" = $1 AND "livemode" = $2',
  codeTaken: 'SELECT 1 AS "taken" FROM "Redemption" WHERE "shop" = $1 AND "codeHash" = $2',
  shopSetup: 'SELECT "claimLinkTarget", "accountPageUrl" FROM "ShopSetup" WHERE "shop" = $1',
  endpoints: 'SELECT "id", "eventTypes" FROM "WebhookEndpoint" WHERE "shop" = $1 AND "status" = $2 AND "livemode" = $3 ORDER BY "id"',
};

interface Caller {
  keyId: string;
  shop: string;
  livemode: boolean;
}
type Work = (raw: RawDb, req: http.IncomingMessage, caller: Caller) => Promise<{ status: number; body: string }>;

const ANSWER_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };
const answer = (res: http.ServerResponse, status: number, body: string) =>
  res.writeHead(status, { ...ANSWER_HEADERS, "Content-Length": Buffer.byteLength(body) }).end(body);
const failure = (code: string, message: string) => JSON.stringify({ error: { code, message, details: [] } });

/** A1, A2: the caller of the Bearer key, or null for a missing, unknown or revoked one. */
async function authenticate(raw: RawDb, header: string | undefined): Promise<Caller | null> {
  const key = /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
  if (!key?.startsWith(KEY_PREFIX) || key.length > 100) return null;
  const [row] = await raw.direct.query(SQL.key, [hashKey(key)]);
  if (!row || row.revokedAt) return null;
  const now = new Date();
  const lastUsedAt = row.lastUsedAt === null ? null : new Date(row.lastUsedAt as string | Date);
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await raw.direct.query(SQL.markUsed, [dialectOf(raw.kind).written(now), String(row.id)]);
  }
  return { keyId: String(row.id), shop: String(row.shop), livemode: row.livemode === true || row.livemode === 1 };
}

/** The /v1 request around `work`: the key (A1, A2), the per-key take (A3, A4 now and then), the answer. */
function equalWork(raw: RawDb, work: Work): http.RequestListener {
  const perKey = new RateLimit(PER_KEY.limit, PER_KEY.policy, sqlBucketStore(raw.direct, raw.kind));
  return (req, res) => {
    void (async () => {
      const caller = await authenticate(raw, req.headers.authorization);
      if (!caller) return answer(res, 401, failure("UNAUTHENTICATED", "The API key is not valid or was revoked"));
      const limited = await perKey.take(caller.keyId);
      if (!limited.ok) return answer(res, 429, failure("RATE_LIMITED", "Too many requests for this API key"));
      const { status, body } = await work(raw, req, caller);
      answer(res, status, body);
    })().catch((error: unknown) => {
      console.error(error);
      answer(res, 500, failure("INTERNAL", String(error)));
    });
  };
}

/** V1: GET /v1/validate-name?name=…, answered as the app answers it. */
const validateName: Work = async (raw, req, { livemode }) => {
  const name = (new URL(req.url!, "http://x").searchParams.get("name") ?? "").trim().toLowerCase();
  const [row] = await raw.direct.query<{ id: string; name: string; publicKey: string }>(SQL.name, [name, livemode]);
  const data = row
    ? { available: true, payload: { uns_name: row.name, uns_name_id: row.id, public_key: row.publicKey, livemode } }
    : { available: false, payload: { uns_name: name } };
  return { status: 200, body: JSON.stringify({ data }) };
};

interface MetadataEntry {
  key: string;
  value: unknown;
  metaType?: string;
  visibility?: string;
}
interface CardInput {
  name: string;
  media: { imageUrls: string[]; videoUrls?: string[] };
  metadata: MetadataEntry[];
}
interface CardBody extends CardInput {
  email?: string;
  phone?: string;
  locale?: string;
  firstName?: string;
}
interface BatchBody {
  cards: CardInput[];
  owner?: string;
  publicKey?: string;
  redemption?: { email?: string; phone?: string };
}
/** Who the cards are for: an owner, or whoever redeems the code sent to an e-mail. */
type Recipient = { owner: string; publicKey: string } | { email: string; locale?: string; firstName?: string };

// Rows per INSERT, as app/db/insert-rows.server.ts writes them: one statement per 50 rows.
const ROWS_PER_STATEMENT = 50;
const insertTexts = new Map<string, string>();
/** `rows` into `table` as the app's insertRows writes them: its statement text, values and casts. */
async function insert(raw: RawDb, query: Query, table: string, rows: Record<string, SqlValue>[], json: string[] = []) {
  const dialect = dialectOf(raw.kind);
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const textKey = `${table} ${chunk.length}`;
    let sql = insertTexts.get(textKey);
    if (!sql) {
      const tuples = chunk.map((row, r) => {
        const marks = columns.map((column, c) => dialect.placeholder(r * columns.length + c + 1, row[column], json.includes(column)));
        return `(${marks.join(", ")})`;
      });
      insertTexts.set(
        textKey,
        (sql = `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(", ")}) VALUES ${tuples.join(", ")}`),
      );
    }
    await query(
      sql,
      chunk.flatMap((row) => columns.map((column) => dialect.written(row[column], json.includes(column)))),
    );
  }
}

/** C1–C7: POST /v1/unit-cards, one card by redemption to an e-mail (the bench's body), answered as the app answers it. */
const createCard: Work = async (raw, req, caller) => {
  const { email, phone, locale, firstName, ...card } = JSON.parse(await readBody(req)) as CardBody;
  if (!email || phone !== undefined) throw new Error("create-sql takes the bench's body: one card by redemption to an e-mail");
  const [view] = await writeCards(raw, caller, { email, locale, firstName }, [card], false);
  return { status: 201, body: JSON.stringify({ data: view }) };
};

/** The same statements for POST /v1/unit-cards/_actions/batch: one redemption (or owner) for all, 50 rows per INSERT. */
const createBatch: Work = async (raw, req, caller) => {
  const body = JSON.parse(await readBody(req)) as BatchBody;
  const recipient = body.owner
    ? { owner: body.owner, publicKey: body.publicKey! }
    : body.redemption?.email && !body.redemption.phone
      ? { email: body.redemption.email }
      : null;
  if (!recipient) throw new Error("batch-sql takes the bench's bodies: an owner with a key, or a redemption to an e-mail");
  return { status: 201, body: JSON.stringify({ data: await writeCards(raw, caller, recipient, body.cards, true) }) };
};

/** The cards, their redemption and its message (when by redemption) and their events, in one transaction; their views. */
async function writeCards(raw: RawDb, { shop, livemode }: Caller, recipient: Recipient, input: CardInput[], edition: boolean) {
  // As the app's schema fills a card in (createCardInput): every entry typed and public unless said otherwise.
  const cards = input.map((card) => ({
    name: card.name,
    media: { imageUrls: card.media.imageUrls, videoUrls: card.media.videoUrls ?? [] },
    metadata: card.metadata.map(({ key, value, metaType, visibility }) => ({
      key,
      value,
      metaType: metaType ?? "NO_TYPE",
      visibility: visibility ?? "PUBLIC",
    })),
  }));
  const now = new Date();
  return raw.transact(async (query) => {
    let redemption: (Record<string, SqlValue> & { id: string; emailMasked: string | null; expiresAt: Date }) | null = null;
    let code: string | undefined;
    if ("email" in recipient) {
      let codeHash = "";
      for (let attempt = 0; ; attempt++) {
        if (attempt === CODE_TRIES) throw new Error(`${CODE_TRIES} generated redemption codes in a row were already in use`);
        code = generateCode();
        codeHash = hashCode(shop, normalizeCode(code), livemode);
        if ((await query(SQL.codeTaken, [shop, codeHash])).length === 0) break;
      }
      const email = recipient.email;
      redemption = {
        id: newId("red"),
        shop,
        codeHash,
        phoneMasked: null,
        emailMasked: `${email.slice(0, 1)}***${email.slice(email.lastIndexOf("@"))}`,
        expiresAt: new Date(now.getTime() + CODE_LIFETIME_MS),
        createdAt: now,
        redeemedAt: null,
        redeemedBy: null,
        redeemedPublicKey: null,
        livemode,
      };
      await insert(raw, query, "Redemption", [redemption]);

      const [setup] = await query<{ claimLinkTarget: string; accountPageUrl: string | null }>(SQL.shopSetup, [shop]);
      const toAccount = setup?.accountPageUrl && setup.claimLinkTarget === "ACCOUNT" ? new URL(setup.accountPageUrl) : null;
      toAccount?.searchParams.set("code", code!);
      const payload = {
        code,
        claimUrl: toAccount?.toString() ?? `https://${shop}${PROXY_PATH}/redeem?code=${encodeURIComponent(code!)}`,
        claimTarget: toAccount ? "ACCOUNT" : "THEME",
        expiresAt: redemption.expiresAt.toISOString(),
        locale: recipient.locale ?? null,
        firstName: recipient.firstName ?? null,
        cards: cards.map((card) => ({
          name: card.name,
          imageUrl: card.media.imageUrls[0] ?? null,
          metadata: card.metadata.filter((entry) => entry.visibility !== "PRIVATE"),
        })),
      };
      const queuedAt = new Date();
      const notification = {
        id: newId("ntf"),
        shop,
        redemptionId: redemption.id,
        channel: "EMAIL",
        destination: email,
        payload,
        nextAttemptAt: queuedAt,
        createdAt: queuedAt,
        ...(livemode ? {} : { status: "TEST" }),
      };
      await insert(raw, query, "Notification", [notification], ["payload"]);
    }

    const owner = "owner" in recipient ? recipient : null;
    const rows = cards.map((card, index) => ({
      id: newId("card"),
      shop,
      name: card.name,
      media: card.media,
      metadata: card.metadata,
      owner: owner?.owner ?? null,
      publicKey: owner?.publicKey ?? null,
      status: owner ? "OWNED" : "PENDING_REDEMPTION",
      redemptionId: redemption?.id ?? null,
      verifyToken: randomBytes(16).toString("hex"),
      voidedAt: null,
      voidReason: null,
      createdAt: now,
      serialNumber: edition ? index + 1 : null,
      editionSize: edition ? cards.length : null,
      livemode,
    }));
    await insert(raw, query, "UnitCard", rows, ["media", "metadata"]);

    // Each card's view (toUnitCard, app/domain/card-view.ts), its event's data without the code.
    const views = rows.map((row) => ({
      id: row.id,
      name: row.name,
      serialNumber: row.serialNumber,
      editionSize: row.editionSize,
      media: row.media,
      metadata: row.metadata,
      owner: row.owner,
      publicKey: row.publicKey,
      custody: owner ? "WALLET" : null,
      status: row.status,
      createdAt: now.toISOString(),
      redeemedAt: null,
      voidedAt: null,
      voidReason: null,
      redemption: redemption && { phone: null, email: redemption.emailMasked, expiresAt: redemption.expiresAt.toISOString() },
      chain: null,
      verifyUrl: `https://${shop}${PROXY_PATH}/v/${row.verifyToken}`,
      livemode,
    }));
    const eventsAt = new Date();
    const events = views.map((view) => ({
      id: newId("evt"),
      shop,
      type: "unit_card.created",
      data: { objectType: "unit_card", object: view },
      createdAt: eventsAt,
      livemode,
    }));
    await insert(raw, query, "Event", events, ["data"]);
    const endpoints = await query<{ id: string; eventTypes: unknown }>(SQL.endpoints, [shop, "ENABLED", livemode]);
    for (const endpoint of endpoints) {
      const types = typeof endpoint.eventTypes === "string" ? (JSON.parse(endpoint.eventTypes) as unknown) : endpoint.eventTypes;
      if (!Array.isArray(types) || !(types.includes("*") || types.includes("unit_card.created"))) continue;
      const deliveries = events.map((event) => ({
        id: newId("whd"),
        shop,
        eventId: event.id,
        endpointId: endpoint.id,
        createdAt: eventsAt,
      }));
      await insert(raw, query, "WebhookDelivery", deliveries);
    }
    return code === undefined ? views : views.map((view) => ({ ...view, redemption: { ...view.redemption!, code } }));
  });
}

const server = http.createServer({ keepAlive: true }, handler());
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`baseline ${mode} listening on http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => process.exit(0));
