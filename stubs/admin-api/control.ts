// The stub's own control endpoints (JSON, under /_stub/; Shopify has none of
// them): place, fulfil, cancel and refund orders — each sends the app the
// webhook Shopify would — point the webhooks at the app, and those of
// webhook-control.ts (uninstall, compliance topics, late, repeated and duplicate deliveries).
import { z } from "zod";
import { DEMO_COLLECTIONS, DEMO_CUSTOMERS, DEMO_PRODUCTS } from "./demo-data";
import { OrderBookError, type OrderBook, type StubOrder } from "./order-book";
import { fulfillmentPayload, orderPayload, refundPayload } from "./order-payloads";
import type { Delivery, WebhookSender } from "./webhook-sender";
import { handleWebhookControl } from "./webhook-control";
import { shopSettingsInput, type createShopSettings } from "./shop-settings";

const numericId = z
  .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,18}$/, "Must be a numeric id")])
  .transform(String);
const quantity = z.number().int().min(1).max(1000);
const headerStyle = z.enum(["x-shopify", "shopify"]).optional();
const lineQuantities = z.array(z.object({ id: numericId, quantity })).min(1);
/** true: change the order book and send no webhook (what happened before the app was installed). */
const silent = z.boolean().optional();

const placeOrder = z.object({
  shop: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, "Must be a myshopify.com domain"),
  customerId: numericId.nullable(),
  email: z.email().nullable().optional(),
  phone: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 phone number")
    .nullable()
    .optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "Must be a locale such as fr or en-GB")
    .nullable()
    .optional(),
  lines: z
    .array(z.object({ productId: numericId, variantId: numericId.optional(), quantity }))
    .min(1)
    .max(50),
  /** A past order: paid at this time (ISO, not in the future). */
  processedAt: z.iso
    .datetime()
    .refine((value) => Date.parse(value) <= Date.now(), "Must not be in the future")
    .optional(),
  headerStyle,
  silent,
  /** That many identical orders at once (a shop's history for a bulk operation): silent only. */
  copies: z.number().int().min(1).max(20_000).optional(),
});
const fulfil = z.object({ lines: lineQuantities.optional(), headerStyle });
const cancel = z.object({ headerStyle, silent });
const refund = z.object({ lines: lineQuantities, headerStyle, silent });
const webhookTarget = z.object({ appUrl: z.url(), apiSecret: z.string().min(1), headerStyle });

export interface ControlResult {
  status: number;
  body: unknown;
}

const refused = (status: number, error: string, field: string | null = null): ControlResult => ({ status, body: { error, field } });

function parse<S extends z.ZodType>(schema: S, body: string): z.output<S> {
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : {};
  } catch {
    throw new OrderBookError(400, null, "The body is not JSON");
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join(".") || null;
  throw new OrderBookError(400, field, field ? `${field}: ${issue.message}` : issue.message);
}

/** An order as the control endpoints show it. */
function orderView(order: StubOrder) {
  return {
    id: order.id,
    shop: order.shop,
    name: order.name,
    customerId: order.customer?.id ?? null,
    email: order.email,
    phone: order.phone,
    currency: order.currency,
    createdAt: order.createdAt,
    processedAt: order.processedAt,
    cancelledAt: order.cancelledAt,
    lines: order.lines.map((line) => ({
      id: line.id,
      productId: line.product.id,
      variantId: line.product.variantId,
      title: line.product.title,
      quantity: line.quantity,
      currentQuantity: line.currentQuantity,
      fulfilledQuantity: line.fulfilledQuantity,
      price: line.unitPrice.amount,
    })),
  };
}

/** Handles a /_stub/ request; null when no control endpoint has this path. */
export async function handleControl(
  method: string,
  path: string,
  body: string,
  { orders, webhooks, shops }: { orders: OrderBook; webhooks: WebhookSender; shops: ReturnType<typeof createShopSettings> },
): Promise<ControlResult | null> {
  const answer = (order: StubOrder, webhook: Delivery | null) => ({ status: 200, body: { order: orderView(order), webhook } });
  /** Sends the webhook, unless the change was asked for silently (the answer's webhook is then null). */
  const send = (quiet: boolean | undefined, ...args: Parameters<WebhookSender["send"]>) => (quiet ? null : webhooks.send(...args));
  const orderAction = /^\/_stub\/orders\/(\d+)\/(fulfillments|cancel|refunds)$/.exec(path);
  try {
    if (method === "GET" && path === "/_stub/catalogue") {
      return {
        status: 200,
        body: {
          customers: DEMO_CUSTOMERS.map(({ id, name, email, phone, currency }) => ({ id, name, email, phone, currency })),
          products: DEMO_PRODUCTS.map(({ id, variantId, title, prices }) => ({ id, variantId, title, prices })),
          collections: DEMO_COLLECTIONS.map(({ id, gid, title }) => ({ id, gid, title })),
        },
      };
    }
    if (method === "POST" && path === "/_stub/webhook-target") {
      const target = parse(webhookTarget, body);
      webhooks.setTarget(target);
      return { status: 200, body: { appUrl: target.appUrl, headerStyle: target.headerStyle ?? "x-shopify" } };
    }
    const shopPath = /^\/_stub\/shops\/([a-z0-9][a-z0-9-]*\.myshopify\.com)$/.exec(path);
    if (method === "PUT" && shopPath) return { status: 200, body: { shop: shops.set(shopPath[1]!, parse(shopSettingsInput, body)) } };
    if (method === "POST" && path === "/_stub/orders") {
      const { headerStyle: style, silent: quiet, copies = 1, ...input } = parse(placeOrder, body);
      if (copies > 1 && !quiet) throw new OrderBookError(400, "copies", "copies: Only silent orders are placed by the thousand");
      for (let copy = 1; copy < copies; copy++) orders.place(input);
      const order = orders.place(input);
      return answer(order, await send(quiet, order.shop, "orders/paid", orderPayload(order), style));
    }
    const order = /^\/_stub\/orders\/(\d+)$/.exec(path);
    if (method === "GET" && order) return { status: 200, body: { order: orderView(orders.find(order[1]!)) } };
    if (method === "POST" && orderAction) {
      const [, id = "", action] = orderAction;
      if (action === "fulfillments") {
        const { lines, headerStyle: style } = parse(fulfil, body);
        const done = orders.fulfil(id, lines);
        return answer(
          done.order,
          await webhooks.send(
            done.order.shop,
            "fulfillments/create",
            fulfillmentPayload(done.order, done.fulfillmentId, done.lines),
            style,
          ),
        );
      }
      if (action === "cancel") {
        const { headerStyle: style, silent: quiet } = parse(cancel, body);
        const cancelled = orders.cancel(id);
        return answer(cancelled, await send(quiet, cancelled.shop, "orders/cancelled", orderPayload(cancelled), style));
      }
      const { lines, headerStyle: style, silent: quiet } = parse(refund, body);
      const done = orders.refund(id, lines);
      return answer(
        done.order,
        await send(quiet, done.order.shop, "refunds/create", refundPayload(done.order, done.refundId, done.lines), style),
      );
    }
    const handled = await handleWebhookControl(method, path, body, parse, { webhooks, shops, orders });
    if (handled) return handled;
  } catch (error) {
    if (error instanceof OrderBookError) return refused(error.status, error.message, error.field);
    throw error;
  }
  return null;
}
