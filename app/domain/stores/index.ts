import type { BucketStore } from "~/lib/rate-limit";
import type { ApiKeyStore } from "./api-keys";
import type { IdempotencyStore } from "./idempotency";
import type { PrivacyStore } from "./privacy";
import type { SettingsStore } from "./settings";
import type { OrderStore } from "./orders";
import type { BackfillStore } from "./backfills";
import type { IssuingRuleStore } from "./rules";
import type { CardStore } from "./cards";
import type { NameStore } from "./names";
import type { WalletStore } from "./wallets";
import type { ChainMintStore } from "./chain-mints";
import type { EventStore } from "./events";
import type { NotificationStore } from "./notifications";
import type { GiftStore } from "./gifts";
import type { WalletPassStore } from "./wallet-passes";
import type { GoogleWalletStore } from "./google-wallet";
import type { FlowTriggerStore } from "./flow-triggers";
import type { BillingStore } from "./billing";
import type { ItemProductStore } from "./item-products";
import type { NfcTagStore } from "./nfc-tags";
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
  /** Whether an error is a unique constraint refusing a row (a key, code or name someone else took first), on either database. */
  isUniqueViolation(error: unknown): boolean;
  /** Whether an error means the database could not serve in time (busy, restarting, unreachable): a retry later can succeed. */
  isUnavailable(error: unknown): boolean;
  /** Asks the database a trivial question; rejects when it cannot answer. */
  ping(): Promise<void>;
  apiKeys: ApiKeyStore;
  /** The rate limits' token buckets, shared by every process on the database (decision 0025). */
  rateBuckets: BucketStore;
  settings: SettingsStore;
  idempotency: IdempotencyStore;
  privacy: PrivacyStore;
  rules: IssuingRuleStore;
  orders: OrderStore;
  backfills: BackfillStore;
  cards: CardStore;
  gifts: GiftStore;
  names: NameStore;
  wallets: WalletStore;
  events: EventStore;
  webhookEndpoints: WebhookEndpointStore;
  webhookDeliveries: WebhookDeliveryStore;
  notifications: NotificationStore;
  chainMints: ChainMintStore;
  walletPasses: WalletPassStore;
  googleWallet: GoogleWalletStore;
  flowTriggers: FlowTriggerStore;
  /** Plans and the free plan's monthly counter (decision 0050). */
  billing: BillingStore;
  /** The products items were issued for, their GS1 identity and the links set per GTIN (decision 0063). */
  itemProducts: ItemProductStore;
  /** NTAG 424 DNA tags bound to twins and the shop's tag master key (decision 0063). */
  nfcTags: NfcTagStore;
}

let wired: DomainStores | undefined;

/** Called once at boot by app/wiring/services.server.ts (and by test setup). */
export function wireStores(stores: DomainStores): void {
  wired = stores;
}

/**
 * The wired rate-limit buckets, looked up at each take: a RateLimit is made when its module
 * loads, before the process is wired.
 */
export const wiredRateBuckets: BucketStore = {
  take: (limit, key, policy) => stores().rateBuckets.take(limit, key, policy),
  purge: (limit, idleMs) => stores().rateBuckets.purge(limit, idleMs),
};

/** The stores the process was wired with. */
export function stores(): DomainStores {
  if (!wired) throw new Error("The domain's stores are not wired: call wireServices() from app/wiring/services.server.ts at boot");
  return wired;
}

export type { ApiKeyCredentials, ApiKeyRecord, ApiKeyStore, NewApiKey } from "./api-keys";
export type * from "./settings";
export type * from "./billing";
export type * from "./idempotency";
export type * from "./privacy";
export type {
  NewOrderWebhook,
  OrderIssueRecord,
  OrderIssueWithRule,
  OrderRefundLineRecord,
  OrderStore,
  StoredOrderRefundLine,
  OrderWebhookRecord,
  RuleIssuedCount,
  StoredOrderIssueStatus,
} from "./orders";
export type { IssuingRuleRecord, IssuingRuleStore, RuleSettings, TakenNumbers } from "./rules";
export type {
  CardPageFilter,
  CardSearch,
  CardStore,
  CardView,
  CardWithCode,
  RedemptionRecord,
  RedemptionWithCards,
  UnitCardRecord,
} from "./cards";
export type {
  DigitalTwinRecord,
  MintStateRecord,
  NameKey,
  NameStore,
  NewDigitalTwin,
  NewUniversalName,
  TwinFilter,
  TwinPage,
  TwinSearch,
  TwinSearchFilter,
  TwinView,
  TwinWithName,
  UniversalNameRecord,
} from "./names";
export type { CustomerWalletRecord, NewWalletChallenge, WalletChallengeRecord, WalletStore } from "./wallets";
export type { ChainMintRecord, ChainMintStore, ChainMintWithItem, ChainMintWithSubject, NewChainMint } from "./chain-mints";
export type { EventPage, EventRecord, EventStore } from "./events";
export type { CardTransferRecord, GiftStore, SettledGiftStatus } from "./gifts";
export type {
  NewNotification,
  NotificationPage,
  NotificationRecord,
  NotificationSearchFilter,
  NotificationStore,
  NotificationWithCardIds,
} from "./notifications";
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
export type * from "./wallet-passes";
export type * from "./google-wallet";
export type * from "./backfills";
export type * from "./flow-triggers";
export type * from "./item-products";
export { PRODUCT_LINK_TYPES } from "./item-products";
export type * from "./nfc-tags";
