import { passSigningNotice } from "../app/adapters/wallet-passes/signing-material.server";
import { apnsNotice } from "../app/adapters/apns/apns-auth.server";
import { googleWalletNotice } from "../app/adapters/google-wallet/service-account.server";
import {
  ConfigError,
  chainConfig,
  notifyConfig,
  serverConfig,
  walletPassConfig,
  apnsConfig,
  googleWalletConfig,
  webhookConfig,
  type ChainConfig,
  type Config,
  type NotifyConfig,
  type WebhookConfig,
} from "../app/wiring/config.server";

/** The checked web server settings, or a message naming every bad variable and exit 1. */
export const configOrExit = (): Config => orExit(serverConfig);

/** The claim-notification settings, or a message naming every bad variable and exit 1. */
export const notifyConfigOrExit = (): NotifyConfig => orExit(notifyConfig);

/** The on-chain issuing settings (off unless SOLANA_RPC_URL and ISSUER_SECRET_KEY are set), or exit 1. */
export const chainConfigOrExit = (): ChainConfig => orExit(chainConfig);

/** The webhook delivery settings, or exit 1. */
export const webhookConfigOrExit = (): WebhookConfig => orExit(webhookConfig);

function orExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * Apple Wallet passes: one line saying they are on, or why they are off (an incomplete or unusable
 * setup), never an exit; nothing when none of the variables is set (decision 0045).
 */
export function reportWalletPasses(): void {
  const notice = passSigningNotice(walletPassConfig());
  if (notice) console.log(notice);
  const updates = apnsNotice(apnsConfig(), walletPassConfig());
  if (updates) console.log(updates);
  // Google Wallet likewise (decision 0048): one line, never an exit.
  const google = googleWalletNotice(googleWalletConfig());
  if (google) console.log(google);
}
