import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createRule } from "~/domain/issuing-rules.server";
import { issueFromOrder, recordOrderWebhook } from "~/domain/order-issuing.server";
import type { OrderSnapshot } from "~/domain/orders";
import { recordShopPlan } from "~/domain/plan-changes.server";
import { startAdminApiStub, type AdminApiStub } from "../../stubs/admin-api/server";
import { pageData, submitFetcher } from "../support/admin";
import { uniqueClientAddress, uniqueShop, USER_AGENT } from "../support/api";
import { startServer, type AppProcess } from "../support/processes";
import { TEST_ENV } from "../support/test-env";
import { csvFile, sendCsv } from "../support/csv";
import { cardInput, uniqueOwner, walletKey } from "../support/fixtures";
import { deliverShopifyWebhook, shopifyExample } from "../support/shopify-webhooks";
import { stubAccessToken, stubGraphql } from "../support/stub-order-source";

/*
 * Billing plans (decision 0050), on a server of its own with billing on: the free plan's cap of 5 live
 * items a month, by /v1, batches and orders; test keys not counted; the upgrade through the Admin API
 * stub's confirmation page and APP_SUBSCRIPTIONS_UPDATE; the order items the cap held, issued exactly once.
 */

const CAP = 5;
const BILLING_ENV = {
  BILLING_PAID_AMOUNT: "19.00",
  BILLING_CURRENCY: "USD",
  BILLING_FREE_MONTHLY_ITEMS: String(CAP),
  BILLING_TRIAL_DAYS: "14",
};
// The test process issues too (the order worker's work): the same plans.
Object.assign(process.env, BILLING_ENV);
process.env.SHOPIFY_API_KEY ??= TEST_ENV.SHOPIFY_API_KEY;

let stub: AdminApiStub;
let server: AppProcess;

beforeAll(async () => {
  stub = await startAdminApiStub({ port: 0 });
  server = await startServer({ ...TEST_ENV, ...BILLING_ENV, DATABASE_URL: inject("databaseUrl"), SHOPIFY_ADMIN_API_STUB_URL: stub.url });
  stub.setWebhookTarget({ appUrl: server.url, apiSecret: TEST_ENV.SHOPIFY_API_SECRET });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

async function keyFor(shop: string, mode: "live" | "test" = "live") {
  return (await createApiKey({ shop, label: `billing ${mode}`, mode })).key;
}

function v1(path: string, key: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      "X-Forwarded-For": uniqueClientAddress(),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const owner = { owner: uniqueOwner(), publicKey: walletKey() };
const createOne = (key: string) => v1("/v1/unit-cards", key, { ...cardInput(), ...owner });
const createBatch = (key: string, count: number) =>
  v1("/v1/unit-cards/_actions/batch", key, { ...owner, cards: Array.from({ length: count }, (_, index) => cardInput(`Pin ${index + 1}`)) });
const liveCards = (shop: string) => db.unitCard.count({ where: { shop, livemode: true } });

describe("the free plan's monthly cap on /v1", () => {
  it("refuses the card past the cap with 402 PLAN_LIMIT_REACHED, naming the plan and the upgrade page, and writes nothing", async () => {
    const shop = uniqueShop();
    const key = await keyFor(shop);
    for (let n = 0; n < CAP; n++) expect((await createOne(key)).status).toBe(201);
    const refused = await createOne(key);
    expect(refused.status).toBe(402);
    const { error } = (await refused.json()) as { error: { code: string; message: string; details: { message: string }[] } };
    expect(error.code).toBe("PLAN_LIMIT_REACHED");
    expect(error.message).toContain("Free plan's 5 items this month are all issued");
    const upgrade = `https://admin.shopify.com/store/${shop.replace(".myshopify.com", "")}/apps/${TEST_ENV.SHOPIFY_API_KEY}/app/settings`;
    expect(error.message).toContain(upgrade);
    expect(error.details[0]!.message).toBe(`Upgrade: ${upgrade}`);
    expect(await liveCards(shop)).toBe(CAP);
  });

  it("refuses a batch that would cross the cap whole: not one of its cards is written", async () => {
    const shop = uniqueShop();
    const key = await keyFor(shop);
    expect((await createBatch(key, 3)).status).toBe(201);
    const refused = await createBatch(key, 3);
    expect(refused.status).toBe(402);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.message).toContain("The Free plan has 2 of its 5 items left this month; this needs 3");
    expect(await liveCards(shop)).toBe(3);
    expect((await createBatch(key, 2)).status).toBe(201);
    expect(await liveCards(shop)).toBe(CAP);
  });

  it("does not count a test key's cards", async () => {
    const shop = uniqueShop();
    const testKey = await keyFor(shop, "test");
    expect((await createBatch(testKey, CAP + 2)).status).toBe(201);
    const live = await keyFor(shop);
    expect((await createBatch(live, CAP)).status).toBe(201);
    expect((await createOne(live)).status).toBe(402);
    expect(await db.unitCard.count({ where: { shop, livemode: false } })).toBe(CAP + 2);
  });
});

describe("Import CSV on the free plan", () => {
  const file = (rows: number) =>
    csvFile([["name", "email"], ...Array.from({ length: rows }, (_, index) => [`Guest pass ${index + 1}`, `guest${index}@example.com`])]);
  const send = (shop: string, intent: "preview" | "import", rows: number, locale = "en") =>
    sendCsv(shop, intent, file(rows), locale, { base: server.url });

  it("says at preview how many cards the plan still allows, refuses an import over it with that reason (402), and writes nothing", async () => {
    const shop = uniqueShop();
    expect((await createBatch(await keyFor(shop), 2)).status).toBe(201);
    const preview = await send(shop, "preview", 4);
    expect(preview.status).toBe(200);
    const message =
      "4 rows read; your Free plan allows 3 more cards this month. Import a file of at most 3 cards, or upgrade to Pro for no monthly limit.";
    expect(preview.json).toMatchObject({ rows: 4, plan: { name: "Free", cap: CAP, left: 3, fits: false, message } });
    const french = await send(shop, "preview", 4, "fr");
    expect((french.json!.plan as { message: string }).message).toBe(
      "4 lignes lues\u00a0; votre forfait Free permet encore 3 cartes ce mois-ci. " +
        "Importez un fichier d’au plus 3 cartes, ou passez au forfait Pro, sans limite mensuelle.",
    );

    const refused = await send(shop, "import", 4);
    expect(refused.status).toBe(402);
    expect(refused.json).toEqual({ error: message, planLimit: true });
    expect(await liveCards(shop)).toBe(2);
    expect(await db.redemption.count({ where: { shop } })).toBe(0);
  });

  it("imports a file that fits, having said what is left", async () => {
    const shop = uniqueShop();
    const preview = await send(shop, "preview", 1);
    expect(preview.json).toMatchObject({
      rows: 1,
      plan: { fits: true, message: "1 row read; your Free plan allows 5 more cards this month." },
    });
    const imported = await send(shop, "import", 1);
    expect(imported.last).toMatchObject({ imported: 1 });
    expect(await liveCards(shop)).toBe(1);
  });

  it("says at preview with thousands separators that a 10,000-row file is over the plan", async () => {
    const shop = uniqueShop();
    const preview = await send(shop, "preview", 10_000);
    expect((preview.json!.plan as { message: string }).message).toMatch(
      /^10,000 rows read; your Free plan allows 5 more cards this month\./,
    );
  });
});

const PRODUCT = "gid://shopify/Product/4242";

function paidOrder(): OrderSnapshot {
  const id = String(randomInt(1, 2 ** 40));
  return {
    id,
    name: `#${id.slice(-4)}`,
    email: "jane@example.com",
    phone: null,
    customerId: null,
    locale: null,
    firstName: null,
    cancelled: false,
    lines: [
      {
        id: String(randomInt(1, 2 ** 40)),
        quantity: 3,
        productId: PRODUCT,
        variantId: null,
        collectionIds: [],
        unitPrice: { amount: "24.90", currencyCode: "EUR" },
        title: "Storm jacket",
        product: null,
      },
    ],
  };
}

describe("an order arriving with the cap reached", () => {
  it("leaves its items waiting for the plan, then issues them exactly once on upgrade", async () => {
    const shop = uniqueShop();
    const key = await keyFor(shop);
    expect((await createBatch(key, CAP - 1)).status).toBe(201);
    await createRule(shop, {
      targetType: "PRODUCT",
      targetId: PRODUCT,
      targetTitle: "Storm jacket",
      trigger: "PAID",
      issueTwin: false,
      card: { name: "Certificate", media: { imageUrls: [], videoUrls: [] }, metadata: [] },
      cardPerUnit: true,
    });
    const order = paidOrder();
    await recordOrderWebhook(shop, { webhookId: `wh-${order.id}`, topic: "orders/paid", orderId: order.id, detail: {} });
    // The order worker's pass: 3 cards do not fit in the 1 left.
    const held = await issueFromOrder(shop, order, { kind: "paid" });
    expect(held.outcome).toContain("3 items wait for the plan");
    await db.orderWebhook.updateMany({ where: { shop }, data: { status: "DONE", outcome: held.outcome } });
    const issue = await db.orderIssue.findFirstOrThrow({ where: { shop, orderId: order.id } });
    expect(issue.status).toBe("PLAN_LIMIT");
    expect(issue.reason).toContain("Upgrade to Pro");
    expect(await liveCards(shop)).toBe(CAP - 1);

    // The upgrade, seen twice (the webhook, then the admin's check): the order goes back to the worker once.
    const active = { id: "gid://shopify/AppSubscription/1", test: true, trialEndsAt: null };
    expect(await recordShopPlan(shop, active)).toEqual({ released: 1 });
    expect((await db.orderWebhook.findFirstOrThrow({ where: { shop } })).status).toBe("PENDING");
    // The worker's passes after it, twice (a redelivery): issued once.
    expect((await issueFromOrder(shop, order, { kind: "paid" })).outcome).toBe(`Order ${order.name}: issued 3 items`);
    expect(await recordShopPlan(shop, active)).toEqual({ released: 0 });
    expect((await issueFromOrder(shop, order, { kind: "paid" })).outcome).toBe(`Already issued for order ${order.name}`);
    expect(await liveCards(shop)).toBe(CAP - 1 + 3);
    expect((await db.orderIssue.findFirstOrThrow({ where: { shop, orderId: order.id } })).status).toBe("WAITING");
  });
});

async function settingsPlan(shop: string) {
  const { status, routes } = await pageData("/app/settings", shop, { base: server.url });
  expect(status).toBe(200);
  return (routes["routes/app.settings"] as { plan: Record<string, unknown> }).plan;
}

describe("Settings and the upgrade through Shopify's Billing API", () => {
  it("shows this month's usage, and an approved upgrade lifts the cap", async () => {
    const shop = uniqueShop();
    const key = await keyFor(shop);
    expect((await createBatch(key, CAP)).status).toBe(201);
    // A test key's cards are not usage.
    expect((await createBatch(await keyFor(shop, "test"), 2)).status).toBe(201);
    const settings = await settingsPlan(shop);
    expect(settings).toMatchObject({ plan: "FREE", name: "Free", used: CAP, cap: CAP });
    expect((await createOne(key)).status).toBe(402);

    const upgrade = await submitFetcher<{ confirmationUrl: string }>("/app/settings", shop, { intent: "upgrade" }, { base: server.url });
    if (!upgrade.result?.ok) throw new Error(`Upgrade refused: ${JSON.stringify(upgrade)}`);
    const confirmation = upgrade.result.data.confirmationUrl;
    expect(confirmation.startsWith(`${stub.url}/_stub/billing/confirm?id=`)).toBe(true);
    const page = await fetch(confirmation);
    expect(await page.text()).toContain("19.00 USD every 30 days after a 14-day free trial");
    const approved = await fetch(confirmation, {
      method: "POST",
      body: new URLSearchParams({ decision: "approve" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toContain("/app/settings?billing=approved&charge_id=");

    // APP_SUBSCRIPTIONS_UPDATE reached the server before the merchant came back: no cap any more.
    expect((await createOne(key)).status).toBe(201);
    expect(await settingsPlan(shop)).toMatchObject({ plan: "PAID", name: "Pro", used: CAP + 1, cap: null, trialDaysLeft: 14, test: true });
  });
});

describe("APP_SUBSCRIPTIONS_UPDATE delivered out of order", () => {
  async function stubControl<T>(path: string, body: unknown = {}, method = "POST"): Promise<T> {
    const response = await fetch(`${stub.url}/_stub/${path}`, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  }
  type Listed = { id: string; topic: string; held: boolean; statuses: (number | null)[]; triggeredAt: string };
  const webhooksOf = async (shop: string) =>
    (await stubControl<{ webhooks: Listed[] }>(`shops/${shop}/webhooks`, undefined, "GET")).webhooks;

  it("Shopify's example update, for the paid plan and ACTIVE, puts the shop on it", async () => {
    const shop = uniqueShop();
    const body = shopifyExample("app_subscriptions/update").replace('"Webhook Test"', '"Pro"').replace('"PENDING"', '"ACTIVE"');
    expect(await deliverShopifyWebhook("app_subscriptions/update", { shop, body, base: server.url })).toBe(200);
    expect(await db.shopPlan.findUnique({ where: { shop }, select: { plan: true, subscriptionId: true } })).toEqual({
      plan: "PAID",
      subscriptionId: "gid://shopify/AppSubscription/1029266977",
    });
  });

  it("a late ACTIVE, triggered before the CANCELLED the app already took, leaves the shop on the free plan", async () => {
    const shop = uniqueShop();
    const key = await keyFor(shop);
    expect((await createBatch(key, CAP)).status).toBe(201);
    // Shopify holds the approval's webhook back (its retries run for hours): it will arrive after the cancellation's.
    await stubControl("webhooks/hold", { shop, topic: "app_subscriptions/update" });
    const upgrade = await submitFetcher<{ confirmationUrl: string }>("/app/settings", shop, { intent: "upgrade" }, { base: server.url });
    if (!upgrade.result?.ok) throw new Error(`Upgrade refused: ${JSON.stringify(upgrade)}`);
    const approved = await fetch(upgrade.result.data.confirmationUrl, {
      method: "POST",
      body: new URLSearchParams({ decision: "approve" }),
      redirect: "manual",
    });
    expect(approved.status).toBe(303);
    const [active] = await webhooksOf(shop);
    expect(active).toMatchObject({ topic: "app_subscriptions/update", held: true, statuses: [] });

    // The subscription is cancelled in Shopify; its CANCELLED reaches the app first.
    const id = `gid://shopify/AppSubscription/${new URL(approved.headers.get("location")!).searchParams.get("charge_id")}`;
    const graphql = stubGraphql(stub.url, shop, await stubAccessToken(stub.url, TEST_ENV.SHOPIFY_API_KEY));
    const cancelled = await graphql(
      "mutation appSubscriptionCancel($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { field message } } }",
      { variables: { id } },
    );
    expect(
      ((await cancelled.json()) as { data: { appSubscriptionCancel: { userErrors: unknown[] } } }).data.appSubscriptionCancel.userErrors,
    ).toEqual([]);
    await expect.poll(async () => (await webhooksOf(shop))[1]?.statuses).toEqual([200]);
    expect(await db.shopPlan.findUnique({ where: { shop }, select: { plan: true } })).toEqual({ plan: "FREE" });

    // Now the ACTIVE, late: taken (200), and stale.
    const late = await stubControl<{ webhook: { status: number } }>(`webhooks/${active!.id}/redeliver`);
    expect(late.webhook.status).toBe(200);
    expect(Date.parse(active!.triggeredAt)).toBeLessThan(Date.parse((await webhooksOf(shop))[1]!.triggeredAt));
    expect(await db.shopPlan.findUnique({ where: { shop }, select: { plan: true, subscriptionId: true } })).toEqual({
      plan: "FREE",
      subscriptionId: null,
    });
    expect((await createOne(key)).status).toBe(402);
  });

  it("a cancellation triggered last month and delivered this month restarts this month's counter from what was issued", async () => {
    const shop = uniqueShop();
    const key = await keyFor(shop);
    expect((await createBatch(key, CAP - 1)).status).toBe(201);
    const now = new Date();
    const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // Both triggered in the last hours of last month; Shopify's retries bring them only now.
    const update = (status: string, hoursBeforeThisMonth: number) =>
      deliverShopifyWebhook("app_subscriptions/update", {
        shop,
        base: server.url,
        body: shopifyExample("app_subscriptions/update").replace('"Webhook Test"', '"Pro"').replace('"PENDING"', `"${status}"`),
        triggeredAt: new Date(thisMonth - hoursBeforeThisMonth * 3_600_000).toISOString(),
      });
    expect(await update("ACTIVE", 2)).toBe(200);
    expect((await createBatch(key, 3)).status).toBe(201);
    expect(await update("CANCELLED", 1)).toBe(200);
    expect(await db.shopPlan.findUnique({ where: { shop }, select: { plan: true } })).toEqual({ plan: "FREE" });

    // Back on the free plan with 7 live items issued this month: over its 5, so the next is refused.
    expect((await createOne(key)).status).toBe(402);
    expect(await liveCards(shop)).toBe(CAP + 2);
  });
});
