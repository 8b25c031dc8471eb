// Minifies the storefront blocks' readable sources (extensions/storefront-src/) into
// the theme app extension's assets/ (`npm run extensions:build`), and reports the size
// of the customer account extension's bundles. Shopify uploads assets/ as it is and
// limits each block script to 10,000 bytes, so the minified files are committed; a
// test fails when they are stale. The sources live outside extensions/storefront/ because the Shopify
// CLI refuses any folder there but assets, blocks, locales and snippets.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { BUNDLE_LIMIT_BYTES, buildCustomerAccountExtension } from "./customer-account-bundle";

export const STOREFRONT_SOURCES = path.resolve("extensions/storefront-src");
export const STOREFRONT_ASSETS = path.resolve("extensions/storefront/assets");

export interface BuiltAsset {
  /** The file name in assets/, e.g. `my-cards.js`. */
  name: string;
  contents: string;
}

/** Each source minified (no bundling: every block script is one self-contained file), in memory. */
export async function buildStorefrontAssets(sources = STOREFRONT_SOURCES): Promise<BuiltAsset[]> {
  const entryPoints = readdirSync(sources)
    .filter((name) => /\.(js|css)$/.test(name))
    .sort()
    .map((name) => path.join(sources, name));
  const result = await build({
    entryPoints,
    outdir: STOREFRONT_ASSETS, // names the outputs; nothing is written here
    write: false,
    minify: true,
    // Browsers Shopify's Online Store supports; keeps `catch {}` and `?.` as written.
    target: ["es2020", "chrome90", "firefox90", "safari14"],
    legalComments: "none",
    charset: "utf8",
    logLevel: "silent",
  });
  return result.outputFiles.map((file) => ({ name: path.basename(file.path), contents: file.text }));
}

/** The built files whose copy in `assets` differs from a fresh build of `sources` (or is missing). */
export async function staleStorefrontAssets(sources = STOREFRONT_SOURCES, assets = STOREFRONT_ASSETS): Promise<string[]> {
  const built = await buildStorefrontAssets(sources);
  return built
    .filter(({ name, contents }) => {
      try {
        return readFileSync(path.join(assets, name), "utf8") !== contents;
      } catch {
        return true;
      }
    })
    .map(({ name }) => name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const { name, contents } of await buildStorefrontAssets()) {
    writeFileSync(path.join(STOREFRONT_ASSETS, name), contents);
    const source = readFileSync(path.join(STOREFRONT_SOURCES, name));
    console.log(`extensions/storefront/assets/${name}: ${Buffer.byteLength(contents)} bytes (source ${source.length})`);
  }
  // The Shopify CLI bundles the customer account extension itself at deploy: only its size is checked here.
  for (const [target, bundle] of Object.entries(await buildCustomerAccountExtension())) {
    console.log(
      `extensions/customer-account (${target}): ${Buffer.byteLength(bundle)} bytes bundled (Shopify's limit ${BUNDLE_LIMIT_BYTES}; not written)`,
    );
  }
}
