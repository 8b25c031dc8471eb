import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { Keypair } from "@solana/web3.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { shown } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";

// Import CSV and Export in Debian's Chromium: a bad row shows at its row, the fixed file
// imports, its cards appear in the list, and the export saves a file that has them.
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WORDS = {
  en: {
    home: "Home",
    more: /View actions|More actions/,
    row: "Row",
    notAKey: /Solana public key/i,
    imported: "2 cards imported",
    importButton: "Import 2 cards",
    viewCards: "View cards",
    exportGroup: "Export",
    exportCards: "Export cards (CSV)",
  },
  fr: {
    home: "Accueil",
    more: /Afficher les actions|Autres actions/,
    row: "Ligne",
    notAKey: /clé publique Solana/i,
    imported: "2 cartes importées",
    importButton: "Importer 2 cartes",
    viewCards: "Voir les cartes",
    exportGroup: "Exporter",
    exportCards: "Exporter les cartes (CSV)",
  },
};

const file = (rows: string[][]) => ({
  name: "cards.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(["name,owner,public_key,metadata:tier", ...rows.map((row) => row.join(","))].join("\r\n") + "\r\n"),
});

describe("Import CSV and export (demo mode, Chromium)", { timeout: 120_000 }, () => {
  for (const { width, locale } of [
    { width: 1040, locale: "en" as const },
    { width: 390, locale: "fr" as const },
  ]) {
    it(`at ${width} px in ${locale === "en" ? "English" : "French"}: a bad row is shown at its row, the fixed file imports and exports`, async () => {
      const words = WORDS[locale];
      const suffix = randomUUID().slice(0, 6);
      const names = [`CSV Gold ${suffix}`, `CSV Silver ${suffix}`];
      const good = names.map((name, index) => [name, `shopify|${900 + index}`, Keypair.generate().publicKey.toBase58(), "gold"]);
      const page = await newPage(browser);
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: "/app/cards/import", locale })}`);
      await page.locator("ui-nav-menu").getByRole("link", { name: words.home }).waitFor();

      // Row 3 of the file (the header is row 1) has a public key that is not one.
      await page.locator('input[type="file"]').setInputFiles(file([good[0]!, [names[1]!, "shopify|901", "not-a-key", "gold"]]));
      // A table row on a wide screen, a stacked list item on a phone: either way row 3, its column and the problem.
      const errorRow = page
        .locator("tr, li")
        .filter({ hasText: "public_key" })
        .filter({ hasText: `${words.row} 3` });
      await shown(errorRow);
      expect(await errorRow.count()).toBe(1);
      expect(await errorRow.innerText()).toMatch(words.notAKey);
      const box = (await errorRow.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await screenshot(page, `csv-import-error-${width}-${locale}`);

      await page.locator('input[type="file"]').setInputFiles(file(good));
      await page.getByRole("button", { name: words.importButton }).click();
      await shown(page.getByText(words.imported));
      await screenshot(page, `csv-imported-${width}-${locale}`);

      await page
        .getByRole("link", { name: words.viewCards })
        .or(page.getByRole("button", { name: words.viewCards }))
        .first()
        .click();
      await page.waitForURL(/\/app\/cards(\?|$)/);
      for (const name of names) await shown(page.getByText(name));

      if (width >= 1040) await page.getByRole("button", { name: words.exportGroup, exact: true }).click();
      else await page.getByRole("button", { name: words.more }).click();
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByText(words.exportCards, { exact: true }).click()]);
      expect(download.suggestedFilename()).toMatch(/^twin-cards-cards-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile((await download.path())!, "utf8");
      const delimiter = locale === "fr" ? ";" : ",";
      expect(text.split("\r\n")[0]).toContain(["id", "name", "status"].join(delimiter));
      for (const name of names) expect(text).toContain(`${delimiter}${name}${delimiter}OWNED${delimiter}`);
    });
  }
});
