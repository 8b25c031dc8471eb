import { z } from "zod";
import { serverConfig } from "~/wiring/config.server";

// The demo has no store to buy from: "Place a demo order" (the admin's demo
// banner) asks the local Admin API stub (stubs/admin-api/control.ts) to place,
// fulfil or cancel an order, and the stub sends the app the signed webhook
// Shopify would — so a merchant sees an issuing rule fire end to end.

export interface DemoCatalogue {
  customers: { id: string; name: string; email: string }[];
  products: { id: string; title: string }[];
}

export interface DemoOrder {
  id: string;
  name: string;
  customerId: string | null;
  customerName: string | null;
  email: string | null;
  lines: { title: string; quantity: number }[];
  cancelled: boolean;
}

/** What each intent answers; `field` names the form field at fault, `problem` what the page says about it. */
export type DemoOrderResult =
  | { intent: DemoOrderIntent; ok: true; order: DemoOrder; webhook: { topic: string; status: number | null; error?: string } }
  | {
      intent: DemoOrderIntent;
      ok: false;
      field: "customerId" | "email" | "productId" | "quantity" | null;
      problem: DemoOrderProblem;
      detail?: string;
    };

type DemoOrderIntent = "place" | "fulfil" | "cancel";
type DemoOrderProblem = "invalid" | "notFound" | "refused";

const GUEST = "guest";

const placeForm = z.object({
  customerId: z.union([z.literal(GUEST), z.string().regex(/^\d{1,16}$/)]),
  email: z.union([z.literal("").transform(() => null), z.email()]).optional(),
  productId: z.string().regex(/^\d{1,16}$/),
  quantity: z.coerce.number().int().min(1).max(100),
});
const orderForm = z.object({ orderId: z.string().regex(/^\d{1,16}$/) });

interface StubOrder {
  id: string;
  shop: string;
  name: string;
  customerId: string | null;
  email: string | null;
  cancelledAt: string | null;
  lines: { title: string; currentQuantity: number }[];
}
type StubAnswer =
  { order: StubOrder; webhook: { topic: string; status: number | null; error?: string } } | { error: string; field: string | null };

function stubUrl(): string {
  const url = serverConfig().SHOPIFY_ADMIN_API_STUB_URL;
  if (!url) throw new Response("The demo runs without the Admin API stub", { status: 503 });
  return url.replace(/\/$/, "");
}

async function callStub<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stubUrl()}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The stub's customers and products, for the form's choices. */
export async function demoCatalogue(): Promise<DemoCatalogue> {
  const { body } = await callStub<DemoCatalogue>("/_stub/catalogue");
  return {
    customers: body.customers.map(({ id, name, email }) => ({ id, name, email })),
    products: body.products.map(({ id, title }) => ({ id, title })),
  };
}

async function toResult(intent: DemoOrderIntent, answer: { status: number; body: StubAnswer }): Promise<DemoOrderResult> {
  if ("error" in answer.body) {
    return { intent, ok: false, field: null, problem: answer.status === 404 ? "notFound" : "refused", detail: answer.body.error };
  }
  const { order, webhook } = answer.body;
  const catalogue = order.customerId ? await demoCatalogue() : null;
  return {
    intent,
    ok: true,
    order: {
      id: order.id,
      name: order.name,
      customerId: order.customerId,
      customerName: catalogue?.customers.find((customer) => customer.id === order.customerId)?.name ?? null,
      email: order.email,
      lines: order.lines.map((line) => ({ title: line.title, quantity: line.currentQuantity })),
      cancelled: order.cancelledAt !== null,
    },
    webhook: { topic: webhook.topic, status: webhook.status, ...(webhook.error ? { error: webhook.error } : {}) },
  };
}

/** Places an order in the shop for a demo customer (or a guest) and one product. */
export async function placeDemoOrder(shop: string, form: FormData): Promise<DemoOrderResult> {
  const parsed = placeForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]!.path[0]) as "customerId" | "email" | "productId" | "quantity";
    return { intent: "place", ok: false, field, problem: "invalid" };
  }
  const { customerId, email, productId, quantity } = parsed.data;
  const guest = customerId === GUEST;
  return toResult(
    "place",
    await callStub<StubAnswer>("/_stub/orders", {
      shop,
      customerId: guest ? null : customerId,
      ...(guest ? { email: email ?? null } : {}),
      lines: [{ productId, quantity }],
    }),
  );
}

/** Fulfils everything left on, or cancels, one of the shop's stub orders; another shop's is not found. */
export async function changeDemoOrder(shop: string, intent: "fulfil" | "cancel", form: FormData): Promise<DemoOrderResult> {
  const parsed = orderForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { intent, ok: false, field: null, problem: "notFound" };
  const { orderId } = parsed.data;
  const current = await callStub<{ order: StubOrder } | { error: string }>(`/_stub/orders/${orderId}`);
  if (!("order" in current.body) || current.body.order.shop !== shop) return { intent, ok: false, field: null, problem: "notFound" };
  const path = intent === "fulfil" ? `/_stub/orders/${orderId}/fulfillments` : `/_stub/orders/${orderId}/cancel`;
  return toResult(intent, await callStub<StubAnswer>(path, {}));
}
