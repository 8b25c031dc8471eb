import { isDatabaseBusy, isUniqueViolation, pingDatabase, transaction } from "../db/client.server";
import { apiKeyStore } from "../db/stores/api-keys.server";
import { rateBucketStore } from "../db/stores/rate-buckets.server";
import { idempotencyStore } from "../db/stores/idempotency.server";
import { privacyStore } from "../db/stores/privacy.server";
import { settingsStore } from "../db/stores/settings.server";
import { orderStore } from "../db/stores/orders.server";
import { backfillStore } from "../db/stores/backfills.server";
import { issuingRuleStore } from "../db/stores/rules.server";
import { cardStore } from "../db/stores/cards.server";
import { giftStore } from "../db/stores/gifts.server";
import { nameStore } from "../db/stores/names.server";
import { walletStore } from "../db/stores/wallets.server";
import { chainMintStore } from "../db/stores/chain-mints.server";
import { eventStore } from "../db/stores/events.server";
import { notificationStore } from "../db/stores/notifications.server";
import { walletPassStore } from "../db/stores/wallet-passes.server";
import { googleWalletStore } from "../db/stores/google-wallet.server";
import { flowTriggerStore } from "../db/stores/flow-triggers.server";
import { billingStore } from "../db/stores/billing.server";
import { itemProductStore } from "../db/stores/item-products.server";
import { nfcTagStore } from "../db/stores/nfc-tags.server";
import { webhookDeliveryStore, webhookEndpointStore } from "../db/stores/webhooks.server";
import { wireStores, type DomainStores } from "../domain/stores";

/** The domain's stores (app/domain/stores) on this process's database. */
export const databaseStores = (): DomainStores => ({
  transaction: (work) => transaction(() => work()),
  isUniqueViolation,
  isUnavailable: isDatabaseBusy,
  ping: pingDatabase,
  apiKeys: apiKeyStore,
  rateBuckets: rateBucketStore,
  settings: settingsStore,
  idempotency: idempotencyStore,
  privacy: privacyStore,
  rules: issuingRuleStore,
  orders: orderStore,
  backfills: backfillStore,
  cards: cardStore,
  gifts: giftStore,
  names: nameStore,
  wallets: walletStore,
  events: eventStore,
  webhookEndpoints: webhookEndpointStore,
  webhookDeliveries: webhookDeliveryStore,
  notifications: notificationStore,
  chainMints: chainMintStore,
  walletPasses: walletPassStore,
  googleWallet: googleWalletStore,
  flowTriggers: flowTriggerStore,
  billing: billingStore,
  itemProducts: itemProductStore,
  nfcTags: nfcTagStore,
});

/**
 * Wires the stores alone, for a command that only reads and writes data (api-key:create):
 * the whole of wireServices() would load every adapter (Solana, mail, SMS) first.
 */
export function wireDatabaseStores(): void {
  wireStores(databaseStores());
}
