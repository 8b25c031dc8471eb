import type { ApiKeyStore } from "./api-keys";
import type { ChainMintStore } from "./chain-mints";
import type { EventStore } from "./events";
import type { NotificationStore } from "./notifications";
import type { WebhookDeliveryStore, WebhookEndpointStore } from "./webhooks";

/**
 * The storage the domain needs, one store per aggregate, declared here (each in
 * its own file) and filled by app/db/stores at boot (app/wiring/stores.server.ts):
 * the domain writes no query and knows neither Prisma nor SQL (issue 26).
 */
export interface DomainStores {
  /**
   * Runs `work` in one database transaction, or in the caller's when it is already in one: every
   * store call inside joins it (an idempotent /v1 request stores its answer with its work).
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  apiKeys: ApiKeyStore;
  events: EventStore;
  webhookEndpoints: WebhookEndpointStore;
  webhookDeliveries: WebhookDeliveryStore;
  notifications: NotificationStore;
  chainMints: ChainMintStore;
}

let wired: DomainStores | undefined;

/** Called once at boot by app/wiring/services.server.ts (and by test setup). */
export function wireStores(stores: DomainStores): void {
  wired = stores;
}

/** The stores the process was wired with. */
export function stores(): DomainStores {
  if (!wired) throw new Error("The domain's stores are not wired: call wireServices() from app/wiring/services.server.ts at boot");
  return wired;
}

export type { ApiKeyCredentials, ApiKeyRecord, ApiKeyStore, NewApiKey } from "./api-keys";
export type { ChainMintRecord, ChainMintStore, ChainMintWithItem, ChainMintWithSubject, NewChainMint } from "./chain-mints";
export type { EventPage, EventRecord, EventStore } from "./events";
export type { NewNotification, NotificationPage, NotificationRecord, NotificationStore, NotificationWithCardIds } from "./notifications";
export type {
  DeliveryJob,
  DeliveryWithEventType,
  EndpointSubscription,
  NewWebhookDelivery,
  NewWebhookEndpoint,
  WebhookDeliveryRecord,
  WebhookDeliveryStore,
  WebhookEndpointRecord,
  WebhookEndpointStore,
} from "./webhooks";
