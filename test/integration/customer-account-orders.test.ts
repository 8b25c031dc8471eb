import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { registerName } from "~/domain/names.server";
import type { CustomerOrderIssues } from "~/domain/customer-order-issues.server";
import { uniqueShop } from "../support/api";
import { uniqueCustomerId } from "../support/app-proxy";
import { accountFetch, accountToken } from "../support/customer-account";
import { walletKey } from "../support/fixtures";
import { issuedOrder } from "../support/order-issues";

// GET /customer-account/orders/<id>: what an order issued, for the order-status block
// of the customer account extension, to that order's customer only.

const expectCors = (response: Response) => expect(response.headers.get("access-control-allow-origin")).toBe("*");

async function orderIssues(shop: string, customerId: string, orderId: string): Promise<{ raw: string; data: CustomerOrderIssues }> {
  const response = await accountFetch(`/orders/${orderId}`, { token: accountToken(shop, customerId) });
  expect(response.status).toBe(200);
  expectCors(response);
  const raw = await response.text();
  return { raw, data: (JSON.parse(raw) as { data: CustomerOrderIssues }).data };
}

/** A customer with a universal name, and an order of theirs that issued a twin and a card to it. */
async function customerWithIssuedOrder() {
  const shop = uniqueShop();
  const customerId = uniqueCustomerId();
  const name = await registerName(shop, {
    name: `alex-${randomUUID().slice(0, 8)}`,
    publicKey: walletKey(),
    owner: `shopify|${customerId}`,
  });
  return { shop, customerId, name, ...(await issuedOrder(shop, customerId)) };
}

describe("GET /customer-account/orders/<id>", () => {
  it("lists the twin and card the order issued to the customer's universal name, public data only", async () => {
    const { shop, customerId, name, orderId, productTitle, secret } = await customerWithIssuedOrder();

    const { raw, data } = await orderIssues(shop, customerId, orderId);

    expect(raw).not.toContain(secret.key);
    expect(raw).not.toContain(secret.value);
    expect(raw).not.toContain(`shopify|${customerId}`);
    expect(raw).not.toContain("alex.morgan@example.com");
    expect(data.items).toHaveLength(1);
    const [item] = data.items;
    expect(item).toMatchObject({ productTitle, quantity: 2, status: "ISSUED" });
    expect(item!.twin).toMatchObject({
      title: productTitle,
      brand: "Nordlys Studio",
      quantity: 2,
      price: 24.9,
      currency: "EUR",
      uns_name: name.uns_name,
    });
    expect(item!.cards).toEqual([expect.objectContaining({ name: "Certificate of authenticity", status: "OWNED" })]);
    expect(item!.cards[0]!.metadata).toEqual([{ key: "edition", value: "First", metaType: "NO_TYPE" }]);
  });

  it("shows a customer without a universal name the cards waiting for the code sent to them", async () => {
    const shop = uniqueShop();
    const customerId = uniqueCustomerId();
    const { orderId, productTitle, secret } = await issuedOrder(shop, customerId);

    const { raw, data } = await orderIssues(shop, customerId, orderId);

    expect(raw).not.toContain(secret.value);
    expect(data.items).toEqual([
      expect.objectContaining({
        productTitle,
        status: "WAITING",
        twin: null,
        // The twin waits as a claim card describing it, with the rule's card.
        cards: [
          expect.objectContaining({ name: productTitle, status: "PENDING_REDEMPTION" }),
          expect.objectContaining({ name: "Certificate of authenticity", status: "PENDING_REDEMPTION" }),
        ],
      }),
    ]);
  });

  it("shows another customer of the shop nothing of the order, and the same customer id in another shop nothing", async () => {
    const { shop, customerId, orderId, productTitle } = await customerWithIssuedOrder();

    const otherCustomer = await orderIssues(shop, uniqueCustomerId(), orderId);
    const otherShop = await orderIssues(uniqueShop(), customerId, orderId);

    for (const { raw, data } of [otherCustomer, otherShop]) {
      expect(data).toEqual({ items: [] });
      expect(raw).not.toContain(productTitle);
    }
  });

  it("answers an order that issued nothing with an empty list", async () => {
    const { data } = await orderIssues(uniqueShop(), uniqueCustomerId(), "5550001234");

    expect(data).toEqual({ items: [] });
  });

  it("answers an id that is not a Shopify order number with a readable 404", async () => {
    const { shop, customerId } = await customerWithIssuedOrder();

    const response = await accountFetch(`/orders/${encodeURIComponent("gid://shopify/Order/1")}`, {
      token: accountToken(shop, customerId),
    });

    expect(response.status).toBe(404);
    expectCors(response);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it.each([
    ["no token", () => undefined],
    ["an expired token", (shop: string, customerId: string) => accountToken(shop, customerId, { expiredSecondsAgo: 60 })],
    [
      "a token whose dest is not a shop",
      (shop: string, customerId: string) => accountToken(shop, customerId, { claims: { dest: "evil.example.com" } }),
    ],
    [
      "a token signed with another secret",
      (shop: string, customerId: string) => accountToken(shop, customerId, { apiSecret: "not-the-app-secret" }),
    ],
  ])("refuses %s with a readable 401 that shows nothing of the order", async (_, makeToken) => {
    const { shop, customerId, orderId, productTitle } = await customerWithIssuedOrder();

    const response = await accountFetch(`/orders/${orderId}`, { token: makeToken(shop, customerId) });

    expect(response.status).toBe(401);
    expectCors(response);
    const raw = await response.text();
    expect(raw).not.toContain(productTitle);
    expect((JSON.parse(raw) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
  });

  it("answers the CORS preflight without a token", async () => {
    const response = await accountFetch("/orders/5550001234", {
      method: "OPTIONS",
      headers: { "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
    });

    expect(response.status).toBe(204);
    expectCors(response);
  });
});
