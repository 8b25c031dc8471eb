import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildStorefrontAssets, STOREFRONT_ASSETS, STOREFRONT_SOURCES, staleStorefrontAssets } from "../../scripts/extensions-build";
import { formatOffense, themeCheck } from "../../scripts/theme-check";

// The theme app extension as `shopify app deploy` uploads it: what Shopify's own
// linter says about it, and whether its minified assets match their sources.
const scratch = mkdtempSync(path.join(os.tmpdir(), "twin-cards-assets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("storefront theme app extension", () => {
  it("passes Shopify's theme-check with the app-extension rules (block scripts under 10,000 bytes included)", async () => {
    const offenses = await themeCheck();

    expect(offenses.map(formatOffense)).toEqual([]);
  });

  it("ships assets/ minified from extensions/storefront-src/ as they are now (run `npm run extensions:build`)", async () => {
    expect(await staleStorefrontAssets()).toEqual([]);
  });

  it("notices a source changed after its asset was built", async () => {
    const sources = path.join(scratch, "src");
    const assets = path.join(scratch, "assets");
    cpSync(STOREFRONT_SOURCES, sources, { recursive: true });
    cpSync(STOREFRONT_ASSETS, assets, { recursive: true });
    for (const { name, contents } of await buildStorefrontAssets(sources)) writeFileSync(path.join(assets, name), contents);
    expect(await staleStorefrontAssets(sources, assets)).toEqual([]);

    const source = path.join(sources, "my-cards.js");
    writeFileSync(source, readFileSync(source, "utf8").replaceAll("twin-cards:claimed", "twin-cards:refreshed"));

    expect(await staleStorefrontAssets(sources, assets)).toEqual(["my-cards.js"]);
  });
});
