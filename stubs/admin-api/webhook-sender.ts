// Delivers the stub's webhooks to the app as Shopify does: a POST of the JSON
// body to <appUrl>/webhooks/<topic>, signed with the base64 HMAC-SHA256 of the
// raw body under the app's API secret, with every header Shopify documents for
// API 2026-07 (topic, HMAC, shop, API version, webhook id, event id, trigger
// time), either the classic `X-Shopify-*` forms or the newer `Shopify-*` ones.
// Bodies are written with lossless-json, so an id above 2^53 goes out as the
// integer Shopify writes. And as Shopify's delivery does, on request: the same
// delivery again (same webhook id: a retry), the same event under a new webhook
// id (a duplicate), and a webhook held back to be delivered late, after others
// (out of order), still carrying the time it was triggered.
import { createHmac, randomUUID } from "node:crypto";
import { stringify } from "lossless-json";

export type HeaderStyle = "x-shopify" | "shopify";

export interface WebhookTarget {
  /** The app's base URL, e.g. http://127.0.0.1:3000. */
  appUrl: string;
  /** The app's SHOPIFY_API_SECRET. */
  apiSecret: string;
  headerStyle?: HeaderStyle;
}

export interface Delivery {
  /** The webhook id (X-Shopify-Webhook-Id) this delivery carried. */
  id: string;
  /** The event id (X-Shopify-Event-Id): the same for every delivery of one event. */
  eventId: string;
  topic: string;
  /** The app's HTTP status; null when nothing answered (no target, refused, timed out) or the webhook is held. */
  status: number | null;
  /** Triggered but not delivered yet: redeliver it to deliver it late. */
  held?: true;
  error?: string;
}

/** A webhook the stub triggered, as the control endpoints list it. */
export interface TriggeredWebhook {
  id: string;
  eventId: string;
  topic: string;
  shop: string;
  triggeredAt: string;
  /** Not delivered yet (held back). */
  held: boolean;
  /** The app's statuses, one per delivery, oldest first. */
  statuses: (number | null)[];
}

interface Webhook {
  id: string;
  eventId: string;
  topic: string;
  shop: string;
  body: string;
  triggeredAt: string;
  held: boolean;
  statuses: (number | null)[];
}

/** The API version the stub's webhooks carry (the app's, shopify.app.toml). */
const API_VERSION = "2026-07";
/** Shopify gives up on a webhook the app has not answered within five seconds. */
const SHOPIFY_TIMEOUT_MS = 5000;
/** How many times a delivery the app did not answer is tried (Shopify retries up to 8 times over 4 hours). */
const NO_ANSWER_TRIES = 3;

const signWebhook = (body: string, apiSecret: string) => createHmac("sha256", apiSecret).update(body, "utf8").digest("base64");

/** Shopify's form: microseconds, UTC (`2025-07-10T16:15:47.000000Z`). */
const triggerTime = () => new Date().toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");

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

const view = ({ body: _body, ...webhook }: Webhook): TriggeredWebhook => ({ ...webhook, statuses: [...webhook.statuses] });

export function createWebhookSender(initialTarget: WebhookTarget | undefined) {
  let target = initialTarget;
  const sent = new Map<string, Webhook>();
  /** `<shop> <topic>` → how many of the next webhooks to hold back. */
  const holds = new Map<string, number>();

  async function deliver(webhook: Webhook, style: HeaderStyle | undefined): Promise<Delivery> {
    const base = { id: webhook.id, eventId: webhook.eventId, topic: webhook.topic };
    webhook.held = false;
    const done = (delivery: Delivery) => {
      webhook.statuses.push(delivery.status);
      return delivery;
    };
    if (!target) return done({ ...base, status: null, error: "The stub has no webhook target" });
    const url = `${target.appUrl.replace(/\/$/, "")}/webhooks/${webhook.topic}`;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: headersFor(webhook, target, style ?? target.headerStyle ?? "x-shopify"),
          body: webhook.body,
          signal: AbortSignal.timeout(SHOPIFY_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        return done({ ...base, status: response.status });
      } catch (error) {
        // No answer within Shopify's five seconds: Shopify retries the same delivery (same webhook id),
        // on its backoff schedule; the stub retries at once, so a test is not left with a lost webhook
        // when a busy machine slowed the app. Each try counts as a delivery.
        const failed = done({ ...base, status: null, error: (error as Error).message });
        if (attempt >= NO_ANSWER_TRIES) return failed;
      }
    }
  }

  /** Takes one of the holds armed for this shop and topic; whether there was one. */
  function takeHold(shop: string, topic: string): boolean {
    const key = `${shop} ${topic}`;
    const left = holds.get(key) ?? 0;
    if (left === 0) return false;
    if (left === 1) holds.delete(key);
    else holds.set(key, left - 1);
    return true;
  }

  return {
    setTarget(next: WebhookTarget | undefined) {
      target = next;
    },
    get target() {
      return target;
    },
    /** Triggers a webhook (new webhook and event ids) of `topic` for `shop` and delivers it, unless a hold was armed for them. */
    send(shop: string, topic: string, payload: unknown, style?: HeaderStyle): Promise<Delivery> {
      const webhook: Webhook = {
        id: randomUUID(),
        eventId: randomUUID(),
        topic,
        shop,
        body: stringify(payload) ?? "null",
        triggeredAt: triggerTime(),
        held: takeHold(shop, topic),
        statuses: [],
      };
      sent.set(webhook.id, webhook);
      if (webhook.held) return Promise.resolve({ id: webhook.id, eventId: webhook.eventId, topic, status: null, held: true });
      return deliver(webhook, style);
    },
    /** The next `count` webhooks of `topic` for `shop` are triggered but held back, to be delivered late (redeliver). */
    hold(shop: string, topic: string, count = 1) {
      holds.set(`${shop} ${topic}`, (holds.get(`${shop} ${topic}`) ?? 0) + count);
    },
    /**
     * Delivers a webhook again byte for byte (or for the first time, if held): with the same webhook id as
     * Shopify's retries do, or with `newWebhookId` as a second delivery of the same event (same event id, body
     * and trigger time). Undefined when the stub never triggered that webhook.
     */
    redeliver(id: string, options: { style?: HeaderStyle; newWebhookId?: boolean } = {}): Promise<Delivery> | undefined {
      const webhook = sent.get(id);
      if (!webhook) return undefined;
      if (!options.newWebhookId) return deliver(webhook, options.style);
      const duplicate: Webhook = { ...webhook, id: randomUUID(), statuses: [] };
      sent.set(duplicate.id, duplicate);
      return deliver(duplicate, options.style);
    },
    /** Every webhook triggered for `shop`, oldest first. */
    list(shop: string): TriggeredWebhook[] {
      return [...sent.values()].filter((webhook) => webhook.shop === shop).map(view);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
