import { ConfigError, loadConfig, type Config } from "../app/config.server";

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
