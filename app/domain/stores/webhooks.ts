import type { EventRecord } from "./events";

/** A webhook endpoint as stored: its signing secret sealed (the key comes from the environment). */
export interface WebhookEndpointRecord {
  id: string;
  shop: string;
  url: string;
  description: string;
  /** The event types it subscribed to, as stored (a JSON array; "*" is every type). */
  eventTypes: unknown;
  secretSealed: string;
  /** ENABLED | DISABLED */
  status: string;
  /** The first failed delivery since the last success. */
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  createdAt: Date;
  /** false: receives only test events (decision 0036). */
  livemode: boolean;
}

export type NewWebhookEndpoint = Pick<
  WebhookEndpointRecord,
  "id" | "shop" | "url" | "description" | "eventTypes" | "secretSealed" | "livemode"
>;

/** An enabled endpoint as recording an event reads it. */
export interface EndpointSubscription {
  id: string;
  eventTypes: unknown;
}

export interface WebhookEndpointStore {
  /** The shop's enabled endpoints of one mode, by id, and what each subscribed to (every recorded event reads them). */
  enabledFor(shop: string, livemode: boolean): Promise<EndpointSubscription[]>;
  /** How many endpoints the shop has, both modes together. */
  countForShop(shop: string): Promise<number>;
  create(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord>;
  /** The shop's endpoints of one mode, newest first. */
  listForShop(shop: string, livemode: boolean): Promise<WebhookEndpointRecord[]>;
  findForShop(shop: string, id: string, livemode: boolean): Promise<WebhookEndpointRecord | null>;
  existsForShop(shop: string, id: string, livemode: boolean): Promise<boolean>;
  /** Deletes the endpoint and its deliveries; how many endpoints went (0 or 1). */
  delete(shop: string, id: string, livemode: boolean): Promise<number>;
  /** Enabled again, its failure window cleared; how many endpoints matched (0 or 1). */
  enable(shop: string, id: string, livemode: boolean): Promise<number>;
  /** Notes the endpoint failing since `since`, unless it already is. */
  markFailing(id: string, since: Date): Promise<void>;
  /** A delivery succeeded: the endpoint is no longer failing. */
  clearFailing(id: string): Promise<void>;
  /** Disables the endpoint if it is enabled and has been failing since `since` or earlier; whether it was. */
  disableIfFailingSince(id: string, since: Date, at: Date, reason: string): Promise<boolean>;
  /** Every endpoint of the shop (shop/redact); how many there were. */
  deleteForShop(shop: string): Promise<number>;
}

/** A delivery of an event to an endpoint: a row of the webhook outbox. */
export interface WebhookDeliveryRecord {
  id: string;
  shop: string;
  eventId: string;
  endpointId: string;
  /** PENDING | SENDING (a worker's lease) | SUCCEEDED | FAILED */
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  /** The receiver's last HTTP status (null: no answer). */
  responseStatus: number | null;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewWebhookDelivery = Pick<WebhookDeliveryRecord, "id" | "shop" | "eventId" | "endpointId"> & { createdAt?: Date };

/** A delivery with its event's type and mode, as its views show it. */
export type DeliveryWithEventType = WebhookDeliveryRecord & { event: { type: string; livemode: boolean } };

/** A claimed delivery with what sending it needs. */
export type DeliveryJob = WebhookDeliveryRecord & { event: EventRecord; endpoint: WebhookEndpointRecord };

export interface WebhookDeliveryStore {
  /** Queues deliveries (one multi-row write), in the caller's transaction. */
  queue(deliveries: NewWebhookDelivery[]): Promise<void>;
  /** One more delivery (a resend). */
  add(delivery: NewWebhookDelivery): Promise<void>;
  /** Up to `take` of a shop's endpoint's deliveries with an id below `beforeId` (all when absent), newest first. */
  listForEndpoint(shop: string, endpointId: string, take: number, beforeId?: string): Promise<DeliveryWithEventType[]>;
  /** The shop's `take` most recent deliveries to any endpoint of one mode, newest first. */
  recentForShop(shop: string, take: number, livemode: boolean): Promise<DeliveryWithEventType[]>;
  /** The delivery of one event to one endpoint (an event meant for one endpoint has exactly one). */
  ofEvent(eventId: string, endpointId: string): Promise<DeliveryWithEventType | null>;
  /** The shop's delivery to an endpoint of one mode, with that endpoint. */
  findWithEndpoint(
    shop: string,
    id: string,
    livemode: boolean,
  ): Promise<(WebhookDeliveryRecord & { endpoint: WebhookEndpointRecord }) | null>;
  /** Ends the endpoint's PENDING deliveries FAILED with `reason`. */
  failPending(endpointId: string, reason: string): Promise<void>;
}
