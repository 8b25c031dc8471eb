// The throttle part of `npm run bench` (BENCH_ONLY=throttle): issue at purchase under
// Shopify's rate limit. 300 orders are paid in one shop within a minute on the Admin API
// stub, whose bucket is Shopify's Standard plan (2,000 points, 100 a second, every order
// read priced from Shopify's schema); the built server records their webhooks and its own
// order worker reads each order with the shop's offline token through Shopify's library,
// as in production. Baseline, from the same run: the most orders a second the shop's
// bucket allows for that read's cost (what any client of Shopify could sustain).
// Targets (issue 38): every order issues exactly once, none is lost, no read is refused
// twice in a row (a refused read waits the refill Shopify states), and the worker sustains
// ≥ 80 % of the bucket's ceiling.
import type { PrismaClient } from "@prisma/client";
import { newId } from "~/domain/ids";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { STANDARD_PLAN } from "../../stubs/shopify-graphql/throttle";
import { clientFor, migratedDatabase, startServer, type AppProcess } from "../../test/support/processes";
import { stubAccessToken } from "../../test/support/stub-order-source";
import { TEST_ENV } from "../../test/support/test-env";

const ORDERS = Number(process.env.BENCH_THROTTLE_ORDERS ?? 300);
const PLACING_SECONDS = 60;
const SHOP = "bench-throttle.myshopify.com";
const CEILING_SHARE_TARGET = 0.8;
const DRAIN_LIMIT_MS = 15 * 60_000;

const product = DEMO_PRODUCTS[0]!;

async function installApp(client: PrismaClient, stub: AdminApiStub) {
  // The offline session Shopify's library stores at install (token exchange), and one rule on the product.
  await client.session.create({
    data: {
      id: `offline_${SHOP}`,
      shop: SHOP,
      state: "",
      isOnline: false,
      scope: TEST_ENV.SCOPES,
      accessToken: await stubAccessToken(stub.url, TEST_ENV.SHOPIFY_API_KEY),
    },
  });
  await client.issuingRule.create({
    data: {
      id: newId("rule"),
      shop: SHOP,
      targetType: "PRODUCT",
      targetId: `gid://shopify/Product/${product.id}`,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      cardTemplate: { name: "Owner's club", media: { imageUrls: [], videoUrls: [] }, metadata: [] },
    },
  });
}

async function placeOrders(stub: AdminApiStub) {
  const spacing = (PLACING_SECONDS * 1000) / ORDERS;
  const started = Date.now();
  for (let index = 0; index < ORDERS; index++) {
    const due = started + index * spacing;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    const response = await fetch(`${stub.url}/_stub/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        shop: SHOP,
        customerId: null,
        email: `buyer-${index}@example.com`,
        lines: [{ productId: product.id, quantity: 1 }],
      }),
    });
    const answer = (await response.json()) as { webhook?: { status: number | null } };
    if (response.status !== 200 || answer.webhook?.status !== 200)
      throw new Error(`order ${index} was not recorded: ${JSON.stringify(answer)}`);
  }
  return started;
}

async function drained(client: PrismaClient): Promise<{ done: number; failed: number }> {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  for (;;) {
    const rows = await client.orderWebhook.groupBy({ by: ["status"], where: { shop: SHOP }, _count: true });
    const count = (status: string) => rows.find((row) => row.status === status)?._count ?? 0;
    const settled = count("DONE") + count("SKIPPED") + count("FAILED");
    if (settled >= ORDERS || Date.now() > deadline) return { done: count("DONE"), failed: count("FAILED") };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface LoggedCall {
  operation: string | null;
  requestedQueryCost: number | null;
  refused: string | null;
}

export async function throttleBench(): Promise<boolean> {
  console.log(`Issue at purchase under Shopify's rate limit: ${ORDERS} orders paid in ${PLACING_SECONDS} s in one shop`);
  const stub = await startAdminApiStub({ rateLimit: STANDARD_PLAN });
  const database = migratedDatabase("bench-throttle");
  const client = clientFor(database.url);
  let server: AppProcess | undefined;
  try {
    server = await startServer({
      ...TEST_ENV,
      DATABASE_URL: database.url,
      SHOPIFY_ADMIN_API_STUB_URL: stub.url,
      ORDER_WORKER: "on",
    });
    stub.setWebhookTarget({ appUrl: server.url, apiSecret: TEST_ENV.SHOPIFY_API_SECRET });
    await installApp(client, stub);

    const started = await placeOrders(stub);
    const { done, failed } = await drained(client);
    const seconds = (Date.now() - started) / 1000;

    const calls = stub.graphqlLog.filter((call) => call.shop === SHOP && call.operation === "TwinCardsOrder") as LoggedCall[];
    const ran = calls.filter((call) => call.refused === null);
    const refused = calls.filter((call) => call.refused === "THROTTLED").length;
    let longestRefusedRun = 0;
    for (let run = 0, at = 0; at < calls.length; at++) {
      run = calls[at]!.refused === "THROTTLED" ? run + 1 : 0;
      longestRefusedRun = Math.max(longestRefusedRun, run);
    }
    const cost = ran[0]?.requestedQueryCost ?? 0;
    // What the bucket allows over the same time: what it holds at the start plus its refill, per order read.
    const ceiling = cost > 0 ? (STANDARD_PLAN.maximumAvailable + STANDARD_PLAN.restoreRate * seconds) / cost / seconds : 0;
    const sustained = done / seconds;
    const cards = await client.unitCard.count({ where: { shop: SHOP } });
    const orderIssues = await client.orderIssue.groupBy({ by: ["orderId"], where: { shop: SHOP }, _count: true });
    const twice = orderIssues.filter((issue) => issue._count > 1).length;

    console.log(
      `  order read: ${cost} points (Standard plan: ${STANDARD_PLAN.maximumAvailable}-point bucket, ${STANDARD_PLAN.restoreRate} points/s)`,
    );
    console.log(
      `  settled in ${seconds.toFixed(1)} s: ${done} issued, ${failed} failed; ${cards} cards for ${ORDERS} orders; orders issued twice: ${twice}`,
    );
    console.log(
      `  sustained ${sustained.toFixed(2)} orders/s against the bucket's ceiling ${ceiling.toFixed(2)} orders/s (${((sustained / ceiling) * 100).toFixed(0)} %, target ≥ ${CEILING_SHARE_TARGET * 100} %)`,
    );
    console.log(
      `  order reads: ${ran.length} ran, ${refused} refused as THROTTLED, at most ${longestRefusedRun} refused in a row (target 1)`,
    );
    const exact = done === ORDERS && failed === 0 && cards === ORDERS && twice === 0;
    if (!exact) console.log("  WRONG: not every order issued exactly once");
    if (sustained < CEILING_SHARE_TARGET * ceiling || longestRefusedRun > 1) console.log("  short of the target");
    return exact;
  } finally {
    await server?.stop();
    await client.$disconnect();
    await stub.close();
    database.remove();
  }
}
