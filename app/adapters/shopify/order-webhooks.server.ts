import type { z } from "zod";
import { recordOrderWebhook } from "~/domain/order-issuing.server";
import type { OrderTopic, OrderWebhookDetail } from "~/domain/orders";
import { fulfillmentPayload, orderPayload, refundPayload, verifiedWebhook } from "./webhooks.server";

type OrderPayload = z.ZodType<{ orderId: string; detail: OrderWebhookDetail }, unknown>;

const PAYLOADS: Record<OrderTopic, OrderPayload> = {
  "orders/paid": orderPayload,
  "orders/cancelled": orderPayload,
  "fulfillments/create": fulfillmentPayload,
  "refunds/create": refundPayload,
};

/**
 * An order webhook: verified, recorded once per webhook id, and answered at
 * once (Shopify waits 5 s at most); the order worker does the work
 * (docs/decisions/0029-issue-at-purchase.md). A redelivery is answered 200 and adds nothing.
 */
export async function receiveOrderWebhook(request: Request, topic: OrderTopic): Promise<Response> {
  const { shop, payload, webhookId } = await verifiedWebhook(request, { topic, payload: PAYLOADS[topic] });
  await recordOrderWebhook(shop, { webhookId, topic, orderId: payload.orderId, detail: payload.detail });
  return new Response();
}
