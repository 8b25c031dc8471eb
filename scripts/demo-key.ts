import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { authenticateApiKey, createApiKey } from "../app/domain/api-keys.server";

/** Where `npm run demo` keeps its key between runs (tmp/ is git-ignored, like the database). */
export const DEMO_KEY_FILE = "tmp/demo-api-key";

/**
 * The demo shop's API key, a test key (tc_test_…, decision 0036) as the API guide's
 * walkthrough (docs/api.md) uses: the one from the last run while it still works in this
 * database, else a new one — so restarting the demo does not add another "demo"
 * key to Settings each time.
 */
export async function demoApiKey(shop: string, file = DEMO_KEY_FILE): Promise<string> {
  const saved = readSaved(file);
  const caller = saved ? await authenticateApiKey(saved) : null;
  // A live key saved by a demo of before test mode is replaced too.
  if (saved && caller?.shop === shop && !caller.livemode) return saved;
  const { key } = await createApiKey({ shop, label: "demo", mode: "test" });
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
