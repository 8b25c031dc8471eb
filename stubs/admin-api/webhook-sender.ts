// Delivers the stub's webhooks to the app as Shopify does: a POST of the JSON
// body to <appUrl>/webhooks/<topic>, signed with the base64 HMAC-SHA256 of the
// raw body under the app's API secret, with Shopify's headers, either the
// classic `X-Shopify-*` forms or the newer `Shopify-*` ones. Every webhook is
// kept so it can be sent again with the same id (Shopify's duplicate deliveries).
import { createHmac, randomUUID } from "node:crypto";

export type HeaderStyle = "x-shopify" | "shopify";

export interface WebhookTarget {
  /** The app's base URL, e.g. http://127.0.0.1:3000. */
  appUrl: string;
  /** The app's SHOPIFY_API_SECRET. */
  apiSecret: string;
  headerStyle?: HeaderStyle;
}

export interface Delivery {
  id: string;
  topic: string;
  /** The app's HTTP status; null when nothing answered (no target, refused, timed out). */
  status: number | null;
  error?: string;
}

interface Webhook {
  id: string;
  eventId: string;
  topic: string;
  shop: string;
  body: string;
  triggeredAt: string;
}

/** The API version the stub's webhooks carry (the app's, shopify.app.toml). */
const API_VERSION = "2026-07";
/** Shopify gives up on a webhook the app has not answered within five seconds. */
const SHOPIFY_TIMEOUT_MS = 5000;

const signWebhook = (body: string, apiSecret: string) => createHmac("sha256", apiSecret).update(body, "utf8").digest("base64");

function headersFor(webhook: Webhook, target: WebhookTarget, style: HeaderStyle): Record<string, string> {
  const prefix = style === "shopify" ? "Shopify-" : "X-Shopify-";
  const fields = {
    Topic: webhook.topic,
    "Hmac-Sha256": signWebhook(webhook.body, target.apiSecret),
    "Shop-Domain": webhook.shop,
    "API-Version": API_VERSION,
    "Webhook-Id": webhook.id,
    "Event-Id": webhook.eventId,
    "Triggered-At": webhook.triggeredAt,
  };
  return {
    "Content-Type": "application/json",
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [prefix + name, value])),
  };
}

export function createWebhookSender(initialTarget: WebhookTarget | undefined) {
  let target = initialTarget;
  const sent = new Map<string, Webhook>();

  async function deliver(webhook: Webhook, style: HeaderStyle | undefined): Promise<Delivery> {
    const base = { id: webhook.id, topic: webhook.topic };
    if (!target) return { ...base, status: null, error: "The stub has no webhook target" };
    const url = `${target.appUrl.replace(/\/$/, "")}/webhooks/${webhook.topic}`;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: headersFor(webhook, target, style ?? target.headerStyle ?? "x-shopify"),
        body: webhook.body,
        signal: AbortSignal.timeout(SHOPIFY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { ...base, status: response.status };
    } catch (error) {
      return { ...base, status: null, error: (error as Error).message };
    }
  }

  return {
    setTarget(next: WebhookTarget | undefined) {
      target = next;
    },
    get target() {
      return target;
    },
    /** Sends a new webhook (a fresh id) of `topic` for `shop`. */
    send(shop: string, topic: string, payload: unknown, style?: HeaderStyle): Promise<Delivery> {
      const webhook = {
        id: randomUUID(),
        eventId: randomUUID(),
        topic,
        shop,
        body: JSON.stringify(payload),
        triggeredAt: new Date().toISOString(),
      };
      sent.set(webhook.id, webhook);
      return deliver(webhook, style);
    },
    /** Sends a webhook again, byte for byte with the same id; undefined when there is no such webhook. */
    redeliver(id: string, style?: HeaderStyle): Promise<Delivery> | undefined {
      const webhook = sent.get(id);
      return webhook && deliver(webhook, style);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
