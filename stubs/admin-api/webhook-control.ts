// The stub's control endpoints for webhooks themselves (JSON, under /_stub/;
// Shopify has none of them, docs/admin-api-stub.md): trigger a shop's uninstall
// and the compliance topics, hold a topic's next webhooks back to deliver them
// late, deliver one again (Shopify's retry) or as a second delivery of the same
// event (a duplicate), and list what was triggered.
import { z } from "zod";
import { DEMO_CUSTOMERS } from "./demo-data";
import type { OrderBook } from "./order-book";
import type { createShopSettings } from "./shop-settings";
import { appUninstalledPayload, customerRedactPayload, dataRequestPayload, shopRedactPayload } from "./shop-payloads";
import type { WebhookSender } from "./webhook-sender";

const SHOP = "[a-z0-9][a-z0-9-]*\\.myshopify\\.com";
const headerStyle = z.enum(["x-shopify", "shopify"]).optional();
const hold = z.object({
  shop: z.string().regex(new RegExp(`^${SHOP}$`), "Must be a myshopify.com domain"),
  topic: z.string().regex(/^[a-z_]+\/[a-z_]+$/, "Must be a webhook topic such as refunds/create"),
  count: z.number().int().min(1).max(100).optional(),
});
const redeliver = z.object({ headerStyle, newWebhookId: z.boolean().optional() });
const trigger = z.object({ headerStyle });

export interface WebhookControlContext {
  webhooks: WebhookSender;
  shops: ReturnType<typeof createShopSettings>;
  orders: OrderBook;
}

type Parse = <S extends z.ZodType>(schema: S, body: string) => z.output<S>;

let nextDataRequest = 9_000;

/** Handles a webhook control request; null when no endpoint here has this method and path. */
export async function handleWebhookControl(
  method: string,
  path: string,
  body: string,
  parse: Parse,
  { webhooks, shops, orders }: WebhookControlContext,
): Promise<{ status: number; body: unknown } | null> {
  if (method === "POST" && path === "/_stub/webhooks/hold") {
    const { shop, topic, count = 1 } = parse(hold, body);
    webhooks.hold(shop, topic, count);
    return { status: 200, body: { shop, topic, held: count } };
  }
  const redelivery = /^\/_stub\/webhooks\/([\w-]+)\/redeliver$/.exec(path);
  if (method === "POST" && redelivery) {
    const { headerStyle: style, newWebhookId } = parse(redeliver, body);
    const webhook = await webhooks.redeliver(redelivery[1]!, { style, newWebhookId });
    return webhook ? { status: 200, body: { webhook } } : { status: 404, body: { error: `No webhook ${redelivery[1]}`, field: null } };
  }
  const listed = new RegExp(`^/_stub/shops/(${SHOP})/webhooks$`).exec(path);
  if (method === "GET" && listed) return { status: 200, body: { webhooks: webhooks.list(listed[1]!) } };

  const shopAction = new RegExp(`^/_stub/shops/(${SHOP})/(uninstall|redact)$`).exec(path);
  if (method === "POST" && shopAction) {
    const [, shop = "", action] = shopAction;
    const { headerStyle: style } = parse(trigger, body);
    const settings = shops.get(shop);
    const webhook =
      action === "uninstall"
        ? await webhooks.send(shop, "app/uninstalled", appUninstalledPayload(shop, settings), style)
        : await webhooks.send(shop, "shop/redact", shopRedactPayload(shop, settings), style);
    return { status: 200, body: { webhook } };
  }
  const customerAction = new RegExp(`^/_stub/shops/(${SHOP})/customers/(\\d+)/(data-request|redact)$`).exec(path);
  if (method === "POST" && customerAction) {
    const [, shop = "", customerId, action] = customerAction;
    const { headerStyle: style } = parse(trigger, body);
    const customer = DEMO_CUSTOMERS.find((candidate) => candidate.id === customerId);
    if (!customer) return { status: 404, body: { error: `No customer ${customerId}`, field: null } };
    const settings = shops.get(shop);
    const orderIds = orders.ofCustomer(shop, customer.id).map((order) => order.id);
    const webhook =
      action === "data-request"
        ? await webhooks.send(
            shop,
            "customers/data_request",
            dataRequestPayload(shop, settings, customer, orderIds, nextDataRequest++),
            style,
          )
        : await webhooks.send(shop, "customers/redact", customerRedactPayload(shop, settings, customer, orderIds), style);
    return { status: 200, body: { webhook } };
  }
  return null;
}
