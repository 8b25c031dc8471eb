import { loadChainConfig, type ChainConfig } from "../app/chain/config.server";
import { ConfigError, loadConfig, type Config } from "../app/config.server";
import { loadNotifyConfig, type NotifyConfig } from "../app/notifications/config.server";

/** The checked configuration, or a message naming every bad variable and exit 1. */
export function configOrExit(): Config {
  const config = orExit(loadConfig);
  process.env.DATABASE_URL = config.DATABASE_URL;
  return config;
}

/** The claim-notification settings, or a message naming every bad variable and exit 1. */
export const notifyConfigOrExit = (): NotifyConfig => orExit(loadNotifyConfig);

/** The on-chain issuing settings (off unless SOLANA_RPC_URL and ISSUER_SECRET_KEY are set), or exit 1. */
export const chainConfigOrExit = (): ChainConfig => orExit(loadChainConfig);

function orExit<T>(load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
