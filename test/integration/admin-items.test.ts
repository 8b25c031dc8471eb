import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { getPage, pageData } from "../support/admin";
import { uniqueShop } from "../support/api";
import { uniqueName, walletKey } from "../support/fixtures";

// Cards and twins as a merchant reads them: customers by name, each item with a page of its own.
const customer = DEMO_CUSTOMERS[0]!;
const owner = `shopify|${customer.id}`;
const unique = () => randomUUID().slice(0, 8);

async function ownedCard(shop: string) {
  return createCard(shop, {
    name: `Owned ${unique()}`,
    media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: ["https://cdn.example.com/card.mp4"] },
    metadata: [
      { key: "edition", value: "First" },
      { key: "price", value: [49.5, "EUR"], metaType: "PRICE" },
      { key: "margin", value: "31%", visibility: "PRIVATE" },
    ],
    owner,
    publicKey: walletKey(),
  });
}

async function twinOfCustomer(shop: string) {
  const name = await registerName(shop, { name: uniqueName("items"), publicKey: walletKey(), owner });
  const twin = await issueTwin(shop, {
    name_id: name.uns_name_id,
    public_key: name.public_key,
    title: `Jacket ${unique()}`,
    quantity: 2,
    price: 189.9,
    currency: "EUR",
    brand: "Northwind",
    categories: ["Outerwear"],
    links: ["https://shop.example.com/jacket"],
  });
  return { name, twin };
}

describe("Cards list and card page", () => {
  it("shows an owned card's owner as the customer's name, linking to their page, and links the card to its own page", async () => {
    const shop = uniqueShop();
    const card = await ownedCard(shop);

    const page = await getPage("/app/cards", shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain(customer.name);
    expect(page.text).not.toContain(owner);
    expect(page.body).toContain(`href="/app/customers/${customer.id}"`);
    expect(page.body).toContain(`href="/app/cards/${card.id}"`);
  });

  it("shows where a waiting card's code was sent in full: the merchant's own customer's address", async () => {
    const shop = uniqueShop();
    await createCard(shop, { name: "Gift", media: { imageUrls: [] }, email: "jane.doe@example.com", phone: "+14155554567" });

    const page = await getPage("/app/cards", shop);

    expect(page.text).toContain("jane.doe@example.com");
    expect(page.text).toContain("+14155554567");
  });

  it("shows an owner that is not a Shopify customer as it is stored", async () => {
    const shop = uniqueShop();
    await createCard(shop, { name: "Partner card", media: { imageUrls: [] }, owner: "partner|abc-42", publicKey: walletKey() });

    const page = await getPage("/app/cards", shop);

    expect(page.text).toContain("partner|abc-42");
  });

  it("a card's page shows every field, the metadata with PRIVATE entries marked, and the customer", async () => {
    const shop = uniqueShop();
    const card = await ownedCard(shop);

    const page = await getPage(`/app/cards/${card.id}`, shop);

    expect(page.status).toBe(200);
    expect(page.text).toContain(card.name);
    expect(page.text).toContain(customer.name);
    expect(page.text).toContain(card.publicKey!);
    expect(page.text).toContain("edition First Public");
    expect(page.text).toContain("price €49.50 PRICE Public");
    // Polaris adds the tone ("Warning") as text for screen readers.
    expect(page.text).toMatch(/margin 31% (Warning )?Private: merchant only/);
    expect(page.text).toContain("https://cdn.example.com/card.mp4");
    expect(page.text).toContain("None: this card was issued to its owner.");
  });

  it("a card by redemption lists its claim messages, linking to each", async () => {
    const shop = uniqueShop();
    const card = await createCard(shop, { name: "Gift", media: { imageUrls: [] }, email: "jane@example.com", phone: "+14155554567" });

    const page = await getPage(`/app/cards/${card.id}`, shop);

    expect(page.text).toContain("Claim messages");
    expect(page.body.match(/href="\/app\/notifications\/ntf_[0-9A-Z]{26}"/g)).toHaveLength(2);
    expect(page.text).toContain("Waiting to be claimed");
  });

  it("answers 404 for another shop's card and for an id that is no card", async () => {
    const card = await ownedCard(uniqueShop());

    for (const id of [card.id, "card_nope", "%ZZ"]) {
      expect((await getPage(`/app/cards/${id}`, uniqueShop())).status, id).toBe(404);
    }
  });
});

describe("Twins list and twin page", () => {
  it("shows the customer holding each twin's universal name, linking to their page, and links the twin to its page", async () => {
    const shop = uniqueShop();
    const { twin } = await twinOfCustomer(shop);

    const page = await getPage("/app/twins", shop);

    expect(page.text).toContain(customer.name);
    expect(page.body).toContain(`href="/app/customers/${customer.id}"`);
    expect(page.body).toContain(`href="/app/twins/${twin.id}"`);
  });

  it("a twin's page shows every field and its customer", async () => {
    const shop = uniqueShop();
    const { name, twin } = await twinOfCustomer(shop);

    const page = await getPage(`/app/twins/${twin.id}`, shop);

    expect(page.status).toBe(200);
    for (const text of [
      twin.title,
      name.uns_name,
      customer.name,
      name.public_key,
      "€189.90",
      "Northwind",
      "Outerwear",
      "https://shop.example.com/jacket",
    ]) {
      expect(page.text).toContain(text);
    }
  });

  it("pages 25 twins at a time with the list's cursor, and says so for a cursor it never handed out", async () => {
    const shop = uniqueShop();
    const name = await registerName(shop, { name: uniqueName("pages"), publicKey: walletKey() });
    const issued = [];
    for (let index = 0; index < 26; index++) {
      issued.push(await issueTwin(shop, { name_id: name.uns_name_id, public_key: name.public_key, title: `Twin ${index}`, quantity: 1 }));
    }
    const newestFirst = issued.map((twin) => twin.id).reverse();
    type ListData = { twins: { id: string }[]; nextCursor: string | null };

    const first = (await pageData("/app/twins", shop)).routes["routes/app.twins._index"] as ListData;
    const second = (await pageData(`/app/twins?cursor=${first.nextCursor}`, shop)).routes["routes/app.twins._index"] as ListData;
    const stale = await getPage("/app/twins?cursor=not-a-cursor", shop);

    expect(first.twins.map((twin) => twin.id)).toEqual(newestFirst.slice(0, 25));
    expect(second).toMatchObject({ twins: [{ id: newestFirst[25] }], nextCursor: null });
    expect((await getPage("/app/twins", shop)).body).toContain(`cursor=${first.nextCursor}`);
    expect(stale.status).toBe(200);
    expect(stale.text).toContain("This page link is no longer valid");
  });

  it("answers 404 for another shop's twin", async () => {
    const shop = uniqueShop();
    const { twin } = await twinOfCustomer(shop);

    expect((await getPage(`/app/twins/${twin.id}`, uniqueShop())).status).toBe(404);
    // Not an id at all (a NUL, which PostgreSQL refuses in a query): the same 404, never a 500.
    expect((await getPage("/app/twins/%00", shop)).status).toBe(404);
    expect((await getPage("/app/cards/card_%00", shop)).status).toBe(404);
  });
});
