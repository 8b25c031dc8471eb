import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { uniqueShop } from "../support/api";
import { extFetch, extToken, type ExtErrorBody } from "../support/admin-ext";
import { uniqueName, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

// The routes the customer page's admin UI extension (extensions/admin-customer/) calls with
// the session token Shopify admin adds: the shop comes from the verified token only.

// Anna Schmidt: an e-mail, a phone and orders in the stub's catalogue.
const customer = DEMO_CUSTOMERS[0]!;
const owner = `shopify|${customer.id}`;
const card = (name: string) => ({ name, media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: [] } });

interface Block {
  customer: { id: string; name: string; url: string };
  names: string[];
  cards: { total: number; byStatus: Record<string, number> };
  twins: { total: number; byStatus: Record<string, number> };
  held: number;
  waiting: number;
  latest: { kind: string; id: string; title: string; status: string; serialNumber: number | null; url: string }[];
}
interface ActionStart {
  names: { uns_name: string; uns_name_id: string; public_key: string }[];
  products: { variantId: string; title: string; orderName: string }[];
}

const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;
const twinsOf = (shop: string) => db.digitalTwin.count({ where: { shop } });

async function customerWithCards(shop: string) {
  const owned = await createCard(shop, { ...card("Gold member"), owner, publicKey: walletKey() });
  const waiting = await createCard(shop, { ...card("Welcome gift"), email: customer.email! });
  const name = await registerName(shop, { name: uniqueName("anna"), publicKey: walletKey(), owner });
  return { owned, waiting, name };
}

describe("GET /admin-ext/customers/:id (the customer block)", () => {
  it("answers the token's shop's cards of this customer, counted by status, with links into the app, cross-origin", async () => {
    const shop = uniqueShop();
    const { owned, name } = await customerWithCards(shop);

    const response = await extFetch(`/customers/${customer.id}`, { token: extToken(shop) });

    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const block = await dataOf<Block>(response);
    expect(block.customer).toEqual({ id: customer.id, name: customer.name, url: `app:app/customers/${customer.id}` });
    // Universal names are the customer's in every shop.
    expect(block.names).toContain(name.uns_name);
    expect(block.cards).toEqual({ total: 1, byStatus: { OWNED: 1 } });
    expect(block.twins).toEqual({ total: 0, byStatus: {} });
    // The card sent to Anna's e-mail waits for her claim.
    expect(block.waiting).toBe(1);
    expect(block.latest).toEqual([expect.objectContaining({ kind: "card", id: owned.id, title: "Gold member", status: "OWNED" })]);
    expect(block.latest[0]!.url).toBe(`app:app/cards/${owned.id}`);
  });

  it("accepts the customer's GID, as data.selected gives it", async () => {
    const shop = uniqueShop();
    await customerWithCards(shop);
    const response = await extFetch(`/customers/${encodeURIComponent(customer.gid)}`, { token: extToken(shop) });
    expect(response.status).toBe(200);
    expect((await dataOf<Block>(response)).cards.total).toBe(1);
  });

  it("answers the CORS preflight the admin sends before the fetch", async () => {
    const response = await extFetch(`/customers/${customer.id}`, {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-headers")).toMatch(/Authorization/);
  });

  it.each([
    ["no token", (): string | undefined => undefined],
    ["an expired token", (shop: string) => extToken(shop, { expiredSecondsAgo: 600 })],
    ["a token for another app", (shop: string) => extToken(shop, { apiKey: "another-apps-key" })],
    ["a token signed with another secret", (shop: string) => extToken(shop, { apiSecret: "not-the-app-secret" })],
    [
      "a token issued by another shop's admin",
      (shop: string) => extToken(shop, { claims: { iss: "https://other-shop.myshopify.com/admin" } }),
    ],
  ])("refuses %s: 401 in the envelope, readable cross-origin, nothing shown", async (_case, tokenFor) => {
    const shop = uniqueShop();
    await customerWithCards(shop);

    const response = await extFetch(`/customers/${customer.id}`, { token: tokenFor(shop) });

    expect(response.status).toBe(401);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const raw = await response.text();
    expect(raw).not.toContain("Gold member");
    expect((JSON.parse(raw) as ExtErrorBody).error.code).toBe("UNAUTHENTICATED");
  });

  it("shows another shop's token nothing of this shop's cards for the same customer", async () => {
    const shop = uniqueShop();
    await customerWithCards(shop);
    const response = await extFetch(`/customers/${customer.id}`, { token: extToken(uniqueShop()) });
    expect(response.status).toBe(200);
    const block = await dataOf<Block>(response);
    expect(block.cards.total).toBe(0);
    expect(block.waiting).toBe(0);
    expect(block.latest).toEqual([]);
  });

  it("is a 404 for a customer the shop does not have, in the merchant's language", async () => {
    const shop = uniqueShop();
    const english = await extFetch("/customers/999999999", { token: extToken(shop) });
    const french = await extFetch("/customers/gid%3A%2F%2Fshopify%2FOrder%2F1", { token: extToken(shop), language: "fr-FR" });
    expect(english.status).toBe(404);
    expect(((await english.json()) as ExtErrorBody).error.message).toBe("Customer not found");
    expect(french.status).toBe(404);
    expect(((await french.json()) as ExtErrorBody).error.message).toBe("Client introuvable");
  });
});

describe("the customer action", () => {
  it("issues a twin in two steps, once for a double-clicked Issue, from a product the customer ordered", async () => {
    const shop = uniqueShop();
    const publicKey = walletKey();
    const token = () => extToken(shop);
    const registered = await extFetch(`/customers/${customer.id}/names`, { token: token(), body: { name: uniqueName("anna"), publicKey } });
    expect(registered.status).toBe(201);
    const name = await dataOf<{ uns_name: string }>(registered);

    const validated = await extFetch(`/customers/${customer.id}/validate-name`, { token: token(), body: { name: name.uns_name } });
    expect(validated.status).toBe(200);
    const payload = await dataOf<{ uns_name_id: string; public_key: string }>(validated);
    expect(payload.public_key).toBe(publicKey);
    const start = await dataOf<ActionStart>(await extFetch(`/customers/${customer.id}/action`, { token: token() }));
    expect(start.names.map((entry) => entry.uns_name)).toContain(name.uns_name);
    const product = start.products[0]!;

    const key = randomUUID();
    const issue = () =>
      extFetch(`/customers/${customer.id}/twins`, {
        token: token(),
        headers: { "Idempotency-Key": key },
        body: { name_id: payload.uns_name_id, public_key: payload.public_key, variant_id: product.variantId },
      });
    const [first, second] = [await issue(), await issue()];

    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const twin = await dataOf<{ id: string; title: string; uns_name: string }>(first);
    expect(twin).toEqual(expect.objectContaining({ title: product.title, uns_name: name.uns_name }));
    expect((await dataOf<{ id: string }>(second)).id).toBe(twin.id);
    expect(await twinsOf(shop)).toBe(1);
    const block = await dataOf<Block>(await extFetch(`/customers/${customer.id}`, { token: token() }));
    expect(block.twins.total).toBe(1);
    expect(block.latest[0]).toEqual(expect.objectContaining({ kind: "twin", id: twin.id, url: `app:app/twins/${twin.id}` }));
  });

  it("refuses an unregistered name at step 1 with the page's message, in French for a French admin", async () => {
    const shop = uniqueShop();
    const response = await extFetch(`/customers/${customer.id}/validate-name`, {
      token: extToken(shop),
      language: "fr",
      body: { name: "nobody-here" },
    });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as ExtErrorBody;
    expect(error.details).toEqual([
      {
        path: "name",
        message: "Aucun nom universel «\u00a0nobody-here\u00a0» n’est enregistré. Vérifiez l’orthographe, ou enregistrez-le ci-dessous.",
      },
    ]);
  });

  it("refuses a twin without a product the customer ordered: 422 at variant_id, nothing written", async () => {
    const shop = uniqueShop();
    const name = await registerName(shop, { name: uniqueName("anna"), publicKey: walletKey(), owner });
    const response = await extFetch(`/customers/${customer.id}/twins`, {
      token: extToken(shop),
      body: { name_id: name.uns_name_id, public_key: name.public_key, variant_id: "gid://shopify/ProductVariant/1" },
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ExtErrorBody).error.details).toEqual([
      { path: "variant_id", message: "Choose a product this customer ordered" },
    ]);
    expect(await twinsOf(shop)).toBe(0);
  });

  it("creates a card claimed with a code sent to the customer's e-mail", async () => {
    const shop = uniqueShop();
    const response = await extFetch(`/customers/${customer.id}/cards`, {
      token: extToken(shop),
      headers: { "Idempotency-Key": randomUUID() },
      body: { mode: "redemption", name: "Welcome gift", email: customer.email },
    });
    expect(response.status).toBe(201);
    expect(await dataOf<{ name: string; status: string }>(response)).toEqual(
      expect.objectContaining({ name: "Welcome gift", status: "PENDING_REDEMPTION" }),
    );
    expect(await rowsOf(shop)).toEqual({ cards: 1, redemptions: 1, notifications: 1 });
  });

  it("creates a card owned now in the wallet of the customer's name", async () => {
    const shop = uniqueShop();
    const name = await registerName(shop, { name: uniqueName("anna"), publicKey: walletKey(), owner });
    const response = await extFetch(`/customers/${customer.id}/cards`, {
      token: extToken(shop),
      body: { mode: "owner", name: "Gold member", publicKey: name.public_key },
    });
    expect(response.status).toBe(201);
    expect(await dataOf<{ status: string; owner: string }>(response)).toEqual(expect.objectContaining({ status: "OWNED", owner }));
  });

  it.each([
    [
      "en",
      { mode: "redemption", name: "No address" },
      "email",
      "Enter the customer's e-mail or phone number: the claim code is sent there",
    ],
    ["fr", { mode: "redemption", name: "Sans adresse" }, "email", null],
    ["en", { mode: "redemption", name: "", email: "anna@example.com" }, "name", null],
    ["en", { mode: "owner", name: "No wallet" }, "publicKey", null],
  ])("refuses bad input (%s, %j): a 4xx naming %s, nothing written", async (language, body, field, message) => {
    const shop = uniqueShop();
    const response = await extFetch(`/customers/${customer.id}/cards`, { token: extToken(shop), language, body });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const { error } = (await response.json()) as ExtErrorBody;
    expect(error.details.map((detail) => detail.path)).toContain(field);
    if (message) expect(error.details[0]!.message).toBe(message);
    if (language === "fr") expect(error.details[0]!.message).toMatch(/e-mail|téléphone/);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("refuses a body that is not JSON: 400, nothing written", async () => {
    const shop = uniqueShop();
    const response = await extFetch(`/customers/${customer.id}/cards`, {
      token: extToken(shop),
      body: "mode=redemption",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(400);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });
});
