import type { z } from "zod";
import { authenticate } from "~/adapters/shopify/shopify-app.server";
import { isRequestFault } from "./request-fault.server";
import { isShopDomain } from "./shop-domain";
import { parseShopifyJson } from "./shopify-json";

/** A webhook Shopify signed, and what its headers say of the delivery. */
export interface VerifiedWebhook<T> {
  shop: string;
  payload: T;
  /** X-Shopify-Webhook-Id: one delivery (Shopify's retries of it carry it again). */
  webhookId: string;
  /** X-Shopify-Event-Id: one event, however many deliveries carry it; null when absent. */
  eventId: string | null;
  /** X-Shopify-Triggered-At: when Shopify triggered it (a retry keeps it); null when absent or unreadable. */
  triggeredAt: Date | null;
}

/**
 * Verifies a Shopify webhook and reads its payload (docs/decisions/0012 and 0059).
 * A missing or empty HMAC is a 401, as a wrong one is (Shopify requires it of the
 * compliance topics); a shop header that is not a shop domain, a body that is not
 * JSON or a missing header are a 400. The HMAC covers only the body, not the
 * headers, so the payload must have this topic's shape and, where it names the
 * shop, belong to the shop of the header (`belongsTo`): a signed body of one topic
 * (or shop) replayed with other headers is refused with a 400 instead of acting on
 * it. Order payloads name no shop: their work reads the order from that shop's
 * Admin API, where another shop's order is not found. The body is read with its
 * ids exact (parseShopifyJson), not as the library's JSON.parse rounds them.
 */
export async function verifiedWebhook<S extends z.ZodType>(
  request: Request,
  options: { topic: string; payload: S; belongsTo?: (payload: z.output<S>, shop: string) => boolean | Promise<boolean> },
): Promise<VerifiedWebhook<z.output<S>>> {
  // The library would throw InvalidShopError (a 500) on a bogus shop header, e.g. a captured body resent as `evil.com`.
  for (const header of SHOP_HEADERS) {
    if (request.headers.has(header) && !isShopDomain(request.headers.get(header))) throw badRequest(`${header} is not a shop domain`);
  }
  // The library answers 400 to these; Shopify's rule is 401 for a request whose HMAC is not valid, and none is not.
  if (!HMAC_HEADERS.some((header) => (request.headers.get(header) ?? "").trim() !== "")) throw unauthorized();
  const body = await request.clone().text();
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
  let json: unknown;
  try {
    json = parseShopifyJson(body);
  } catch {
    throw badRequest("The body is not JSON");
  }
  const parsed = options.payload.safeParse(json);
  if (!parsed.success) throw badRequest(`Not a ${options.topic} payload`);
  if (options.belongsTo && !(await options.belongsTo(parsed.data, context.shop))) throw badRequest("The payload is for another shop");
  return {
    shop: context.shop,
    payload: parsed.data,
    webhookId: context.webhookId,
    eventId: context.eventId || null,
    triggeredAt: timeOf(context.triggeredAt),
  };
}

/** Both forms Shopify sends (the library reads the second when `Shopify-Hmac-Sha256` is present). */
const SHOP_HEADERS = ["x-shopify-shop-domain", "shopify-shop-domain"];
const HMAC_HEADERS = ["x-shopify-hmac-sha256", "shopify-hmac-sha256"];

/** `customers/redact` → `CUSTOMERS_REDACT`, as the library reports topics. */
const topicKey = (topic: string) => topic.toUpperCase().replace(/[/.]/g, "_");

/** An ISO 8601 time as Shopify writes it (`2025-07-10T16:15:47.000000Z`); null for anything else. */
export function timeOf(value: string | null | undefined): Date | null {
  if (!value || !/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? null : time;
}

const badRequest = (message: string) => new Response(message, { status: 400, headers: { "Content-Type": "text/plain" } });
const unauthorized = () => new Response("Unauthorized: no HMAC", { status: 401, headers: { "Content-Type": "text/plain" } });
