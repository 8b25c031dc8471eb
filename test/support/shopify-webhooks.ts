import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { http } from "./api";

// The test servers' SHOPIFY_API_SECRET: Shopify signs webhooks with the app's secret.
import { API_SECRET } from "./admin";

export { API_SECRET };

export interface ShopifyDelivery {
  shop: string;
  /** Sent as JSON.stringify makes it; `body` instead sends that text as it is (e.g. ids above 2^53). */
  payload?: unknown;
  body?: string;
  /** The HMAC header; `null` leaves it out. Defaults to a correct signature. */
  hmac?: string | null;
  /** Defaults to a new one; the same id again is a redelivery. */
  webhookId?: string;
  /** Defaults to a new one; the same event under a new webhook id is Shopify's duplicate delivery. */
  eventId?: string;
  /** When Shopify triggered it (ISO 8601); defaults to now. A late delivery keeps its trigger time. */
  triggeredAt?: string;
  /** Shopify's header names: `X-Shopify-*` (default) or the newer `Shopify-*`. */
  headerStyle?: "x-shopify" | "shopify";
  /** The topic header when it differs from the route's topic. */
  topicHeader?: string;
  /** Another server than the shared one. */
  base?: string;
}

/** POSTs a webhook to the shared test server as Shopify sends it, with every header Shopify documents; resolves with the status. */
export async function deliverShopifyWebhook(
  topic: string,
  {
    shop,
    payload,
    body = JSON.stringify(payload),
    hmac,
    webhookId = randomUUID(),
    eventId = randomUUID(),
    triggeredAt = new Date().toISOString(),
    headerStyle = "x-shopify",
    topicHeader = topic,
    base,
  }: ShopifyDelivery,
) {
  const prefix = headerStyle === "x-shopify" ? "X-Shopify-" : "Shopify-";
  const headers = new Headers({ "Content-Type": "application/json" });
  const named = {
    Topic: topicHeader,
    "Shop-Domain": shop,
    "Webhook-Id": webhookId,
    "API-Version": "2026-07",
    "Event-Id": eventId,
    "Triggered-At": triggeredAt,
  };
  for (const [name, value] of Object.entries(named)) headers.set(`${prefix}${name}`, value);
  const signature = hmac === undefined ? getHmac(body, API_SECRET) : hmac;
  if (signature !== null) headers.set(`${prefix}Hmac-Sha256`, signature);
  const init = { method: "POST", body, headers };
  const response = base ? await fetch(`${base}/webhooks/${topic}`, init) : await http(`/webhooks/${topic}`, init);
  await response.arrayBuffer();
  return response.status;
}

/** A signature of the right shape made with another secret. */
export const forgedHmac = (payload: unknown) => getHmac(JSON.stringify(payload), "not-the-api-secret");

/** The files of test/support/shopify-examples/ (Shopify's sample payloads), by topic. */
export type ExampleTopic =
  | "orders/paid"
  | "orders/cancelled"
  | "fulfillments/create"
  | "refunds/create"
  | "app_subscriptions/update"
  | "app/uninstalled"
  | "customers/data_request"
  | "customers/redact"
  | "shop/redact";

const exampleFile = (topic: ExampleTopic) => (topic.startsWith("orders/") ? "orders" : topic.replace("/", "-"));

/** Shopify's sample payload of `topic` as raw JSON text (big ids intact), `{shop}.myshopify.com` made `shop`. */
export function shopifyExample(topic: ExampleTopic, shop = "{shop}.myshopify.com"): string {
  const text = readFileSync(new URL(`./shopify-examples/${exampleFile(topic)}.json`, import.meta.url), "utf8");
  return text.replaceAll("{shop}.myshopify.com", shop);
}
