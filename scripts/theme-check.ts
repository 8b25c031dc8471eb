// Shopify's theme linter on the theme app extension, with its app-extension rules
// (`theme-check:theme-app-extension`, as `shopify app deploy` runs it): prints each
// offense and exits 1 if there is any. `npm run extensions:check`.
//
// Offline: theme-check would download the latest Liquid docs from GitHub before
// checking. SHOPIFY_TLD_ROOT points that download at a local copy of the docs the
// package ships, and XDG_CACHE_HOME keeps its cache out of the user's home.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const STOREFRONT_EXTENSION = path.resolve("extensions/storefront");

export interface ThemeCheckOffense {
  check: string;
  message: string;
  /** Relative to the extension, e.g. `blocks/my-cards.liquid`. */
  file: string;
  line: number;
  severity: "error" | "warning" | "info";
}

const require = createRequire(import.meta.url);
const SEVERITIES = ["error", "warning", "info"] as const;

/** A folder laid out like Shopify/theme-liquid-docs, from the copy inside @shopify/theme-check-docs-updater. */
function localLiquidDocs(into: string): string {
  const data = path.join(path.dirname(require.resolve("@shopify/theme-check-docs-updater/package.json")), "data");
  mkdirSync(path.join(into, "data"), { recursive: true });
  for (const name of ["latest", "filters", "objects", "tags", "shopify_system_translations"]) {
    cpSync(path.join(data, `${name}.json`), path.join(into, "data", `${name}.json`));
  }
  for (const manifest of ["manifest_theme", "manifest_theme_app_extension"]) {
    const file = path.join(data, `${manifest}.json`);
    mkdirSync(path.join(into, "schemas"), { recursive: true });
    cpSync(file, path.join(into, "schemas", `${manifest}.json`));
    const { schemas } = JSON.parse(readFileSync(file, "utf8")) as { schemas: { uri: string }[] };
    for (const { uri } of schemas) {
      mkdirSync(path.dirname(path.join(into, "schemas", uri)), { recursive: true });
      cpSync(path.join(data, path.basename(uri)), path.join(into, "schemas", uri));
    }
  }
  return into;
}

/** Every offense theme-check finds in the extension at `root`, with the app-extension configuration. */
export async function themeCheck(root = STOREFRONT_EXTENSION): Promise<ThemeCheckOffense[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), "twin-cards-theme-check-"));
  try {
    process.env.SHOPIFY_TLD_ROOT = localLiquidDocs(path.join(work, "docs"));
    process.env.XDG_CACHE_HOME = path.join(work, "cache");
    // Imported only now: its docs downloader reads both variables when it loads.
    const { themeCheckRun } = await import("@shopify/theme-check-node");
    const config = path.join(path.dirname(require.resolve("@shopify/theme-check-node/package.json")), "configs", "theme-app-extension.yml");
    const { offenses } = await themeCheckRun(root, config);
    return offenses.map((offense) => ({
      check: offense.check,
      message: offense.message,
      file: path.relative(root, fileURLToPath(offense.uri)),
      line: offense.start.line + 1,
      severity: SEVERITIES[offense.severity] ?? "error",
    }));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const formatOffense = (offense: ThemeCheckOffense) =>
  `${offense.file}:${offense.line}: ${offense.severity}: ${offense.check}: ${offense.message}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const offenses = await themeCheck();
  for (const offense of offenses) console.log(formatOffense(offense));
  console.log(
    offenses.length === 0
      ? `theme-check: no offenses in ${path.relative(".", STOREFRONT_EXTENSION)}`
      : `theme-check: ${offenses.length} offense(s)`,
  );
  process.exitCode = offenses.length === 0 ? 0 : 1;
}
