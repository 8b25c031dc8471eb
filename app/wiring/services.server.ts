import { chainPorts } from "../adapters/chain/domain-ports.server";
import {
  chainConfig,
  proxyPath,
  publicAppUrl,
  walletPassConfig,
  apnsConfig,
  googleWalletConfig,
  webhookConfig,
  billingConfig,
  demoMode,
  shopifyApiKey,
  type ChainConfig,
  type NotifyConfig,
  type WebhookConfig,
} from "./config.server";
import { SECRET_PURPOSES, secretBox } from "../adapters/webhooks/secret-box.server";
import { wireDomain, type CustomerPorts, type ShopLanguagePorts } from "../domain/ports";
import { wireStores } from "../domain/stores";
import { databaseStores } from "./stores.server";
import type { PollingWorker } from "../lib/polling-worker";
import { localMessageCopies, messagesDir } from "../adapters/notifications/transports/local.server";
import { imageFetch, imageProbe } from "../adapters/images/image-fetch.server";
import { walletPassPorts } from "../adapters/wallet-passes/pkpass.server";
import { googleWalletPorts } from "../adapters/google-wallet/save-link.server";
import { adminAppPageUrl } from "../adapters/shopify/admin-links";

/**
 * The one place adapters meet the domain: its stores (app/domain/stores) and its ports (app/domain/ports.ts) filled
 * from this process's configuration, each setting read on first use. The Remix
 * build (app/entry.server.tsx), `npm run worker` and the tests call it at start.
 */
export function wireServices(): void {
  wireStores(databaseStores());
  wireDomain({
    chain: chainPorts(() => chainConfig().chain),
    urls: { appUrl: publicAppUrl, proxyPath },
    localMessages: localMessageCopies(messagesDir),
    webhooks: {
      sealSecret: (secret) => secrets().seal(secret),
      openSecret: (sealed) => secrets().open(sealed),
      loopbackAllowed: () => webhookConfig().loopbackAllowed,
    },
    tagKeys: {
      seal: (master) => tagMasterKeys().seal(master.toString("hex")),
      open: (sealed) => Buffer.from(tagMasterKeys().open(sealed), "hex"),
    },
    claimCodes: { seal: (text) => claimCodeBox().seal(text), open: (sealed) => claimCodeBox().open(sealed) },
    // A logo is fetched as a webhook is posted: loopback only where webhooks may use it (demo, tests).
    images: { probe: imageProbe(() => webhookConfig().loopbackAllowed), fetch: imageFetch(() => webhookConfig().loopbackAllowed) },
    // pdf-lib is loaded on the first certificate asked for, not in every process.
    certificates: {
      render: async (certificates, layout) =>
        (await import("../adapters/pdf/certificate-pdf.server")).renderCertificates(certificates, layout),
    },
    walletPasses: walletPassPorts(walletPassConfig, () => Boolean(apnsConfig().auth)),
    googleWallet: googleWalletPorts(googleWalletConfig),
    // The Shopify library is loaded on the first logged-in page that asks (decision 0058).
    customers: {
      about: async (shop, customerId) => (await customerFacts()).about(shop, customerId),
      byContact: async (shop, contact) => (await customerFacts()).byContact(shop, contact),
    },
    shopLanguages: {
      published: async (shop) => (await shopLanguageReader()).published(shop),
    },
    billing: {
      plans: () => billingConfig().plans,
      upgradeUrl: (shop) =>
        adminAppPageUrl(shop, "/app/settings", { apiKey: shopifyApiKey(), demoAppUrl: demoMode() ? publicAppUrl() : null }),
    },
  });
}

let customers: CustomerPorts | undefined;
const customerFacts = async () => (customers ??= (await import("../adapters/shopify/customer-facts.server")).customerFactsReader());
let shopLanguages: ShopLanguagePorts | undefined;
const shopLanguageReader = async () =>
  (shopLanguages ??= (await import("../adapters/shopify/shop-languages.server")).shopLanguagesReader());
let box: ReturnType<typeof secretBox> | undefined;
const secrets = () => (box ??= secretBox(webhookConfig().secretsKey));
let tagBox: ReturnType<typeof secretBox> | undefined;
const tagMasterKeys = () => (tagBox ??= secretBox(webhookConfig().secretsKey, SECRET_PURPOSES.tagKeys));
let codeBox: ReturnType<typeof secretBox> | undefined;
const claimCodeBox = () => (codeBox ??= secretBox(webhookConfig().secretsKey, SECRET_PURPOSES.claimCodes));

/**
 * The background workers of a process: the notification dispatcher, the chain
 * minter when chain issuing is configured, the webhook deliverer, the order
 * worker and the Shopify Flow trigger sender. `inWebServer` honours NOTIFY_DISPATCHER=off,
 * CHAIN_WORKER=off, WEBHOOK_WORKER=off, ORDER_WORKER=off and FLOW_WORKER=off (then
 * `npm run worker` runs them).
 */
export async function backgroundWorkers(args: {
  notify: NotifyConfig;
  chain: ChainConfig;
  webhooks: WebhookConfig;
  inWebServer: boolean;
}): Promise<PollingWorker[]> {
  wireServices();
  const workers: PollingWorker[] = [];
  if (!args.inWebServer || args.notify.NOTIFY_DISPATCHER === "on") {
    const { dispatcherFromConfig } = await import("../adapters/notifications/dispatcher.server");
    const { ReminderWorker } = await import("../adapters/notifications/reminder-worker.server");
    // Expiry reminders (decision 0071) go beside the dispatcher that sends them.
    workers.push(dispatcherFromConfig(args.notify), new ReminderWorker());
  }
  const { chain } = args.chain;
  if (chain && (!args.inWebServer || args.chain.CHAIN_WORKER === "on")) {
    const { minterFromConfig } = await import("../adapters/chain/minter.server");
    workers.push(minterFromConfig({ ...args.chain, chain }));
    console.log(`On-chain issuing on: ${chain.cluster}, issuer ${chain.issuer.address}`);
  }
  if (!args.inWebServer || args.webhooks.WEBHOOK_WORKER === "on") {
    const { webhookDelivererFromConfig } = await import("../adapters/webhooks/deliverer.server");
    workers.push(webhookDelivererFromConfig(args.webhooks));
  }
  if (!args.inWebServer || args.webhooks.ORDER_WORKER === "on") {
    const [{ OrderWorker }, { BackfillWorker }, { shopifyOrderSource }, { shopifyOfflineAdmin }] = await Promise.all([
      import("../adapters/shopify/order-worker.server"),
      import("../adapters/shopify/backfill-worker.server"),
      import("../adapters/shopify/order-source.server"),
      import("../adapters/shopify/offline-admin.server"),
    ]);
    // Rules applied to past orders are listed beside the order worker, which then issues their orders (decision 0051).
    workers.push(new OrderWorker({ source: shopifyOrderSource }), new BackfillWorker({ graphqlFor: shopifyOfflineAdmin }));
  }
  if (!args.inWebServer || args.webhooks.FLOW_WORKER === "on") {
    const { FlowTriggerSender } = await import("../adapters/shopify/flow-trigger-sender.server");
    workers.push(new FlowTriggerSender());
  }
  // Pass updates' pushes (decision 0047), wherever APNs is configured: the outbox lets several processes share them.
  const { auth: apns } = apnsConfig();
  if (apns) {
    const { PassPusher } = await import("../adapters/apns/pusher.server");
    workers.push(new PassPusher(apns));
  }
  // Google Wallet object updates (decision 0048), wherever Google Wallet is configured: the outbox's lease shares them.
  const { account: google } = googleWalletConfig();
  if (google) {
    const { GoogleWalletUpdater } = await import("../adapters/google-wallet/updater.server");
    workers.push(new GoogleWalletUpdater(google));
  }
  return workers;
}
