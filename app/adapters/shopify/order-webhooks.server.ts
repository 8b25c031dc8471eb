import type { z } from "zod";
import { recordOrderWebhook } from "~/domain/order-issuing.server";
import type { OrderTopic, OrderWebhookDetail } from "~/domain/orders";
import { fulfillmentPayload, orderPayload, refundPayload } from "./webhook-payloads";
import { verifiedWebhook } from "./webhooks.server";

type OrderPayload = z.ZodType<{ orderId: string; detail: OrderWebhookDetail }, unknown>;

const PAYLOADS: Record<OrderTopic, OrderPayload> = {
  "orders/paid": orderPayload,
  "orders/cancelled": orderPayload,
  "fulfillments/create": fulfillmentPayload,
  "refunds/create": refundPayload,
};

/**
 * An order webhook: verified, recorded once per event (X-Shopify-Event-Id, and per
 * webhook id), and answered at once (Shopify waits 5 s at most); the order worker
 * does the work (docs/decisions/0029 and 0059). A redelivery or a duplicate is answered 200 and adds nothing.
 */
export async function receiveOrderWebhook(request: Request, topic: OrderTopic): Promise<Response> {
  const { shop, payload, webhookId, eventId } = await verifiedWebhook(request, { topic, payload: PAYLOADS[topic] });
  await recordOrderWebhook(shop, { webhookId, eventId, topic, orderId: payload.orderId, detail: payload.detail });
  return new Response();
}
