import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { authenticateApiKey, createApiKey } from "../app/domain/api-keys.server";

/** Where `npm run demo` keeps its key between runs (tmp/ is git-ignored, like the database). */
export const DEMO_KEY_FILE = "tmp/demo-api-key";

/**
 * The demo shop's API key: the one from the last run while it still works
 * in this database, else a new one — so restarting the demo does not add
 * another "demo" key to Settings each time.
 */
export async function demoApiKey(shop: string, file = DEMO_KEY_FILE): Promise<string> {
  const saved = readSaved(file);
  if (saved && (await authenticateApiKey(saved))?.shop === shop) return saved;
  const { key } = await createApiKey({ shop, label: "demo" });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

function readSaved(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
