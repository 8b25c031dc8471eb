import { afterEach, describe, expect, inject, it } from "vitest";
import { OrderWorker, type OrderSource } from "~/adapters/shopify/order-worker.server";
import { db } from "~/db/client.server";
import { createRule } from "~/domain/issuing-rules.server";
import { registerName } from "~/domain/names.server";
import type { OrderWebhookDetail } from "~/domain/orders";
import { recordOrderWebhook, retryOrderWebhook } from "~/domain/order-issuing.server";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { uniqueShop } from "../support/api";
import { cardInput, uniqueName, walletKey } from "../support/fixtures";
import { quietLog } from "../support/notify";
import { stubOrderSource as stubOrderSourceAt } from "../support/stub-order-source";

/*
 * Issue at purchase end to end, Shopify stood in for by the Admin API stub: it
 * places, fulfils, cancels and refunds orders and sends the signed webhooks to
 * a built server (the shared demo server), which records them; this test's own
 * order worker reads each order back through the stub's GraphQL, as the
 * production worker does with a shop's offline token, and issues.
 */

const stubUrl = inject("adminApiStubUrl");
const product = DEMO_PRODUCTS[0]!;
const productGid = `gid://shopify/Product/${product.id}`;
const customer = DEMO_CUSTOMERS[1]!;

const stubOrderSource = () => stubOrderSourceAt(stubUrl);

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${stubUrl}/_stub/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as {
    order: { id: string; name: string; lines: { id: string }[] };
    webhook: { id: string; status: number | null };
  };
  expect(response.status, JSON.stringify(answer)).toBe(200);
  expect(answer.webhook.status, JSON.stringify(answer.webhook)).toBe(200); // the app recorded it
  return answer;
}

/** A control endpoint whose webhook may be held (no status yet): its answer as it is. */
async function stubPost<T = unknown>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${stubUrl}/_stub/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

const placeOrder = (
  shop: string,
  input: { customerId?: string | null; email?: string | null; phone?: string | null; quantity?: number } = {},
) =>
  control("orders", {
    shop,
    customerId: input.customerId === undefined ? customer.id : input.customerId,
    email: input.email,
    phone: input.phone,
    lines: [{ productId: product.id, quantity: input.quantity ?? 1 }],
  });

const workers: OrderWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

function workerFor(shop: string, source: OrderSource, options: Partial<ConstructorParameters<typeof OrderWorker>[0]> = {}) {
  const worker = new OrderWorker({ source, where: { shop }, log: quietLog, ...options });
  workers.push(worker);
  return worker;
}

const webhooksOf = (shop: string) => db.orderWebhook.findMany({ where: { shop }, orderBy: { id: "asc" } });
const cardsOf = (shop: string) => db.unitCard.findMany({ where: { shop }, orderBy: { id: "asc" } });

describe("the order worker, with the Admin API stub", () => {
  it("issues a paid order's claim once: Shopify's redelivery is recorded once and issues nothing more", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: true,
      card: cardInput("Owner's club"),
    });
    const { order, webhook } = await placeOrder(shop, { customerId: null, email: "guest@example.com" });
    const worker = workerFor(shop, await stubOrderSource());
    expect(await worker.drainOnce()).toBe(1);

    const cards = await cardsOf(shop);
    expect(cards.map((card) => [card.name, card.status])).toEqual([
      [product.title, "PENDING_REDEMPTION"],
      ["Owner's club", "PENDING_REDEMPTION"],
    ]);
    expect(await db.notification.findMany({ where: { shop }, select: { destination: true } })).toEqual([
      { destination: "guest@example.com" },
    ]);
    expect((await webhooksOf(shop))[0]).toMatchObject({ status: "DONE", outcome: `Order ${order.name}: issued 2 items` });

    await control(`webhooks/${webhook.id}/redeliver`);
    await control(`webhooks/${webhook.id}/redeliver`, { headerStyle: "shopify" });
    expect(await webhooksOf(shop)).toHaveLength(1);
    expect(await worker.drainOnce()).toBe(0);
    expect(await cardsOf(shop)).toHaveLength(2);
  });

  it("gives the twin to the customer's universal name", async () => {
    const shop = uniqueShop();
    await createRule(shop, { targetType: "PRODUCT", targetId: productGid, targetTitle: product.title, trigger: "PAID", issueTwin: true });
    const owner = `shopify|${customer.id}`;
    await registerName(shop, { name: uniqueName("buyer"), publicKey: walletKey(), owner });
    const theirs = await db.universalName.findFirstOrThrow({ where: { owner }, orderBy: { createdAt: "asc" } });
    await placeOrder(shop, { quantity: 2 });
    await workerFor(shop, await stubOrderSource()).drainOnce();
    const twin = await db.digitalTwin.findFirstOrThrow({ where: { shop } });
    expect(twin).toMatchObject({ nameId: theirs.id, publicKey: theirs.publicKey, title: product.title, quantity: 2 });
    expect(await db.notification.count({ where: { shop } })).toBe(0);
  });

  it("a cancellation that is worked before the payment: the payment then issues nothing", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput(),
    });
    const { order } = await placeOrder(shop);
    await control(`orders/${order.id}/cancel`);
    const [paid, cancelled] = await webhooksOf(shop);
    // orders/paid is delayed (Shopify promises no order): the cancellation is worked first.
    await db.orderWebhook.update({ where: { id: paid!.id }, data: { nextAttemptAt: new Date(Date.now() + 60_000) } });
    const worker = workerFor(shop, await stubOrderSource());
    await worker.drainOnce();
    expect(await db.orderWebhook.findUniqueOrThrow({ where: { id: cancelled!.id } })).toMatchObject({
      status: "SKIPPED",
      outcome: "Nothing unclaimed to void",
    });
    await db.orderWebhook.update({ where: { id: paid!.id }, data: { nextAttemptAt: new Date() } });
    await worker.drainOnce();
    expect(await db.orderWebhook.findUniqueOrThrow({ where: { id: paid!.id } })).toMatchObject({
      status: "SKIPPED",
      outcome: `Order ${order.name} was cancelled`,
    });
    expect(await cardsOf(shop)).toEqual([]);
  });

  it("issues per fulfilment, only what was fulfilled; a refund voids what is still unclaimed", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "FULFILLED",
      issueTwin: false,
      card: cardInput(),
    });
    // A guest: a named customer's cards would be owned at once (names are global: an earlier test gave this customer one).
    const { order } = await placeOrder(shop, { customerId: null, email: "guest@example.com", quantity: 3 });
    const lineId = order.lines[0]!.id;
    const worker = workerFor(shop, await stubOrderSource());
    await worker.drainOnce(); // the payment: no rule issues then
    expect(await cardsOf(shop)).toEqual([]);

    const shipped = await control(`orders/${order.id}/fulfillments`, { lines: [{ id: lineId, quantity: 2 }] });
    await worker.drainOnce();
    expect(await cardsOf(shop)).toHaveLength(2);
    await control(`webhooks/${shipped.webhook.id}/redeliver`);
    await worker.drainOnce();
    expect(await cardsOf(shop)).toHaveLength(2);

    await control(`orders/${order.id}/refunds`, { lines: [{ id: lineId, quantity: 1 }] });
    await worker.drainOnce();
    expect((await cardsOf(shop)).map((card) => card.status)).toEqual(["PENDING_REDEMPTION", "VOID"]);
  });

  it("voids exactly what was refunded, however often Shopify delivers the refund", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput(),
    });
    const { order } = await placeOrder(shop, { customerId: null, email: "guest@example.com", quantity: 3 });
    const worker = workerFor(shop, await stubOrderSource());
    await worker.drainOnce();
    expect(await cardsOf(shop)).toHaveLength(3);

    // 1 unit of 3 refunded, and the same event delivered again under a new webhook id (Shopify's duplicate).
    const { webhook } = await control(`orders/${order.id}/refunds`, { lines: [{ id: order.lines[0]!.id, quantity: 1 }] });
    await control(`webhooks/${webhook.id}/redeliver`, { newWebhookId: true });
    await worker.drainOnce();
    expect((await cardsOf(shop)).map((card) => card.status)).toEqual(["PENDING_REDEMPTION", "PENDING_REDEMPTION", "VOID"]);

    // The same refund recorded once more under another event (a copy that slipped past de-duplication): still 1 voided.
    const [refund] = await db.orderWebhook.findMany({ where: { shop, topic: "refunds/create" } });
    await recordOrderWebhook(shop, {
      webhookId: "copy",
      eventId: "copy",
      topic: "refunds/create",
      orderId: order.id,
      detail: refund!.payload as OrderWebhookDetail,
    });
    await worker.drainOnce();
    expect((await cardsOf(shop)).filter((card) => card.status === "VOID")).toHaveLength(1);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(1);
  });

  it("ends the same whichever of a refund and a cancellation arrives first: each card voided once", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput(),
    });
    const { order } = await placeOrder(shop, { customerId: null, email: "guest@example.com", quantity: 3 });
    const worker = workerFor(shop, await stubOrderSource());
    await worker.drainOnce();

    // The refund is triggered first but held back; the cancellation after it arrives and is worked first.
    await stubPost("webhooks/hold", { shop, topic: "refunds/create" });
    const refund = await stubPost<{ webhook: { id: string; held: boolean } }>(`orders/${order.id}/refunds`, {
      lines: [{ id: order.lines[0]!.id, quantity: 1 }],
    });
    expect(refund.webhook.held).toBe(true);
    await control(`orders/${order.id}/cancel`);
    await worker.drainOnce();
    expect((await cardsOf(shop)).map((card) => card.status)).toEqual(["VOID", "VOID", "VOID"]);

    await control(`webhooks/${refund.webhook.id}/redeliver`);
    await worker.drainOnce();
    expect((await cardsOf(shop)).map((card) => card.status)).toEqual(["VOID", "VOID", "VOID"]);
    expect(await db.event.count({ where: { shop, type: "unit_card.voided" } })).toBe(3);
    expect((await webhooksOf(shop)).map((row) => [row.topic, row.status, row.outcome])).toEqual([
      ["orders/paid", "DONE", `Order ${order.name}: issued 3 items`],
      ["orders/cancelled", "DONE", "Voided 3 unclaimed cards"],
      ["refunds/create", "SKIPPED", "Nothing unclaimed to void"],
    ]);
  });

  it("retries while Shopify cannot be read, ends FAILED with the reason, and Retry issues once it can", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput(),
    });
    await placeOrder(shop);
    const down: OrderSource = async () => {
      throw new Error("503 Service Unavailable");
    };
    const flaky = workerFor(shop, down, { maxAttempts: 2, backoffBaseMs: 1 });
    await flaky.drainOnce();
    const [row] = await webhooksOf(shop);
    expect(row).toMatchObject({
      status: "PENDING",
      attempts: 1,
      lastError: "Could not read the order from Shopify: 503 Service Unavailable",
    });
    await db.orderWebhook.update({ where: { id: row!.id }, data: { nextAttemptAt: new Date() } });
    await flaky.drainOnce();
    expect((await webhooksOf(shop))[0]).toMatchObject({ status: "FAILED", attempts: 2 });

    await retryOrderWebhook(shop, row!.id);
    await workerFor(shop, await stubOrderSource()).drainOnce();
    expect((await webhooksOf(shop))[0]).toMatchObject({ status: "DONE", lastError: null });
    expect(await cardsOf(shop)).toHaveLength(1);
  });

  it("skips, with the reason, a shop the app has no token for and an order the shop does not have", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput(),
    });
    await placeOrder(shop);
    await workerFor(shop, async () => "not-installed").drainOnce();
    expect((await webhooksOf(shop))[0]).toMatchObject({
      status: "SKIPPED",
      outcome: "The app is not installed on this shop (no access token): nothing issued",
    });

    const other = uniqueShop();
    const { order } = await placeOrder(other);
    // The same order id, recorded for a third shop (a body replayed to another shop's address): that shop has no such order.
    const third = uniqueShop();
    await db.orderWebhook.create({
      data: {
        id: "owh_01JZZZZZZZZZZZZZZZZZZZZZZZ",
        shop: third,
        webhookId: "replayed",
        topic: "orders/paid",
        orderId: order.id,
        payload: {},
      },
    });
    await workerFor(third, await stubOrderSource()).drainOnce();
    expect((await webhooksOf(third))[0]).toMatchObject({ status: "SKIPPED", outcome: `The shop has no order ${order.id}` });
    expect(await db.unitCard.count({ where: { shop: { in: [shop, third] } } })).toBe(0);
  });

  it("a worker overtaken mid-work (its lease expired, another finished the order) adds nothing and leaves the other's outcome", async () => {
    const shop = uniqueShop();
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: productGid,
      targetTitle: product.title,
      trigger: "PAID",
      issueTwin: false,
      card: cardInput(),
    });
    const { order } = await placeOrder(shop);
    const read = await stubOrderSource();
    const healthy = workerFor(shop, read);
    let overtaken = false;
    // The first worker stalls in its Admin API call past its lease; a second worker takes the row and issues.
    const stalled: OrderSource = async (...args) => {
      if (!overtaken) {
        overtaken = true;
        await db.orderWebhook.updateMany({ where: { shop }, data: { lockedUntil: new Date(Date.now() - 1000) } });
        expect(await healthy.drainOnce()).toBe(1);
      }
      return read(...args);
    };
    await workerFor(shop, stalled).drainOnce();
    expect(await cardsOf(shop)).toHaveLength(1);
    expect(await db.orderIssue.count({ where: { shop } })).toBe(1);
    // The stalled worker's own outcome ("Already issued…") is not written over the one that issued.
    expect((await webhooksOf(shop))[0]).toMatchObject({ status: "DONE", outcome: `Order ${order.name}: issued 1 item` });
  });
});
