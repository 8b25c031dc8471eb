import { transaction } from "../db/client.server";
import { apiKeyStore } from "../db/stores/api-keys.server";
import { chainMintStore } from "../db/stores/chain-mints.server";
import { eventStore } from "../db/stores/events.server";
import { notificationStore } from "../db/stores/notifications.server";
import { webhookDeliveryStore, webhookEndpointStore } from "../db/stores/webhooks.server";
import type { DomainStores } from "../domain/stores";

/** The domain's stores (app/domain/stores) on this process's database. */
export const databaseStores = (): DomainStores => ({
  transaction: (work) => transaction(() => work()),
  apiKeys: apiKeyStore,
  events: eventStore,
  webhookEndpoints: webhookEndpointStore,
  webhookDeliveries: webhookDeliveryStore,
  notifications: notificationStore,
  chainMints: chainMintStore,
});
