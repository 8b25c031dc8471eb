// One database's half of the lists part (scripts/bench/lists.ts), in a process of its own: the
// app's database client is one per process, opened on DATABASE_URL. Seeds LIST_CARDS cards, then
// times a search page through the domain and the same statement on the bare driver; prints JSON.
import { randomBytes } from "node:crypto";
import type { UnitCardRecord } from "~/domain/stores";
import { openRawDb } from "./api-raw-db";

const url = process.env.DATABASE_URL!;
const LIST_CARDS = 100_000;
const PAGE = 25;
const CALLS = Number(process.env.BENCH_LISTS_CALLS ?? 300);
const SHOP = "bench-lists.myshopify.com";
const WORDS = ["Amber", "Birch", "Cedar", "Dune", "Ember", "Fjord", "Garnet", "Harbor", "Indigo", "Jade", "Kelp", "Linen"];

const { wireServices } = await import("~/wiring/services.server");
wireServices();
const { stores } = await import("~/domain/stores");
const { newId } = await import("~/domain/ids");
const { searchCards, cardSearchOf } = await import("~/domain/card-list.server");
const { cardPageStatement } = await import("~/db/stores/card-page.server");

async function seed() {
  const redemptionId = newId("red");
  const now = new Date();
  await stores().cards.insertRedemption({
    id: redemptionId,
    shop: SHOP,
    codeHash: randomBytes(16).toString("hex"),
    phoneMasked: "+1******4567",
    emailMasked: "l***@example.com",
    expiresAt: new Date(now.getTime() + 86_400_000),
    createdAt: now,
    redeemedAt: null,
    redeemedBy: null,
    redeemedPublicKey: null,
    customerId: null,
    livemode: true,
  });
  for (let made = 0; made < LIST_CARDS;) {
    const chunk: UnitCardRecord[] = [];
    for (let i = 0; i < 5_000; i++, made++) {
      const owned = made % 3 === 0;
      chunk.push({
        id: newId("card"),
        shop: SHOP,
        name: `${WORDS[made % WORDS.length]} ${WORDS[Math.floor(made / WORDS.length) % WORDS.length]} ${made}`,
        media: { imageUrls: [], videoUrls: [] },
        metadata: [],
        owner: owned ? `shopify|${1_000_000 + (made % 5_000)}` : null,
        publicKey: null,
        status: owned ? "OWNED" : "PENDING_REDEMPTION",
        voidedAt: null,
        voidReason: null,
        redemptionId: owned ? null : redemptionId,
        verifyToken: randomBytes(16).toString("hex"),
        createdAt: now,
        serialNumber: (made % 1_000) + 1,
        editionSize: 1_000,
        livemode: true,
      });
    }
    await stores().transaction(() => stores().cards.insertCards(chunk));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function time(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

await seed();
const raw = openRawDb(url, 1);
const results: Record<string, { app: number; bare: number; rows: number }> = {};
for (const q of ["amber birch", "#12", "1002345", ""]) {
  const search = cardSearchOf(q);
  const { sql, params } = cardPageStatement({ shop: SHOP, livemode: true, search }, PAGE + 1);
  const rows = (await raw.direct.query(sql, params)).length;
  const app = await time(() => searchCards(SHOP, { q, limit: PAGE }, true));
  const bare = await time(() => raw.direct.query(sql, params));
  results[q || "(no search)"] = { app, bare, rows };
}
await raw.close();
console.log(`RESULT ${JSON.stringify(results)}`);
process.exit(0);
