// A baseline server for the api bench (scripts/bench/api.ts), started as its own
// process like the app: BASELINE=json-http (bare node:http, fixed JSON),
// json-express (plain Express, fixed JSON), insert (node:http + one raw INSERT of
// the posted card) or list (node:http + the SQL Prisma runs for GET /v1/unit-cards
// ?limit=100). The database is DATABASE_URL's, through the driver alone.
import { randomBytes } from "node:crypto";
import http from "node:http";
import express from "express";
import { newId } from "~/domain/ids";
import { openRawDb } from "./api-raw-db";

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
  throw new Error(`BASELINE must be json-http, json-express, insert or list, not ${mode}`);
}

const server = http.createServer({ keepAlive: true }, handler());
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`baseline ${mode} listening on http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => process.exit(0));
