// The throttle part of `npm run bench` (BENCH_ONLY=throttle): issue at purchase under
// Shopify's rate limit. Orders are paid in one shop on the Admin API stub, whose bucket is
// Shopify's Standard plan (2,000 points, 100 a second, every order read priced from Shopify's
// schema: a read must find its requested cost in the bucket and takes its actual cost); the
// built server records their webhooks and its own order worker reads each order with the
// shop's offline token through Shopify's library, as in production. Two rounds, each in a
// shop of its own: 300 orders paced over a minute (issue 38's case), then 300 at once (what
// the worker sustains when the bucket is the limit). Baseline, from the same run: the reads a
// second the bucket allows over the round at the reads' actual cost (what any client could do).
// Targets: every order issued exactly once, none lost, no read refused twice in a row (a
// refused read waits the refill Shopify states), and ≥ 80 % of the bucket's ceiling in the burst.
import type { PrismaClient } from "@prisma/client";
import { newId } from "~/domain/ids";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { STANDARD_PLAN } from "../../stubs/shopify-graphql/throttle";
import { clientFor, migratedDatabase, startServer, type AppProcess } from "../../test/support/processes";
import { stubAccessToken } from "../../test/support/stub-order-source";
import { TEST_ENV } from "../../test/support/test-env";

const ORDERS = Number(process.env.BENCH_THROTTLE_ORDERS ?? 300);
const PACED_SECONDS = 60;
const CEILING_SHARE_TARGET = 0.8;
const DRAIN_LIMIT_MS = 15 * 60_000;

const product = DEMO_PRODUCTS[0]!;

async function installApp(client: PrismaClient, stub: AdminApiStub, shop: string) {
  // The offline session Shopify's library stores at install (token exchange), and one rule on the product.
  await client.session.create({
    data: {
      id: `offline_${shop}`,
      shop,
      state: "",
      isOnline: false,
      scope: TEST_ENV.SCOPES,
      accessToken: await stubAccessToken(stub.url, TEST_ENV.SHOPIFY_API_KEY),
    },
  });
  await client.issuingRule.create({
    data: {
      id: newId("rule"),
      shop,
      targetType: "PRODUCT",
      targetId: `gid://shopify/Product/${product.id}`,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      cardTemplate: { name: "Owner's club", media: { imageUrls: [], videoUrls: [] }, metadata: [] },
    },
  });
}

/** Pays ORDERS orders in `shop`, spread over `seconds` (0: one after the other, at once); resolves when the last is placed. */
async function placeOrders(stub: AdminApiStub, shop: string, seconds: number) {
  const spacing = (seconds * 1000) / ORDERS;
  const started = Date.now();
  for (let index = 0; index < ORDERS; index++) {
    const due = started + index * spacing;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const response = await fetch(`${stub.url}/_stub/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        shop,
        customerId: null,
        email: `buyer-${index}@example.com`,
        lines: [{ productId: product.id, quantity: 1 }],
      }),
    });
    const answer = (await response.json()) as { webhook?: { status: number | null } };
    if (response.status !== 200 || answer.webhook?.status !== 200)
      throw new Error(`order ${index} was not recorded: ${JSON.stringify(answer)}`);
  }
}

async function drained(client: PrismaClient, shop: string): Promise<{ done: number; failed: number }> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  for (;;) {
    const rows = await client.orderWebhook.groupBy({ by: ["status"], where: { shop }, _count: true });
    const count = (status: string) => rows.find((row) => row.status === status)?._count ?? 0;
    if (count("DONE") + count("SKIPPED") + count("FAILED") >= ORDERS || Date.now() > deadline)
      return { done: count("DONE"), failed: count("FAILED") };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** One round in a shop of its own; true when every order issued exactly once and no read was refused twice in a row. */
async function round(client: PrismaClient, stub: AdminApiStub, label: string, seconds: number, target: boolean): Promise<boolean> {
  const shop = `bench-throttle-${label}.myshopify.com`;
  await installApp(client, stub, shop);
  const started = Date.now();
  await placeOrders(stub, shop, seconds);
  const { done, failed } = await drained(client, shop);
  const elapsed = (Date.now() - started) / 1000;

  const reads = stub.graphqlLog.filter((call) => call.shop === shop && call.operation === "TwinCardsOrder");
  const ran = reads.filter((call) => call.refused === null);
  const refused = reads.length - ran.length;
  let longestRefusedRun = 0;
  for (let run = 0, at = 0; at < reads.length; at++) {
    run = reads[at]!.refused === "THROTTLED" ? run + 1 : 0;
    longestRefusedRun = Math.max(longestRefusedRun, run);
  }
  const requested = ran[0]?.requestedQueryCost ?? 0;
  const actual = ran.reduce((sum, call) => sum + (call.actualQueryCost ?? 0), 0) / Math.max(1, ran.length);
  // The most reads the bucket allows over the round: what it held beyond one read's requested cost
  // (a read starts only when that much is left), plus its refill, at the reads' actual cost.
  const usable = STANDARD_PLAN.maximumAvailable - requested + STANDARD_PLAN.restoreRate * elapsed;
  const ceiling = actual > 0 ? usable / actual / elapsed : 0;
  const sustained = done / elapsed;
  const cards = await client.unitCard.count({ where: { shop } });
  const issues = await client.orderIssue.groupBy({ by: ["orderId"], where: { shop }, _count: true });
  const twice = issues.filter((issue) => issue._count > 1).length;

  console.log(`  ${label}: ${ORDERS} orders ${seconds > 0 ? `paid over ${seconds} s` : "paid at once"}`);
  console.log(
    `    settled in ${elapsed.toFixed(1)} s: ${done} issued, ${failed} failed; ${cards} cards for ${ORDERS} orders; orders issued twice: ${twice}`,
  );
  console.log(
    `    an order read asks ${requested} points and costs ${actual.toFixed(1)}: the bucket allows ${ceiling.toFixed(2)} reads/s over the round`,
  );
  console.log(
    `    sustained ${sustained.toFixed(2)} orders/s (${((sustained / ceiling) * 100).toFixed(0)} % of the bucket's ceiling${target ? `, target ≥ ${CEILING_SHARE_TARGET * 100} %` : ""})`,
  );
  console.log(
    `    order reads: ${ran.length} ran, ${refused} refused as THROTTLED, at most ${longestRefusedRun} refused in a row (target ≤ 1)`,
  );
  const exact = done === ORDERS && failed === 0 && cards === ORDERS && twice === 0;
  if (!exact) console.log("    WRONG: not every order issued exactly once");
  if ((target && sustained < CEILING_SHARE_TARGET * ceiling) || longestRefusedRun > 1) console.log("    short of the target");
  return exact;
}

export async function throttleBench(): Promise<boolean> {
  console.log(
    `Issue at purchase under Shopify's rate limit (Standard plan: ${STANDARD_PLAN.maximumAvailable}-point bucket, ${STANDARD_PLAN.restoreRate} points/s)`,
  );
  const stub = await startAdminApiStub({ rateLimit: STANDARD_PLAN });
  const database = migratedDatabase("bench-throttle");
  const client = clientFor(database.url);
  let server: AppProcess | undefined;
  try {
    server = await startServer({ ...TEST_ENV, DATABASE_URL: database.url, SHOPIFY_ADMIN_API_STUB_URL: stub.url, ORDER_WORKER: "on" });
    stub.setWebhookTarget({ appUrl: server.url, apiSecret: TEST_ENV.SHOPIFY_API_SECRET });
    const paced = await round(client, stub, "paced", PACED_SECONDS, false);
    const burst = await round(client, stub, "burst", 0, true);
    return paced && burst;
  } finally {
    await server?.stop();
    await client.$disconnect();
    await stub.close();
    database.remove();
  }
}
