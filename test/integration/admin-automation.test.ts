import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { newId } from "~/domain/ids";
import { createRule } from "~/domain/issuing-rules.server";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { getPage, postForm, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";

// Automation: issuing rules as the merchant saves, lists, pauses and follows them.
const product = DEMO_PRODUCTS[0]!;
const customer = DEMO_CUSTOMERS[0]!;

/** The form as the page posts it (the `rule` field), with a card template unless `card: false`. */
function ruleField(overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    targetType: "PRODUCT",
    targetId: product.gid,
    targetTitle: product.title,
    trigger: "PAID",
    issueTwin: true,
    issueCard: true,
    cardPerUnit: true,
    name: "Certificate of authenticity",
    imageUrls: "https://cdn.example.com/certificate.png",
    videoUrls: "",
    metadata: [
      { id: "entry-0", key: "edition", value: "Spring 2026", metaType: "NO_TYPE", private: false },
      { id: "entry-1", key: "price", value: "189.90 eur", metaType: "PRICE", private: false },
      { id: "entry-2", key: "supplier_ref", value: "NW-2291", metaType: "RETAIL_IDENTIFIER", private: true },
    ],
    ...overrides,
  });
}

const ruleOf = (shop: string, overrides: Record<string, unknown> = {}) =>
  createRule(shop, {
    targetType: "PRODUCT",
    targetId: product.gid,
    targetTitle: product.title,
    trigger: "FULFILLED",
    issueTwin: false,
    card: { name: "Warranty card", media: { imageUrls: [] } },
    cardPerUnit: false,
    ...overrides,
  });

describe("Automation: rules", () => {
  it("saves a rule with a card template (PRIVATE and PRICE entries) and lists it with its moment and what it issues", async () => {
    const shop = uniqueShop();

    const saved = await submitFetcher("/app/automation/new", shop, { intent: "save", rule: ruleField() });

    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ ok: true, data: { targetTitle: product.title, status: "ACTIVE" } });
    const row = await db.issuingRule.findFirstOrThrow({ where: { shop } });
    expect(row).toMatchObject({
      targetType: "PRODUCT",
      targetId: product.gid,
      trigger: "PAID",
      issueTwin: true,
      cardPerUnit: true,
      status: "ACTIVE",
    });
    expect(row.cardTemplate).toEqual({
      name: "Certificate of authenticity",
      media: { imageUrls: ["https://cdn.example.com/certificate.png"], videoUrls: [] },
      metadata: [
        { key: "edition", value: "Spring 2026", metaType: "NO_TYPE", visibility: "PUBLIC" },
        { key: "price", value: [189.9, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
        { key: "supplier_ref", value: "NW-2291", metaType: "RETAIL_IDENTIFIER", visibility: "PRIVATE" },
      ],
    });

    const list = await getPage("/app/automation", shop);
    expect(list.status).toBe(200);
    expect(list.text).toContain(product.title);
    expect(list.text).toContain("At payment");
    expect(list.text).toContain("Digital twin");
    expect(list.text).toContain("Unit card “Certificate of authenticity”, one per unit");
    expect(list.text).toContain("Active");
    expect(list.body).toContain(`href="/app/automation/${row.id}"`);
  });

  it("offers Shopify's resource picker for the target, not a list of the first products", async () => {
    const page = await getPage("/app/automation/new", uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain("Applies to Nothing chosen yet: pick what the rule applies to.");
    expect(page.text).toContain("Select a product");
    expect(page.body).not.toContain(`value="PRODUCT ${product.gid}"`);
    expect(page.text).not.toContain(DEMO_PRODUCTS[1]!.title);
  });

  it("refuses a template the domain would refuse, each error at its field, and writes nothing", async () => {
    const shop = uniqueShop();
    const bad = ruleField({
      imageUrls: "javascript:alert(1)",
      metadata: [
        { id: "entry-0", key: "edition", value: "Spring 2026", metaType: "NO_TYPE", private: false },
        { id: "entry-1", key: "price", value: "cheap", metaType: "PRICE", private: false },
      ],
    });

    const { status, result } = await submitFetcher("/app/automation/new", shop, { intent: "save", rule: bad });

    expect(status).toBe(200);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: {
        "card.media.imageUrls[0]": "Must be an absolute https:// or http:// URL",
        "card.metadata[1].value": "A PRICE value must be [amount >= 0, ISO 4217 code]",
      },
    });
    const page = await postForm("/app/automation/new", shop, { intent: "save", rule: bad });
    expect(page.status).toBe(200);
    expect(page.text).toContain("The rule wasn’t saved");
    expect(page.text).toContain("Fix the fields marked below and try again. Nothing was saved.");
    expect(page.text).toContain("Must be an absolute https:// or http:// URL");
    expect(page.text).toContain("A PRICE value must be [amount >= 0, ISO 4217 code]");
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
  });

  it("refuses a rule that issues neither a twin nor a card, and one without a target, in the merchant's language", async () => {
    const shop = uniqueShop();

    const nothing = await submitFetcher("/app/automation/new", shop, {
      intent: "save",
      rule: ruleField({ issueTwin: false, issueCard: false }),
    });
    const noTarget = await submitFetcher("/app/automation/new?locale=fr", shop, {
      intent: "save",
      rule: ruleField({ targetId: "", targetTitle: "" }),
    });

    expect(nothing.result).toMatchObject({
      ok: false,
      fieldErrors: { issueTwin: "Choose what the rule issues: a digital twin, a unit card, or both" },
    });
    expect(noTarget.result).toMatchObject({
      ok: false,
      fieldErrors: { targetId: "Doit être un identifiant Shopify de produit, de variante ou de collection" },
    });
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
  });

  it("refuses a target whose id is not of its type, at the target", async () => {
    const shop = uniqueShop();

    const { result } = await submitFetcher("/app/automation/new?locale=fr", shop, {
      intent: "save",
      rule: ruleField({ targetType: "VARIANT" }),
    });

    expect(result).toMatchObject({ ok: false, fieldErrors: { targetId: "Doit être un identifiant de variante" } });
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
  });

  it("answers a post that is not the form's with a message, not a 500", async () => {
    const shop = uniqueShop();

    const { status, result } = await submitFetcher("/app/automation/new", shop, { intent: "save", rule: "{not json" });

    expect(status).toBe(200);
    expect(result).toMatchObject({ ok: false, message: "The form could not be read. Reload the page and try again." });
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
  });

  it("pauses and resumes a rule from the list", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);

    const paused = await submitFetcher("/app/automation?index", shop, { intent: "set-status", id: rule.id, status: "PAUSED" });

    expect(paused.result).toMatchObject({ ok: true, data: { id: rule.id, status: "PAUSED" } });
    expect((await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } })).status).toBe("PAUSED");
    const list = await getPage("/app/automation", shop);
    expect(list.text).toContain("Paused");
    expect(list.text).toContain("Resume");

    const resumed = await submitFetcher("/app/automation?index", shop, { intent: "set-status", id: rule.id, status: "ACTIVE" });

    expect(resumed.result).toMatchObject({ ok: true, data: { status: "ACTIVE" } });
    expect((await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } })).status).toBe("ACTIVE");
  });

  it("edits a rule on its page: the form shows it as saved, and a save replaces it", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);

    const page = await getPage(`/app/automation/${rule.id}`, shop);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Rule for ${product.title}`);
    expect(page.body).toContain('value="Warranty card"');

    const { result } = await submitFetcher(`/app/automation/${rule.id}`, shop, {
      intent: "save",
      rule: ruleField({ trigger: "FULFILLED", issueCard: false }),
    });

    expect(result).toMatchObject({ ok: true, data: { id: rule.id, trigger: "FULFILLED", issueTwin: true, card: null } });
    const row = await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } });
    expect(row).toMatchObject({ trigger: "FULFILLED", issueTwin: true, cardTemplate: null });
  });

  it("answers 404 for another shop's rule: its page, a save and a pause; the rule stays as it was", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);
    const other = uniqueShop();

    expect((await getPage(`/app/automation/${rule.id}`, other)).status).toBe(404);
    expect((await getPage("/app/automation/rule_%00", shop)).status).toBe(404);
    const save = await postForm(`/app/automation/${rule.id}`, other, { intent: "save", rule: ruleField() });
    expect(save.status).toBe(404);
    const pause = await submitFetcher("/app/automation?index", other, { intent: "set-status", id: rule.id, status: "PAUSED" });
    expect(pause.result).toMatchObject({ ok: false, message: "Issuing rule not found" });

    const row = await db.issuingRule.findUniqueOrThrow({ where: { id: rule.id } });
    expect(row).toMatchObject({ status: "ACTIVE", trigger: "FULFILLED", issueTwin: false, updatedAt: new Date(rule.updatedAt) });
  });
});

describe("Automation: what rules issued, and the order webhooks", () => {
  async function issue(
    shop: string,
    ruleId: string,
    fields: Partial<{
      status: string;
      reason: string;
      twinId: string;
      cardIds: string[];
      orderName: string;
      orderId: string;
      customerId: string | null;
    }>,
  ) {
    return db.orderIssue.create({
      data: {
        id: newId("iss"),
        shop,
        ruleId,
        orderId: fields.orderId ?? "5550001",
        orderName: fields.orderName ?? "#1201",
        lineItemId: `${Math.floor(Math.random() * 1e9)}`,
        moment: "paid",
        productTitle: product.title,
        quantity: 2,
        customerId: fields.customerId === undefined ? customer.id : fields.customerId,
        recipient: null,
        status: fields.status ?? "ISSUED",
        reason: fields.reason ?? null,
        twinId: fields.twinId ?? null,
        cardIds: fields.cardIds ?? [],
      },
    });
  }

  async function webhook(
    shop: string,
    fields: Partial<{ status: string; lastError: string; outcome: string; topic: string; orderId: string }>,
  ) {
    return db.orderWebhook.create({
      data: {
        id: newId("owh"),
        shop,
        webhookId: `wh-${Math.random().toString(36).slice(2)}`,
        topic: fields.topic ?? "orders/paid",
        orderId: fields.orderId ?? "5550001",
        payload: {},
        status: fields.status ?? "DONE",
        attempts: 1,
        lastError: fields.lastError ?? null,
        outcome: fields.outcome ?? null,
      },
    });
  }

  it("lists a rule's activity: order, customer by name, product, links to what was issued, status with the failure's reason", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);
    await issue(shop, rule.id, {
      orderName: "#1201",
      twinId: "twin_01JTESTTWIN000000000000000",
      cardIds: ["card_01JTESTCARD000000000000000"],
    });
    await issue(shop, rule.id, { orderName: "#1202", status: "FAILED", reason: "The card template no longer fits", customerId: null });

    const page = await getPage(`/app/automation/${rule.id}`, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain("#1201");
    expect(page.text).toContain(customer.name);
    expect(page.body).toContain(`href="/app/customers/${customer.id}"`);
    expect(page.body).toContain('href="/app/twins/twin_01JTESTTWIN000000000000000"');
    expect(page.body).toContain('href="/app/cards/card_01JTESTCARD000000000000000"');
    // Newest first: #1202 (failed) then #1201, whose badge is the only "Issued" after it.
    expect(page.text).toMatch(/#1201[\s\S]*Issued/);
    expect(page.text).toContain("#1202");
    expect(page.text).toContain("Guest");
    expect(page.text).toContain("Failed");
    expect(page.text).toContain("The card template no longer fits");
    expect(page.text).toContain("Retry");
  });

  it("pages a long activity with the list's cursors", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);
    for (let n = 0; n < 26; n++) await issue(shop, rule.id, { orderName: `#${2000 + n}` });

    const first = await getPage(`/app/automation/${rule.id}`, shop);

    expect(first.text).toContain("#2025");
    expect(first.text).not.toContain("#2000");
    const next = /href="(\/app\/automation\/[^"]+\?cursor=[^"]+)"/.exec(first.body)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBeDefined();
    const second = await getPage(next!, shop);
    expect(second.text).toContain("#2000");
    expect(second.text).not.toContain("#2025");
  });

  it("Retry on a failed order line queues its order's webhook again", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);
    const failed = await issue(shop, rule.id, { status: "FAILED", reason: "Boom", orderId: "5550777" });
    const arrived = await webhook(shop, { orderId: "5550777", status: "DONE", outcome: "Order #1201: issued 0 items, 1 failed" });

    const { result } = await submitFetcher(`/app/automation/${rule.id}`, shop, { intent: "retry-issue", id: failed.id });

    expect(result).toMatchObject({ ok: true });
    expect((await db.orderWebhook.findUniqueOrThrow({ where: { id: arrived.id } })).status).toBe("PENDING");
  });

  it("lists recent order webhooks with what became of them, and Retry queues a failed one again", async () => {
    const shop = uniqueShop();
    await webhook(shop, { topic: "orders/paid", orderId: "5550100", status: "DONE", outcome: "Order #1300: issued 2 items" });
    const failed = await webhook(shop, {
      topic: "fulfillments/create",
      orderId: "5550101",
      status: "FAILED",
      lastError: "Admin API unavailable",
    });

    const page = await getPage("/app/automation", shop);

    expect(page.text).toContain("Recent order webhooks");
    expect(page.text).toContain("Order #1300: issued 2 items");
    expect(page.text).toContain("fulfillments/create");
    expect(page.text).toContain("Order 5550101");
    expect(page.text).toContain("Admin API unavailable");

    const { result } = await submitFetcher("/app/automation?index", shop, { intent: "retry-webhook", id: failed.id });

    expect(result).toMatchObject({ ok: true });
    expect(await db.orderWebhook.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({ status: "PENDING", lastError: null });
  });

  it("shows an empty Automation page that says what rules do", async () => {
    const page = await getPage("/app/automation", uniqueShop());

    expect(page.status).toBe(200);
    expect(page.text).toContain("Issue from orders automatically");
    expect(page.text).toContain("No order webhooks yet");
  });

  it("shows what a customer's orders issued on their page", async () => {
    const shop = uniqueShop();
    const rule = await ruleOf(shop);
    await issue(shop, rule.id, { orderName: "#1401", status: "WAITING", cardIds: ["card_01JTESTCARD000000000000001"] });

    const page = await getPage(`/app/customers/${customer.id}`, shop);
    const empty = await getPage(`/app/customers/${DEMO_CUSTOMERS[1]!.id}`, shop);

    expect(page.text).toContain("Issued from orders");
    expect(page.text).toContain(`#1401 · ${product.title} × 2`);
    expect(page.text).toContain("Waiting for claim");
    expect(page.body).toContain('href="/app/cards/card_01JTESTCARD000000000000001"');
    expect(empty.text).toContain("Nothing issued from this customer's orders yet.");
  });
});
