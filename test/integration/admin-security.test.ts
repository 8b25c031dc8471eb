import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { createApiKey } from "~/domain/api-keys.server";
import { createCard } from "~/domain/cards.server";
import { registerName } from "~/domain/names.server";
import { issueTwin } from "~/domain/twins.server";
import { DEMO_CUSTOMERS } from "../../stubs/admin-api/demo-data";
import { adminToken, baseUrl, getPage, postForm, submitFetcher, tokenClaims } from "../support/admin";
import { http, uniqueShop } from "../support/api";
import { uniqueName, walletKey } from "../support/fixtures";
import { rowsOf } from "../support/rows";

// Who may reach the admin: session tokens, shops, and what a forged or foreign request gets.

// Anna Schmidt: an e-mail, a phone and one order in the stub's catalogue.
const customer = DEMO_CUSTOMERS[0]!;
const customerPath = `/app/customers/${customer.id}`;
const owner = `shopify|${customer.id}`;

/** A universal name registered for the customer's wallet, as the storefront or /v1 would have done. */
async function customersName(shop: string) {
  const publicKey = walletKey();
  return registerName(shop, { name: uniqueName("anna"), publicKey, owner });
}

const card = (name: string) => ({ name, media: { imageUrls: ["https://cdn.example.com/card.png"], videoUrls: [] } });

describe("security", () => {
  it("refuses a session token signed with another secret: 401 to actions, bounce for pages, nothing written", async () => {
    const shop = uniqueShop();
    const forged = adminToken(shop, { secret: "not-the-app-secret" });

    const action = await postForm(
      customerPath,
      shop,
      { intent: "create-card", mode: "redemption", name: "Forged", email: "x@example.com" },
      { token: forged },
    );
    const settings = await postForm("/app/settings", shop, { intent: "create", label: "Forged" }, { token: forged });
    const page = await getPage(customerPath, shop, { token: forged });

    for (const response of [action, settings]) {
      expect(response.status).toBe(401);
      expect(response.headers.get("x-shopify-retry-invalid-session-request")).toBe("1");
      expect(response.text).not.toContain(customer.name);
    }
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth\/session-token\?/);
    expect(new URL(page.location!, baseUrl).searchParams.has("id_token")).toBe(false);
    expect(page.text).not.toContain(customer.name);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
    expect(await db.session.count({ where: { shop } })).toBe(0);
  });

  it("refuses an expired session token the same way", async () => {
    const shop = uniqueShop();
    const expired = adminToken(shop, { expiredSecondsAgo: 3600 });

    const action = await postForm(
      customerPath,
      shop,
      { intent: "create-card", mode: "redemption", name: "Late", email: "x@example.com" },
      { token: expired },
    );
    const page = await getPage("/app", shop, { token: expired });

    expect(action.status).toBe(401);
    expect(action.headers.get("x-shopify-retry-invalid-session-request")).toBe("1");
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/auth\/session-token\?/);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });

  it("refuses a token for another app (wrong audience)", async () => {
    const shop = uniqueShop();
    const token = adminToken(shop, { apiKey: "another-apps-key" });
    expect(tokenClaims(token).aud).toBe("another-apps-key");

    const page = await postForm("/app/settings", shop, { intent: "create", label: "x" }, { token });

    expect(page.status).toBe(401);
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
  });

  it("refuses a token issued by another shop than the one it is for (iss ≠ dest): 401 to actions and pages, nothing written", async () => {
    const shop = uniqueShop();
    const token = adminToken(shop, { issuerShop: uniqueShop() });
    expect(tokenClaims(token)).toMatchObject({ dest: `https://${shop}` });
    expect(tokenClaims(token).iss).not.toBe(`https://${shop}/admin`);

    const action = await postForm("/app/settings", shop, { intent: "create", label: "Crossed" }, { token });
    const page = await getPage(customerPath, shop, { token });

    expect(action.status).toBe(401);
    expect(page.status).toBe(401);
    expect(page.text).not.toContain(customer.name);
    expect(await db.apiKey.count({ where: { shop } })).toBe(0);
    expect(await db.session.count({ where: { shop } })).toBe(0);
  });

  it("never shows one shop's cards, names' twins or keys to another shop, nor lets it revoke them", async () => {
    const shopA = uniqueShop();
    const shopB = uniqueShop();
    const cardA = `A-only card ${uniqueName("secret")}`;
    const nameA = await customersName(shopA);
    await createCard(shopA, { ...card(cardA), owner, publicKey: nameA.public_key });
    await createCard(shopA, { ...card(`${cardA} pending`), email: "a@example.com" });
    await issueTwin(shopA, { name_id: nameA.uns_name_id, public_key: nameA.public_key, title: "A-only twin", quantity: 1 });
    const { key: keyA, apiKey } = await createApiKey({ shop: shopA, label: "A-only key" });
    await postForm(customerPath, shopB, { intent: "create-card", mode: "owner", name: "B card", publicKey: nameA.public_key });

    const [cardsA, cardsB, customerA, customerB, twinsA, twinsB, settingsA, settingsB] = await Promise.all([
      getPage("/app/cards", shopA),
      getPage("/app/cards", shopB),
      getPage(customerPath, shopA),
      getPage(customerPath, shopB),
      getPage("/app/twins", shopA),
      getPage("/app/twins", shopB),
      getPage("/app/settings", shopA),
      getPage("/app/settings", shopB),
    ]);
    const revokeByB = await submitFetcher("/app/settings", shopB, { intent: "revoke", id: apiKey.id });

    expect(cardsA.text).toContain(cardA);
    expect(cardsB.status).toBe(200);
    expect(cardsB.text).not.toContain(cardA);
    expect(cardsB.text).toContain("B card");
    expect(customerA.text).toContain(cardA);
    expect(customerA.text).toContain("A-only twin");
    expect(customerA.text).not.toContain("B card");
    expect(customerB.status).toBe(200);
    expect(customerB.text).toContain("Cards (1) B card");
    expect(customerB.text).not.toContain(cardA);
    expect(customerB.text).toContain("Digital twins (0)");
    expect(customerB.text).not.toContain("A-only twin");
    expect(twinsA.text).toContain("A-only twin");
    expect(twinsB.text).not.toContain("A-only twin");
    expect(settingsA.text).toContain("A-only key");
    expect(settingsB.text).not.toContain("A-only key");
    expect(revokeByB.result).toMatchObject({ intent: "revoke", ok: false });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).revokedAt).toBeNull();
    expect((await http("/v1/unit-cards", { key: keyA })).status).toBe(200);
    expect(await db.unitCard.count({ where: { shop: shopA } })).toBe(2);
  });

  it("answers 410 to a bot user agent before any auth", async () => {
    const shop = uniqueShop();
    const response = await fetch(`${baseUrl}${customerPath}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "create-card", mode: "redemption", name: "Bot", email: "x@example.com" }),
      headers: { "User-Agent": "curl/8.5.0", Authorization: `Bearer ${adminToken(shop)}` },
      redirect: "manual",
    });

    expect(response.status).toBe(410);
    expect(await rowsOf(shop)).toEqual({ cards: 0, redemptions: 0, notifications: 0 });
  });
});
