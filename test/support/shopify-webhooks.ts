import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { http } from "./api";

// The test servers' SHOPIFY_API_SECRET: Shopify signs webhooks with the app's secret.
import { API_SECRET } from "./admin";

export { API_SECRET };

export interface ShopifyDelivery {
  shop: string;
  payload: unknown;
  /** The HMAC header; `null` leaves it out. Defaults to a correct signature. */
  hmac?: string | null;
  /** Defaults to a new one; the same id again is a redelivery. */
  webhookId?: string;
  /** Shopify's header names: `X-Shopify-*` (default) or the newer `Shopify-*`. */
  headerStyle?: "x-shopify" | "shopify";
  /** The topic header when it differs from the route's topic. */
  topicHeader?: string;
}

/** POSTs a webhook to the shared test server as Shopify sends it; resolves with the status. */
export async function deliverShopifyWebhook(
  topic: string,
  { shop, payload, hmac, webhookId = randomUUID(), headerStyle = "x-shopify", topicHeader = topic }: ShopifyDelivery,
) {
  const body = JSON.stringify(payload);
  const prefix = headerStyle === "x-shopify" ? "X-Shopify-" : "Shopify-";
  const headers = new Headers({ "Content-Type": "application/json" });
  const named = {
    Topic: topicHeader,
    "Shop-Domain": shop,
    "Webhook-Id": webhookId,
    "API-Version": "2026-07",
    "Event-Id": randomUUID(),
    "Triggered-At": new Date().toISOString(),
  };
  for (const [name, value] of Object.entries(named)) headers.set(`${prefix}${name}`, value);
  const signature = hmac === undefined ? getHmac(body, API_SECRET) : hmac;
  if (signature !== null) headers.set(`${prefix}Hmac-Sha256`, signature);
  const response = await http(`/webhooks/${topic}`, { method: "POST", body, headers });
  await response.arrayBuffer();
  return response.status;
}

/** A signature of the right shape made with another secret. */
export const forgedHmac = (payload: unknown) => getHmac(JSON.stringify(payload), "not-the-api-secret");
