import { z } from "zod";
import { CUSTOMER_ID } from "~/domain/owners";

/*
 * What the app reads of each webhook payload, and only that: fields Shopify's
 * samples for API 2026-07 carry (test/support/shopify-examples/). Every other
 * field, present, absent or new, is ignored. Ids are Shopify's integers, read
 * by parseShopifyJson: numbers up to 2^53, the exact digits above; both end as strings.
 */

/** A Shopify REST id: a positive integer, as a number or as the digits of one too big for a number. */
const restId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,19}$/)]).transform(String);

/** Shopify customer ids are integers; JSON may carry them as numbers or strings. */
const customerId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(CUSTOMER_ID)]).transform(String);

const customer = z.object({ id: customerId, email: z.string().nullish(), phone: z.string().nullish() });

export const customersDataRequestPayload = z.object({
  shop_domain: z.string(),
  customer,
  data_request: z.object({ id: z.union([restId, z.string().min(1).max(64)]) }),
});

// The HMAC signs the body, not the topic header: `orders_to_redact` (every redaction has it, a data request never)
// keeps a signed data request replayed to the redaction route from erasing anything (decision 0012).
export const customersRedactPayload = z.object({ shop_domain: z.string(), customer, orders_to_redact: z.array(z.unknown()) });

// The customers/* payloads carry shop_id and shop_domain too: never take one of them for a shop/redact.
export const shopRedactPayload = z
  .looseObject({ shop_domain: z.string() })
  .refine((payload) => !("customer" in payload), "A customer payload is not a shop/redact payload");

/** app/uninstalled carries the Shop resource; Shopify may leave its domains null (its own sample does). */
export const appUninstalledPayload = z.object({ id: restId.nullish(), myshopify_domain: z.string().nullish() });

const units = z.number().int().min(0);
const fulfilledLine = z.looseObject({ id: restId, quantity: units });
const refundedLine = z.looseObject({ line_item_id: restId, quantity: units });

/** orders/paid and orders/cancelled carry the Order resource: only its id is used (the order is read from the Admin API). */
export const orderPayload = z.looseObject({ id: restId }).transform((order) => ({ orderId: order.id, detail: {} }));

/** fulfillments/create carries the Fulfillment: its order and the units it fulfilled. */
export const fulfillmentPayload = z
  .looseObject({ id: restId, order_id: restId, line_items: z.array(fulfilledLine) })
  .transform((fulfillment) => ({
    orderId: fulfillment.order_id,
    detail: { id: fulfillment.id, lines: fulfillment.line_items.map((line) => ({ id: line.id, quantity: line.quantity })) },
  }));

/** refunds/create carries the Refund: its order and the units refunded (none for a refund of money only, e.g. shipping). */
export const refundPayload = z
  .looseObject({ id: restId, order_id: restId, refund_line_items: z.array(refundedLine).default([]) })
  .transform((refund) => ({
    orderId: refund.order_id,
    detail: { id: refund.id, lines: refund.refund_line_items.map((line) => ({ id: line.line_item_id, quantity: line.quantity })) },
  }));

/** app_subscriptions/update carries the AppSubscription (its gid, plan name, status and times). */
export const subscriptionPayload = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/AppSubscription\/\d+$/),
    name: z.string(),
    status: z.string(),
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
  }),
});
