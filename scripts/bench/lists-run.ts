// One database's half of the lists part (scripts/bench/lists.ts), in a process of its own: the
// app's database client is one per process, opened on DATABASE_URL. Seeds LIST_CARDS cards, as many
// twins and as many notifications, then times a search page of each list through the domain and the
// same statement on the bare driver; prints JSON.
import { randomBytes } from "node:crypto";
import type { NewNotification, UnitCardRecord } from "~/domain/stores";
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
const { searchTwins, twinSearchFilter } = await import("~/domain/twin-list.server");
const { twinPageStatement } = await import("~/db/stores/twin-page.server");
const { searchNotifications, destinationSearchOf } = await import("~/domain/notification-admin.server");
const { notificationPageStatement } = await import("~/db/stores/notification-page.server");
const { insertRows } = await import("~/db/insert-rows.server");
const { searchKey } = await import("~/db/stores/search-key.server");
const { transaction } = await import("~/db/client.server");

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
  await seedTwins(now);
  await seedNotifications(redemptionId, now);
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

/** LIST_CARDS twins over 5,000 universal names (one a customer), written as the app writes them with their title key. */
async function seedTwins(now: Date) {
  const names = Array.from({ length: 5_000 }, (_, i) => ({
    id: newId("uns"),
    name: `bench-name-${i}`,
    publicKey: randomBytes(32).toString("hex"),
    owner: `shopify|${1_000_000 + i}`,
    registeredByShop: SHOP,
    createdAt: now,
    livemode: true,
  }));
  await transaction(() => insertRows("UniversalName", names));
  for (let made = 0; made < LIST_CARDS;) {
    const chunk: object[] = [];
    for (let i = 0; i < 5_000; i++, made++) {
      const name = names[made % names.length]!;
      const title = `${WORDS[made % WORDS.length]} ${WORDS[Math.floor(made / WORDS.length) % WORDS.length]} ${made}`;
      chunk.push({
        id: newId("twin"),
        shop: SHOP,
        nameId: name.id,
        publicKey: name.publicKey,
        title,
        titleKey: searchKey(title),
        creator: "",
        description: "",
        quantity: 1,
        price: null,
        currency: null,
        brand: "",
        categories: [],
        links: [],
        images: [],
        verifyToken: randomBytes(16).toString("hex"),
        createdAt: now,
        serialNumber: (made % 1_000) + 1,
        editionSize: 1_000,
        livemode: true,
      });
    }
    await transaction(() => insertRows("DigitalTwin", chunk, { json: ["categories", "links", "images"] }));
  }
}

/** LIST_CARDS claim notifications of one code, e-mails and phones, some failed, through the store (it writes their keys). */
async function seedNotifications(redemptionId: string, now: Date) {
  for (let made = 0; made < LIST_CARDS;) {
    const chunk: NewNotification[] = [];
    for (let i = 0; i < 5_000; i++, made++) {
      const sms = made % 4 === 0;
      chunk.push({
        id: newId("ntf"),
        shop: SHOP,
        redemptionId,
        channel: sms ? "SMS" : "EMAIL",
        destination: sms ? `+1415555${String(made).padStart(6, "0")}` : `${WORDS[made % WORDS.length]!.toLowerCase()}.${made}@example.com`,
        payload: { cards: [] },
        status: made % 7 === 0 ? "FAILED" : "SENT",
        nextAttemptAt: now,
        createdAt: now,
      });
    }
    await stores().transaction(() => stores().notifications.insert(chunk));
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
{
  // A twin: a title's start (also a universal name's spelling, so the OR has its four alternatives).
  const q = "amber birch";
  const { sql, params } = twinPageStatement(twinSearchFilter(SHOP, { q, limit: PAGE }, undefined, true), PAGE + 1);
  const rows = (await raw.direct.query(sql, params)).length;
  const app = await time(() => searchTwins(SHOP, { q, limit: PAGE }, true));
  const bare = await time(() => raw.direct.query(sql, params));
  results[`twins: ${q}`] = { app, bare, rows };
}
{
  // A notification: the start of an address, among the failed ones.
  const q = "birch.1";
  const filter = { shop: SHOP, livemode: true, statuses: ["FAILED"], destinationPrefix: destinationSearchOf(q) };
  const { sql, params } = notificationPageStatement(filter, PAGE + 1);
  const rows = (await raw.direct.query(sql, params)).length;
  const app = await time(() => searchNotifications(SHOP, { q, status: "FAILED", limit: PAGE }, true));
  const bare = await time(() => raw.direct.query(sql, params));
  results[`notifications: ${q} (failed)`] = { app, bare, rows };
}
await raw.close();
console.log(`RESULT ${JSON.stringify(results)}`);
process.exit(0);
