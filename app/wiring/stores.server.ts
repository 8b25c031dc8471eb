import { transaction } from "../db/client.server";
import { apiKeyStore } from "../db/stores/api-keys.server";
import { nameStore } from "../db/stores/names.server";
import { walletStore } from "../db/stores/wallets.server";
import type { DomainStores } from "../domain/stores";

/** The domain's stores (app/domain/stores) on this process's database. */
export const databaseStores = (): DomainStores => ({
  transaction: (work) => transaction(() => work()),
  apiKeys: apiKeyStore,
  names: nameStore,
  wallets: walletStore,
});
