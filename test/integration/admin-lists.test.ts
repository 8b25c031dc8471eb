import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { newId } from "~/domain/ids";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { getPage, submitFetcher } from "../support/admin";
import { uniqueShop } from "../support/api";

// Issue 27, items 5 and 7, as the built server answers them: prices typed the merchant's way,
// outcomes in French, a customer's pending cards, the customer search in ?query=, 404s with their way back.
const product = DEMO_PRODUCTS[0]!;
const customer = DEMO_CUSTOMERS[2]!;

const ruleWithPrice = (price: string) =>
  JSON.stringify({
    targetType: "PRODUCT",
    targetId: product.gid,
    targetTitle: product.title,
    trigger: "PAID",
    issueTwin: false,
    issueCard: true,
    cardPerUnit: false,
    name: "Certificate",
    imageUrls: "",
    videoUrls: "",
    metadata: [{ id: "entry-0", key: "price", value: price, metaType: "PRICE", private: false }],
    editionSize: "",
  });

describe("admin wording and lists", () => {
  it("stores a price typed the French way (189,90 €) as [189.9, EUR] and shows it back as the admin writes money", async () => {
    const shop = uniqueShop();
    const { result } = await submitFetcher("/app/automation/new?locale=fr", shop, { intent: "save", rule: ruleWithPrice("189,90\u00a0€") });
    expect(result).toMatchObject({ ok: true });
    const [rule] = await db.issuingRule.findMany({ where: { shop } });
    expect((rule!.cardTemplate as { metadata: unknown[] }).metadata).toEqual([
      { key: "price", value: [189.9, "EUR"], metaType: "PRICE", visibility: "PUBLIC" },
    ]);

    expect((await getPage(`/app/automation/${rule!.id}?locale=fr`, shop)).body).toContain("189,90\u00a0€");
    expect((await getPage(`/app/automation/${rule!.id}`, shop)).body).toContain("€189.90");
  });

  it("refuses a price it cannot read at its field, and saves nothing", async () => {
    const shop = uniqueShop();
    const { status, result } = await submitFetcher("/app/automation/new", shop, { intent: "save", rule: ruleWithPrice("189,90 ZZ") });
    expect(status).toBe(200);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { "card.metadata[0].value": "A PRICE value must be [amount >= 0, ISO 4217 code]" },
    });
    expect(await db.issuingRule.count({ where: { shop } })).toBe(0);
  });

  it("says what an order issued in French, counted with French plurals", async () => {
    const shop = uniqueShop();
    await db.orderWebhook.create({
      data: {
        id: newId("owh"),
        shop,
        webhookId: randomUUID(),
        topic: "orders/paid",
        orderId: "5550199",
        payload: {},
        status: "DONE",
        outcome: "Order #1051: issued 3 items, 1 failed",
      },
    });
    const french = await getPage("/app/automation?locale=fr", shop);
    expect(french.text).toContain("Commande #1051 : 3 articles émis, 1 en échec");
    expect((await getPage("/app/automation", shop)).text).toContain("Order #1051: issued 3 items, 1 failed");
  });

  it("lists a customer's pending cards on their page, and links the card's page back to the customer", async () => {
    const shop = uniqueShop();
    const name = `Waiting ${randomUUID().slice(0, 6)}`;
    const card = await createCard(shop, { name, media: { imageUrls: [] }, email: customer.email });
    await createCard(shop, { name: "Someone else's", media: { imageUrls: [] }, email: "someone.else@example.com" });

    const page = await getPage(`/app/customers/${customer.id}`, shop);
    expect(page.text).toContain("Waiting to be claimed (1)");
    expect(page.text).toContain(name);
    expect(page.text).not.toContain("Someone else's");
    expect(page.body).toContain(`href="/app/cards/${card.id}"`);

    const cardPage = await getPage(`/app/cards/${card.id}`, shop);
    expect(cardPage.body).toContain(`href="/app/customers/${customer.id}"`);
    expect(cardPage.text).toContain(customer.name);
    // Another shop's customer page lists none of this shop's cards.
    expect((await getPage(`/app/customers/${customer.id}`, uniqueShop())).text).toContain("Waiting to be claimed (0)");
  });

  it("filters customers with ?query=", async () => {
    const page = await getPage(`/app/customers?query=${encodeURIComponent(customer.name)}`, uniqueShop());
    expect(page.text).toContain(customer.name);
    expect(page.text).not.toContain(DEMO_CUSTOMERS[0]!.name);
  });

  it("answers a missing item or page with a 404 that links to its list and Home", async () => {
    const shop = uniqueShop();
    const card = await getPage("/app/cards/card_01JAAAAAAAAAAAAAAAAAAAAAAA", shop);
    expect(card.status).toBe(404);
    expect(card.text).toContain("Card not found");
    expect(card.text).toContain("Go back to: Cards · Home");
    expect(card.body).toMatch(/href="\/app\/cards\?embedded=1&amp;shop=[^"]*"/);
    expect(card.body).not.toMatch(/href="[^"]*id_token/);

    const nowhere = await getPage("/app/nope?locale=fr", shop);
    expect(nowhere.status).toBe(404);
    expect(nowhere.text).toContain("Cette page n’existe pas.");
    expect(nowhere.text).toContain("Revenir à : Accueil");
  });
});
