import { afterEach, describe, expect, inject, it } from "vitest";
import { fetchOrder } from "~/adapters/shopify/admin-orders.server";
import { OrderWorker } from "~/adapters/shopify/order-worker.server";
import { db } from "~/db/client.server";
import { createRule } from "~/domain/issuing-rules.server";
import { DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { uniqueShop } from "../support/api";
import { cardInput } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { stubAccessToken, stubGraphql, stubOrderSource } from "../support/stub-order-source";

/*
 * Issue at purchase when Shopify's rate limit bites: the Admin API stub prices every
 * order read and refuses it as THROTTLED (nothing runs) when the shop's bucket is
 * short, as Shopify does. The worker must wait for the refill it is told about and
 * read again, so every order issues once and none is lost or refused twice.
 */

const stubUrl = inject("adminApiStubUrl");
const product = DEMO_PRODUCTS[0]!;
const ORDERS = 8;

interface LoggedCall {
  operation: string | null;
  requestedQueryCost: number | null;
  actualQueryCost: number | null;
  refused: string | null;
}
const graphqlLog = async (shop: string) =>
  (await (await fetch(`${stubUrl}/_stub/graphql-log?shop=${shop}`)).json()) as { calls: LoggedCall[] };

async function placeOrder(shop: string, email: string) {
  const response = await fetch(`${stubUrl}/_stub/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ shop, customerId: null, email, lines: [{ productId: product.id, quantity: 1 }] }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: { id: string; name: string } }).order;
}

const workers: OrderWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

describe("the order worker under Shopify's rate limit (Admin API stub)", { timeout: 180_000 }, () => {
  it(`issues ${ORDERS} orders paid at once, each once, from an empty bucket: a refused read waits its refill and is refused no more than once`, async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: `gid://shopify/Product/${product.id}`,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput("Owner's club"),
    });
    const orders = [];
    for (let index = 0; index < ORDERS; index++) orders.push(await placeOrder(shop, `buyer-${index}@example.com`));

    // What one order read costs as Shopify prices it: it starts only when the bucket holds its requested
    // cost, and takes its actual cost.
    await fetchOrder(stubGraphql(stubUrl, shop, await stubAccessToken(stubUrl)), orders[0]!.id);
    const probe = (await graphqlLog(shop)).calls.at(-1)!;
    const [requested, actual] = [probe.requestedQueryCost!, probe.actualQueryCost!];
    expect(actual).toBeGreaterThan(0);
    const worker = new OrderWorker({ source: await stubOrderSource(stubUrl), where: { shop }, log: quietLog });
    workers.push(worker);

    // Then, just before the worker starts, the shop's bucket is empty and takes 4 s to hold one read's
    // requested cost (a worker slower than that on a busy machine would still find it short), and holds
    // one read beyond that gate: the first read must wait, whatever the machine's speed.
    const limited = await fetch(`${stubUrl}/_stub/rate-limit`, {
      method: "PUT",
      body: JSON.stringify({ shop, maximumAvailable: requested + actual, restoreRate: requested / 4, currentlyAvailable: 0 }),
    });
    expect(limited.status).toBe(200);
    const before = (await graphqlLog(shop)).calls.length;
    expect(await worker.drainOnce()).toBe(ORDERS);

    const webhooks = await db.orderWebhook.findMany({ where: { shop }, orderBy: { id: "asc" } });
    expect(webhooks.map((webhook) => webhook.status)).toEqual(Array(ORDERS).fill("DONE"));
    const cards = await db.unitCard.findMany({ where: { shop }, select: { name: true } });
    expect(cards).toHaveLength(ORDERS);
    expect(
      (await db.notification.findMany({ where: { shop }, select: { destination: true } })).map((row) => row.destination).sort(),
    ).toEqual(Array.from({ length: ORDERS }, (_, index) => `buyer-${index}@example.com`).sort());

    // Shopify refused reads (the limit did bite), each refused read was sent again once its cost had refilled.
    const calls = (await graphqlLog(shop)).calls.slice(before);
    const refused = calls.filter((call) => call.refused === "THROTTLED");
    expect(refused.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.refused === null)).toHaveLength(ORDERS);
    const longestRefusedRun = Math.max(...calls.map((_, at) => calls.slice(at).findIndex((call) => call.refused !== "THROTTLED")));
    expect(longestRefusedRun).toBe(1);
  });
});
