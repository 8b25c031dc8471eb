import { z } from "zod";
import { CUSTOMER_ID } from "~/domain/owners";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { isRequestFault } from "./request-fault.server";
import { isShopDomain } from "./shop-domain";

/**
 * Verifies a Shopify webhook and reads its payload. A shop header that is not
 * a shop domain is a 400 here; `authenticate.webhook` answers 400 to a missing
 * body, HMAC or header and 401 to a wrong HMAC; those Responses propagate. The
 * HMAC covers only the body, not the headers, so the shop is checked against
 * the signed payload (`shopOf`) and the payload must have this topic's shape: a
 * signed body of one topic (or shop) replayed with other headers is refused
 * with a 400 instead of acting on it. Order payloads name no shop: their work
 * reads the order from that shop's Admin API, where another shop's order is not found.
 */
export async function verifiedWebhook<S extends z.ZodType>(
  request: Request,
  options: { topic: string; payload: S; shopOf?: (payload: z.output<S>) => string },
): Promise<{ shop: string; payload: z.output<S>; webhookId: string }> {
  // The library would throw InvalidShopError (a 500) on a bogus shop header, e.g. a captured body resent as `evil.com`.
  for (const header of SHOP_HEADERS) {
    if (request.headers.has(header) && !isShopDomain(request.headers.get(header))) throw badRequest(`${header} is not a shop domain`);
  }
  let context: Awaited<ReturnType<typeof authenticate.webhook>>;
  try {
    context = await authenticate.webhook(request);
  } catch (error) {
    // A correctly signed body that is not JSON: the library's JSON.parse throws.
    if (error instanceof SyntaxError) throw badRequest("The body is not JSON");
    if (isRequestFault(error)) throw badRequest("Invalid webhook headers");
    throw error;
  }
  if (context.topic !== topicKey(options.topic)) throw badRequest(`Expected the ${options.topic} topic`);
  const parsed = options.payload.safeParse(context.payload);
  if (!parsed.success) throw badRequest(`Not a ${options.topic} payload`);
  if (options.shopOf && options.shopOf(parsed.data) !== context.shop) throw badRequest("The payload is for another shop");
  return { shop: context.shop, payload: parsed.data, webhookId: context.webhookId };
}

/** Both forms Shopify sends (the library reads the second when `Shopify-Hmac-Sha256` is present). */
const SHOP_HEADERS = ["x-shopify-shop-domain", "shopify-shop-domain"];

/** `customers/redact` → `CUSTOMERS_REDACT`, as the library reports topics. */
const topicKey = (topic: string) => topic.toUpperCase().replace(/[/.]/g, "_");

const badRequest = (message: string) => new Response(message, { status: 400, headers: { "Content-Type": "text/plain" } });

/** Shopify customer ids are integers; JSON may carry them as numbers or strings. */
const customerId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(CUSTOMER_ID)]).transform(String);

const customer = z.object({ id: customerId, email: z.string().nullish(), phone: z.string().nullish() });

export const customersDataRequestPayload = z.object({
  shop_domain: z.string(),
  customer,
  orders_requested: z.array(z.unknown()),
  data_request: z.object({ id: z.union([z.number(), z.string()]).transform(String) }),
});

export const customersRedactPayload = z.object({
  shop_domain: z.string(),
  customer,
  orders_to_redact: z.array(z.unknown()),
});

// The customers/* payloads carry shop_id and shop_domain too: never take one of them for a shop/redact.
export const shopRedactPayload = z
  .looseObject({ shop_id: z.union([z.number(), z.string()]), shop_domain: z.string() })
  .refine((payload) => !("customer" in payload), "A customer payload is not a shop/redact payload");

/** app/uninstalled carries the Shop resource. */
export const appUninstalledPayload = z.object({ myshopify_domain: z.string() });

/** Shopify's REST ids: integers, in JSON as numbers or strings. */
const restId = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,19}$/)]).transform(String);
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

/** refunds/create carries the Refund: its order and the units refunded. */
export const refundPayload = z
  .looseObject({ id: restId, order_id: restId, refund_line_items: z.array(refundedLine) })
  .transform((refund) => ({
    orderId: refund.order_id,
    detail: { id: refund.id, lines: refund.refund_line_items.map((line) => ({ id: line.line_item_id, quantity: line.quantity })) },
  }));
