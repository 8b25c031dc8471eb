import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { DEMO_CUSTOMERS, DEMO_PRODUCTS } from "../../stubs/admin-api/demo-data";
import { adminToken, baseUrl, demoUrl } from "../support/admin";
import { USER_AGENT, uniqueShop } from "../support/api";

// The demo banner's "Place a demo order": /app/demo-orders asks the Admin API stub
// to place (fulfil, cancel) an order, and the stub sends the app the signed webhook,
// which the app records. None of it exists outside demo mode.

const PATH = "/app/demo-orders";
const anna = DEMO_CUSTOMERS.find((customer) => customer.name === "Anna Schmidt")!;
const watch = DEMO_PRODUCTS.find((product) => product.title === "Meridian Automatic Watch")!;

interface Placed {
  intent: string;
  ok: true;
  order: {
    id: string;
    name: string;
    customerId: string | null;
    customerName: string | null;
    email: string | null;
    lines: { title: string; quantity: number }[];
    cancelled: boolean;
  };
  webhook: { topic: string; status: number | null };
}
interface Refused {
  intent: string;
  ok: false;
  field: string | null;
  problem: string;
  detail?: string;
}

async function post(shop: string, fields: Record<string, string>, base = demoUrl) {
  const response = await fetch(`${base}${PATH}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${adminToken(shop)}` },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as Placed | Refused,
  };
}

const recorded = (shop: string) => db.orderWebhook.findMany({ where: { shop }, orderBy: { createdAt: "asc" } });

describe("demo orders", () => {
  it("do not exist outside demo mode: 404, no order, no webhook", async () => {
    const shop = uniqueShop();
    const get = await fetch(`${baseUrl}${PATH}`, { headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${adminToken(shop)}` } });
    expect(get.status).toBe(404);
    const placed = await post(shop, { intent: "place", customerId: anna.id, productId: watch.id, quantity: "1" }, baseUrl);
    expect(placed.status).toBe(404);
    expect(await recorded(shop)).toEqual([]);
  });

  it("offer the stub's customers and products", async () => {
    const response = await fetch(`${demoUrl}${PATH}`, {
      headers: { "User-Agent": USER_AGENT, Authorization: `Bearer ${adminToken(uniqueShop())}` },
    });
    expect(response.status).toBe(200);
    const catalogue = (await response.json()) as { customers: { id: string; name: string }[]; products: { id: string; title: string }[] };
    expect(catalogue.customers).toContainEqual({ id: anna.id, name: anna.name, email: anna.email });
    expect(catalogue.products).toContainEqual({ id: watch.id, title: watch.title });
    expect(catalogue.customers).toHaveLength(DEMO_CUSTOMERS.length);
  });

  it("place an order for a customer; the app receives and records its signed orders/paid webhook", async () => {
    const shop = uniqueShop();
    const { status, body } = await post(shop, { intent: "place", customerId: anna.id, productId: watch.id, quantity: "2" });
    expect(status).toBe(200);
    const placed = body as Placed;
    expect(placed).toMatchObject({
      intent: "place",
      ok: true,
      order: {
        customerId: anna.id,
        customerName: anna.name,
        email: anna.email,
        lines: [{ title: watch.title, quantity: 2 }],
        cancelled: false,
      },
      webhook: { topic: "orders/paid", status: 200 },
    });
    expect(placed.order.name).toMatch(/^#\d{4}$/);
    expect(await recorded(shop)).toMatchObject([{ topic: "orders/paid", orderId: placed.order.id }]);
  });

  it("place a guest order with the guest's e-mail", async () => {
    const shop = uniqueShop();
    const { body } = await post(shop, {
      intent: "place",
      customerId: "guest",
      email: "walk-in@example.net",
      productId: watch.id,
      quantity: "1",
    });
    expect(body).toMatchObject({
      ok: true,
      order: { customerId: null, customerName: null, email: "walk-in@example.net" },
      webhook: { status: 200 },
    });
  });

  it("fulfil and cancel the shop's own demo order, each delivering its webhook; a second cancel is refused", async () => {
    const shop = uniqueShop();
    const placed = (await post(shop, { intent: "place", customerId: anna.id, productId: watch.id, quantity: "1" })).body as Placed;
    const fulfilled = await post(shop, { intent: "fulfil", orderId: placed.order.id });
    expect(fulfilled.body).toMatchObject({
      intent: "fulfil",
      ok: true,
      order: { name: placed.order.name },
      webhook: { topic: "fulfillments/create", status: 200 },
    });
    const cancelled = await post(shop, { intent: "cancel", orderId: placed.order.id });
    expect(cancelled.body).toMatchObject({
      intent: "cancel",
      ok: true,
      order: { cancelled: true },
      webhook: { topic: "orders/cancelled", status: 200 },
    });
    expect((await recorded(shop)).map((row) => row.topic)).toEqual(["orders/paid", "fulfillments/create", "orders/cancelled"]);

    const again = await post(shop, { intent: "cancel", orderId: placed.order.id });
    expect(again.body).toMatchObject({ ok: false, problem: "refused", detail: `Order ${placed.order.name} is cancelled` });
    expect(await recorded(shop)).toHaveLength(3);
  });

  it("do not touch another shop's demo order", async () => {
    const placed = (await post(uniqueShop(), { intent: "place", customerId: anna.id, productId: watch.id, quantity: "1" })).body as Placed;
    const intruder = uniqueShop();
    expect((await post(intruder, { intent: "cancel", orderId: placed.order.id })).body).toMatchObject({ ok: false, problem: "notFound" });
    expect((await post(intruder, { intent: "fulfil", orderId: "12345" })).body).toMatchObject({ ok: false, problem: "notFound" });
    expect(await recorded(intruder)).toEqual([]);
  });

  it.each([
    [{ customerId: anna.id, productId: watch.id, quantity: "0" }, "quantity"],
    [{ customerId: anna.id, productId: watch.id, quantity: "1.5" }, "quantity"],
    [{ customerId: anna.id, productId: watch.id, quantity: "" }, "quantity"],
    [{ customerId: anna.id, productId: "the watch", quantity: "1" }, "productId"],
    [{ customerId: "anna", productId: watch.id, quantity: "1" }, "customerId"],
    [{ customerId: "guest", email: "not an e-mail", productId: watch.id, quantity: "1" }, "email"],
  ])("refuse %j at the %s field, placing nothing", async (fields, field) => {
    const shop = uniqueShop();
    const { status, body } = await post(shop, { intent: "place", ...fields });
    expect(status).toBe(200);
    expect(body).toEqual({ intent: "place", ok: false, field, problem: "invalid" });
    expect(await recorded(shop)).toEqual([]);
  });

  it("refuse an unknown intent with a 400", async () => {
    const { status, body } = await post(uniqueShop(), { intent: "refund" });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "intent must be place, fulfil or cancel" });
  });
});
