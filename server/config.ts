import { ConfigError, loadConfig, type Config } from "../app/config.server";
import { loadNotifyConfig, NotifyConfigError, type NotifyConfig } from "../app/notifications/config.server";

/** The checked configuration, or a message naming every bad variable and exit 1. */
export function configOrExit(): Config {
  try {
    const config = loadConfig();
    process.env.DATABASE_URL = config.DATABASE_URL;
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The claim-notification settings, or a message naming every bad variable and exit 1. */
export function notifyConfigOrExit(): NotifyConfig {
  try {
    return loadNotifyConfig();
  } catch (error) {
    if (!(error instanceof NotifyConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
