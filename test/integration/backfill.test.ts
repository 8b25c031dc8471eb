import { afterEach, describe, expect, inject, it } from "vitest";
import { BackfillWorker } from "~/adapters/shopify/backfill-worker.server";
import { OrderWorker } from "~/adapters/shopify/order-worker.server";
import { db } from "~/db/client.server";
import { latestBackfill, type BackfillView } from "~/domain/backfills.server";
import { createRule } from "~/domain/issuing-rules.server";
import { DEMO_COLLECTIONS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { getPage, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";
import { cardInput } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { stubAccessToken, stubGraphql, stubOrderSource } from "../support/stub-order-source";

/*
 * A rule applied to past orders (issue 27, item 3; decision 0051), Shopify stood
 * in for by the Admin API stub: past orders are placed silently (no webhook, as
 * before the app), the merchant previews and confirms on the rule's page (the
 * built server), and this test's own workers list the orders (one page, or the
 * bulk operation) and issue them, as `npm start` does in the background.
 */

const stubUrl = inject("adminApiStubUrl");
const product = DEMO_PRODUCTS[0]!;
const other = DEMO_PRODUCTS[1]!;
const DAY = 24 * 60 * 60 * 1000;

interface PlacedOrder {
  id: string;
  name: string;
  lines: { id: string; quantity: number }[];
}

async function control(path: string, body: unknown): Promise<{ order: PlacedOrder; webhook: { status: number | null } | null }> {
  const response = await fetch(`${stubUrl}/_stub/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { order: PlacedOrder; webhook: { status: number | null } | null };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  return answer;
}

/** A guest's order of `quantity` units of `of`, paid `daysAgo` days ago; silent: no webhook reaches the app. */
async function pastOrder(shop: string, daysAgo: number, options: { of?: typeof product; quantity?: number; silent?: boolean } = {}) {
  const { order, webhook } = await control("orders", {
    shop,
    customerId: null,
    email: "past-buyer@example.com",
    lines: [{ productId: (options.of ?? product).id, quantity: options.quantity ?? 1 }],
    processedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
    silent: options.silent ?? true,
  });
  if (options.silent === false) expect(webhook?.status, JSON.stringify(webhook)).toBe(200);
  return order;
}

const cancel = (order: PlacedOrder) => control(`orders/${order.id}/cancel`, { silent: true });
const refund = (order: PlacedOrder, quantity = order.lines[0]!.quantity) =>
  control(`orders/${order.id}/refunds`, { lines: [{ id: order.lines[0]!.id, quantity }], silent: true });

const ruleFor = (shop: string) =>
  createRule(shop, {
    targetType: "PRODUCT",
    targetId: product.gid,
    targetTitle: product.title,
    trigger: "PAID",
    issueTwin: false,
    card: cardInput("Owner's club"),
  });

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((worker) => worker.stop()));
});

async function workersFor(shop: string) {
  const token = await stubAccessToken(stubUrl);
  const lister = new BackfillWorker({
    graphqlFor: async () => stubGraphql(stubUrl, shop, token),
    where: { shop },
    bulkPollMs: 0,
    log: quietLog,
  });
  const issuer = new OrderWorker({ source: await stubOrderSource(stubUrl), where: { shop }, log: quietLog });
  running.push(lister, issuer);
  return { lister, issuer };
}

const page = (ruleId: string) => `/app/automation/${ruleId}`;

/** Works the backfill's listing (a bulk operation takes several looks) until it is READY. */
async function listed(shop: string, ruleId: string, lister: BackfillWorker): Promise<BackfillView> {
  for (let look = 0; look < 10; look++) {
    const backfill = await latestBackfill(shop, ruleId);
    if (backfill?.phase !== "LISTING" && backfill?.phase !== "BULK") return backfill!;
    await lister.drainOnce();
  }
  throw new Error("The backfill was never listed");
}

/** Works the queued orders until the backfill is FINISHED. */
async function issued(shop: string, ruleId: string, issuer: OrderWorker): Promise<BackfillView> {
  for (let round = 0; round < 50; round++) {
    const backfill = (await latestBackfill(shop, ruleId))!;
    if (backfill.phase === "FINISHED") return backfill;
    await issuer.drainOnce();
  }
  throw new Error("The backfill never finished");
}

async function preview(shop: string, ruleId: string, days: string) {
  const answer = await submitFetcher<BackfillView>(page(ruleId), shop, { intent: "backfill-preview", days });
  expect(answer.status).toBe(200);
  return answer.result;
}

async function confirm(shop: string, ruleId: string, id: string) {
  return submitFetcher<BackfillView>(page(ruleId), shop, { intent: "backfill-confirm", id });
}

const issuesOf = (shop: string) => db.orderIssue.findMany({ where: { shop }, orderBy: { orderId: "asc" } });

describe("Apply to past orders", { timeout: 60_000 }, () => {
  it("previews the orders paid in the range that match the rule, without the cancelled or refunded ones, then issues each once", async () => {
    const shop = uniqueShop();
    const rule = await ruleFor(shop);
    const recent = await pastOrder(shop, 5);
    const partlyRefunded = await pastOrder(shop, 2, { quantity: 2 });
    await refund(partlyRefunded, 1);
    await cancel(await pastOrder(shop, 10));
    await refund(await pastOrder(shop, 12));
    await pastOrder(shop, 40); // before the range
    await pastOrder(shop, 3, { of: other }); // another product
    const { lister, issuer } = await workersFor(shop);

    expect(await preview(shop, rule.id, "30")).toMatchObject({ ok: true, data: { phase: "LISTING", days: 30 } });
    const ready = await listed(shop, rule.id, lister);
    expect(ready).toMatchObject({ phase: "READY", eligible: 2, skipped: 2 });
    const shown = await getPage(page(rule.id), shop);
    expect(shown.text).toContain("2 orders paid in the last 30 days match this rule.");
    expect(shown.text).toContain("2 cancelled or refunded orders will be skipped.");
    expect(await db.orderWebhook.count({ where: { shop } })).toBe(0); // nothing queued before the merchant confirms

    const started = await confirm(shop, rule.id, ready.id);
    expect(started.status).toBe(200);
    expect(started.result).toMatchObject({ ok: true, data: { phase: "ISSUING", eligible: 2, done: 0 } });
    const again = await confirm(shop, rule.id, ready.id);
    expect(again.status).toBe(409);
    expect(again.result).toMatchObject({ ok: false, message: "This rule is already being applied to past orders: wait until it finishes" });
    const twice = await submitFetcher(page(rule.id), shop, { intent: "backfill-preview", days: "30" });
    expect(twice.status).toBe(409);
    expect((await getPage(page(rule.id), shop)).text).toContain("Queued: 2 orders wait for the order worker.");
    // One order at a time, as a busy worker would: the page counts the orders done.
    const oneAtATime = new OrderWorker({ source: await stubOrderSource(stubUrl), where: { shop }, batchSize: 1, log: quietLog });
    expect(await oneAtATime.drainOnce()).toBe(1);
    expect((await getPage(page(rule.id), shop)).text).toContain("1 of 2 orders done");

    const finished = await issued(shop, rule.id, issuer);
    expect(finished).toMatchObject({ phase: "FINISHED", done: 2, issued: 2, alreadyIssued: 0, skipped: 2, failed: 0 });
    const issues = await issuesOf(shop);
    expect(issues.map((issue) => [issue.orderId, issue.quantity, issue.status])).toEqual(
      [
        [recent.id, 1, "WAITING"],
        [partlyRefunded.id, 1, "WAITING"],
      ].sort(),
    );
    const cards = await db.unitCard.count({ where: { shop } });
    expect(cards).toBe(2);
    expect((await getPage(page(rule.id), shop)).text).toContain("Issued: 2 · Already issued: 0 · Skipped: 2");

    // Run twice: the live keys find every line issued, and nothing new is issued.
    const second = await preview(shop, rule.id, "30");
    expect(second?.ok).toBe(true);
    const readyAgain = await listed(shop, rule.id, lister);
    expect((await confirm(shop, rule.id, readyAgain.id)).status).toBe(200);
    expect(await issued(shop, rule.id, issuer)).toMatchObject({ phase: "FINISHED", issued: 0, alreadyIssued: 2, skipped: 2 });
    expect(await issuesOf(shop)).toHaveLength(2);
    expect(await db.unitCard.count({ where: { shop } })).toBe(cards);
  });

  it("an order the rule issued for live, when it was paid, is not issued again", async () => {
    const shop = uniqueShop();
    const rule = await ruleFor(shop);
    const live = await pastOrder(shop, 0, { silent: false });
    const { lister, issuer } = await workersFor(shop);
    expect(await issuer.drainOnce()).toBe(1);
    expect(await issuesOf(shop)).toHaveLength(1);
    const older = await pastOrder(shop, 8);

    await preview(shop, rule.id, "14");
    const ready = await listed(shop, rule.id, lister);
    expect(ready).toMatchObject({ eligible: 2, skipped: 0 });
    await confirm(shop, rule.id, ready.id);
    expect(await issued(shop, rule.id, issuer)).toMatchObject({ issued: 1, alreadyIssued: 1, skipped: 0 });
    const issues = await issuesOf(shop);
    expect(issues.map((issue) => issue.orderId).sort()).toEqual([live.id, older.id].sort());
    expect(await db.unitCard.count({ where: { shop } })).toBe(2);
  });

  it("lists a range of more orders than one page through Shopify's bulk operation, and carries on after a restart", async () => {
    const shop = uniqueShop();
    const rule = await ruleFor(shop);
    // 251 orders paid in the range, 3 of them of the rule's product, one of those cancelled.
    for (let batch = 0; batch < 248; batch += 31)
      await Promise.all(
        Array.from({ length: Math.min(31, 248 - batch) }, (_, index) => pastOrder(shop, 1 + ((batch + index) % 20), { of: other })),
      );
    const matching = await Promise.all([pastOrder(shop, 4), pastOrder(shop, 9), pastOrder(shop, 15)]);
    await cancel(matching[1]!);

    await preview(shop, rule.id, "30");
    const first = await workersFor(shop);
    expect(await first.lister.drainOnce()).toBe(1);
    const waiting = await db.ruleBackfill.findFirstOrThrow({ where: { shop } });
    expect(waiting).toMatchObject({ phase: "BULK", status: "PENDING" });
    expect(waiting.bulkOperationId).toMatch(/^gid:\/\/shopify\/BulkOperation\//);
    await first.lister.stop();

    // A new process (the first one restarted) finds the operation in the database and reads its file.
    const second = await workersFor(shop);
    const ready = await listed(shop, rule.id, second.lister);
    expect(ready).toMatchObject({ phase: "READY", eligible: 2, skipped: 1 });
    expect((await db.ruleBackfill.findFirstOrThrow({ where: { shop } })).bulkOperationId).toBe(waiting.bulkOperationId);
    await confirm(shop, rule.id, ready.id);
    expect(await issued(shop, rule.id, second.issuer)).toMatchObject({ issued: 2, alreadyIssued: 0, skipped: 1 });
    expect((await issuesOf(shop)).map((issue) => issue.orderId).sort()).toEqual([matching[0]!.id, matching[2]!.id].sort());
  });

  it("applies a collection rule to 10,000 past orders through the bulk operation, issuing exactly what the single page issues for the same orders", async () => {
    const outdoor = DEMO_COLLECTIONS.find((collection) => collection.title === "Outdoor")!;
    const sneakers = DEMO_PRODUCTS.find((candidate) => candidate.title === "Trailrunner GTX Sneakers")!;
    const mug = DEMO_PRODUCTS.find((candidate) => !outdoor.productTitles.includes(candidate.title))!;
    /** The orders that matter to the rule: sneakers (in Outdoor) bought 1 to 3 at a time, one cancelled, one refunded, one partly. */
    async function sneakerOrders(shop: string) {
      const placed = [];
      for (const [daysAgo, quantity] of [
        [3, 1],
        [5, 2],
        [8, 3],
        [11, 1],
        [14, 2],
        [17, 1],
      ] as const)
        placed.push(await pastOrder(shop, daysAgo, { of: sneakers, quantity }));
      await cancel(placed[1]!);
      await refund(placed[3]!);
      await refund(placed[4]!, 1);
      return placed;
    }
    const collectionRule = (shop: string) =>
      createRule(shop, {
        targetType: "COLLECTION",
        targetId: outdoor.gid,
        targetTitle: outdoor.title,
        trigger: "PAID",
        issueTwin: false,
        card: cardInput("Trail club"),
      });
    /** Previews, lists, confirms and issues; what each sneaker order got, oldest first. */
    async function apply(shop: string, sneakersPlaced: PlacedOrder[], expectedPhase: "LISTING" | "BULK") {
      const rule = await collectionRule(shop);
      const { lister, issuer } = await workersFor(shop);
      await preview(shop, rule.id, "30");
      await lister.drainOnce();
      expect((await db.ruleBackfill.findFirstOrThrow({ where: { shop } })).phase).toBe(expectedPhase === "BULK" ? "BULK" : "READY");
      const ready = await listed(shop, rule.id, lister);
      await confirm(shop, rule.id, ready.id);
      const finished = await issued(shop, rule.id, issuer);
      const issues = await issuesOf(shop);
      const got = sneakersPlaced.map((order) =>
        issues.filter((issue) => issue.orderId === order.id).map((issue) => [issue.quantity, issue.status]),
      );
      return { ready, finished, got, cards: await db.unitCard.count({ where: { shop } }) };
    }

    const big = uniqueShop();
    const bigSneakers = await sneakerOrders(big);
    // 9,994 more orders of a product in no collection the rule targets, paid over the last 20 days.
    for (let daysAgo = 1; daysAgo <= 2; daysAgo++)
      await control("orders", {
        shop: big,
        customerId: null,
        email: "history@example.com",
        lines: [{ productId: mug.id, quantity: 1 }],
        processedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
        silent: true,
        copies: 4997,
      });
    const small = uniqueShop();
    const smallSneakers = await sneakerOrders(small);

    const bulk = await apply(big, bigSneakers, "BULK");
    const page = await apply(small, smallSneakers, "LISTING");

    expect(bulk.ready).toMatchObject({ phase: "READY", eligible: 4, skipped: 2 });
    expect(page.ready).toMatchObject({ phase: "READY", eligible: 4, skipped: 2 });
    expect(bulk.finished).toMatchObject({ phase: "FINISHED", issued: 4, alreadyIssued: 0, skipped: 2, failed: 0 });
    expect(bulk.got).toEqual(page.got);
    expect(bulk.got.filter((issues) => issues.length > 0)).toHaveLength(4);
    expect(bulk.cards).toBe(page.cards);
    // Shopify accepted every document: nothing refused, nothing answered that Shopify could not have.
    const log = (await (await fetch(`${stubUrl}/_stub/graphql-log?shop=${big}`)).json()) as {
      calls: { refused: string | null }[];
      faults: unknown[];
    };
    expect(log.calls.filter((call) => call.refused)).toEqual([]);
    expect(log.faults).toEqual([]);
  });

  it.each([
    ["0", "Enter a number of days from 1 to 365"],
    ["366", "Enter a number of days from 1 to 365"],
    ["ten", "Enter a number of days"],
    ["2.5", "Enter a whole number of days"],
    ["", "Enter a number of days"],
  ])("refuses %j days at the field, and queues nothing", async (days, message) => {
    const shop = uniqueShop();
    const rule = await ruleFor(shop);
    const answer = await submitFetcher(page(rule.id), shop, { intent: "backfill-preview", days });
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ ok: false, fieldErrors: { days: message } });
    expect(await db.ruleBackfill.count({ where: { shop } })).toBe(0);
    expect(await db.orderWebhook.count({ where: { shop } })).toBe(0);
  });

  it("refuses a rule that issues at fulfilment", async () => {
    const shop = uniqueShop();
    const rule = await createRule(shop, {
      targetType: "PRODUCT",
      targetId: product.gid,
      targetTitle: product.title,
      trigger: "FULFILLED",
      issueTwin: true,
    });
    const answer = await submitFetcher(page(rule.id), shop, { intent: "backfill-preview", days: "30" });
    expect(answer.status).toBe(409);
    expect(answer.result).toMatchObject({ ok: false, message: "Only a rule that issues at payment can be applied to past orders" });
    expect((await getPage(page(rule.id), shop)).text).toContain("Only a rule that issues at payment can be applied to past orders.");
    expect(await db.ruleBackfill.count({ where: { shop } })).toBe(0);
  });
});
