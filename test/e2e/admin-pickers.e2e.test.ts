import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { newId } from "~/domain/ids";
import { createRule } from "~/domain/issuing-rules.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { shown, toast } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";
import { TEST_ENV } from "../support/test-env";

// Shopify's pickers and links, and Home at a glance (issue 27, items 4 and 6), as a
// merchant clicks them in Debian's Chromium: in the admin frame (1,040 px) and on a
// phone (390 px), in English and in French. Screenshots (TEST_SCREENSHOTS=1) go to test/output/screenshots.
const demoUrl = inject("demoUrl");
const adminApiStubUrl = inject("adminApiStubUrl");
let browser: Browser;
const savedRules: string[] = [];

// One rule that issued 3 items in the window, for Home's top-rules chart. Its product is no demo
// product's, so no other test's order meets it.
const TOP_RULE_TITLE = "Issued by a past rule";
let topRuleId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const rule = await createRule(DEMO_SHOP, {
    targetType: "PRODUCT",
    targetId: "gid://shopify/Product/999000111",
    targetTitle: TOP_RULE_TITLE,
    trigger: "PAID",
    issueTwin: true,
  });
  topRuleId = rule.id;
  savedRules.push(rule.id);
  await db.orderIssue.create({
    data: {
      id: newId("iss"),
      shop: DEMO_SHOP,
      ruleId: rule.id,
      orderId: "999000111",
      orderName: "#9991",
      lineItemId: newId("iss"),
      moment: "paid",
      productTitle: TOP_RULE_TITLE,
      quantity: 3,
      status: "ISSUED",
      cardIds: ["card_top_a", "card_top_b", "card_top_c"],
    },
  });
});
afterAll(async () => {
  await browser?.close();
  // The demo shop's other tests place orders: a rule left behind would issue for them.
  await db.orderIssue.deleteMany({ where: { ruleId: topRuleId } });
  await db.issuingRule.deleteMany({ where: { id: { in: savedRules } } });
});

const WORDS = {
  en: {
    pickProduct: "Select a product",
    pickerTitle: "Select product",
    search: "Search",
    select: "Select",
    save: "Save rule",
    saved: "Rule saved",
    chooseFile: "Choose from Files",
    fileSearch: "Search files",
    imageUrl: "Image URL",
    glance: "Last 30 days",
    caption: "Cards and twins issued and cards claimed each day of the last 30 days",
    addBlock: "Add the “My cards” block in the theme editor",
  },
  fr: {
    pickProduct: "Choisir un produit",
    pickerTitle: "Sélectionner un produit",
    search: "Rechercher",
    select: "Sélectionner",
    save: "Enregistrer la règle",
    saved: "Règle enregistrée",
    chooseFile: "Choisir dans Fichiers",
    fileSearch: "Rechercher des fichiers",
    imageUrl: "URL de l’image",
    glance: "30 derniers jours",
    caption: "Cartes et jumeaux émis et cartes récupérées chaque jour des 30 derniers jours",
    addBlock: "Ajouter le bloc « Mes cartes » dans l’éditeur de thème",
  },
} as const;

const SIZES = [
  { name: "frame", width: 1040, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function open(locale: "en" | "fr", size: (typeof SIZES)[number], path: string): Promise<Page> {
  const page = await newPage(browser);
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: path, locale })}`);
  await page.locator("ui-nav-menu").waitFor();
  return page;
}

const shot = (page: Page, name: string) => screenshot(page, `pickers-${name}`);

describe("Shopify's pickers and links, Home at a glance (demo mode, Chromium)", { timeout: 180_000 }, () => {
  for (const locale of ["en", "fr"] as const) {
    for (const size of SIZES) {
      const words = WORDS[locale];

      it(`${locale}, ${size.width} px: picks a product through the resource picker with a search and saves the rule`, async () => {
        const page = await open(locale, size, "/app/automation/new");
        await page.getByRole("button", { name: words.pickProduct }).click();
        const picker = page.getByRole("dialog", { name: words.pickerTitle });
        await shown(picker);
        await picker.getByRole("searchbox", { name: words.search }).fill("skate");
        // The search narrows the list to the one matching product.
        await expect.poll(() => picker.getByRole("listitem").count()).toBe(1);
        await picker.getByLabel("Maple Cruiser Skateboard").check();
        await shot(page, `picker-${locale}-${size.width}`);
        await picker.getByRole("button", { name: words.select }).click();

        await shown(page.getByTestId("rule-target-title").getByText("Maple Cruiser Skateboard"));
        await page.getByRole("button", { name: words.save }).click();
        await shown(toast(page, words.saved));
        const rule = await db.issuingRule.findFirst({
          where: { shop: DEMO_SHOP, targetTitle: "Maple Cruiser Skateboard", id: { notIn: savedRules } },
          orderBy: { createdAt: "desc" },
        });
        expect(rule).toMatchObject({ targetType: "PRODUCT", targetId: expect.stringMatching(/^gid:\/\/shopify\/Product\/\d+$/) });
        savedRules.push(rule!.id);
        await page.close();
      });

      it(`${locale}, ${size.width} px: picks an image from the shop's Files into Create cards`, async () => {
        const page = await open(locale, size, "/app/cards/new");
        await page.getByRole("button", { name: words.chooseFile }).first().click();
        const modal = page.getByRole("dialog");
        await modal.getByLabel(words.fileSearch).fill("Aurora");
        const mug = modal.getByRole("button", { name: /Aurora Ceramic Mug/ });
        await shown(mug);
        await expect.poll(() => modal.getByRole("button", { name: /Sunglasses/ }).count()).toBe(0);
        await shot(page, `files-${locale}-${size.width}`);
        await mug.first().click();

        const field = page.getByLabel(words.imageUrl).first();
        await expect.poll(() => field.inputValue()).toMatch(new RegExp(`^${adminApiStubUrl.replace(/[.]/g, "\\.")}/images/.+`));
        await page.close();
      });

      it(`${locale}, ${size.width} px: Home draws the 30 days as a chart, states them as text, and links into the theme editor`, async () => {
        const page = await open(locale, size, "/app");
        await shown(page.getByRole("heading", { name: words.glance }));
        // The chart (polaris-viz, loaded by Home only) draws an svg inside the card.
        await page.getByTestId("glance-charts").locator("svg").first().waitFor({ state: "attached" });
        // Screen readers get the numbers as a table: every day, with its issued and claimed counts.
        const table = page.getByRole("table", { name: words.caption });
        expect(await table.getByRole("row").count()).toBe(31);
        const today = (await table.getByRole("row").last().innerText()).split(/\s+/);
        expect(today.slice(-2).every((count) => /^\d[\d\s\u202f\u00a0]*$/.test(count))).toBe(true);

        // The top rules as bars whose title and count can be read, drawn inside their box (polaris-viz's
        // 200-px minimum once overflowed a 120-px box: one solid block, its labels cut off).
        const topRules = page.getByTestId("top-rules-chart");
        const bars = topRules.locator("svg").first();
        await shown(bars.getByText(TOP_RULE_TITLE));
        await shown(bars.getByText("3", { exact: true }));
        const [box, drawn] = await Promise.all([topRules.boundingBox(), bars.boundingBox()]);
        expect(drawn!.y + drawn!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);

        const link = page.getByRole("link", { name: words.addBlock });
        expect(await link.getAttribute("target")).toBe("_top");
        expect(await link.getAttribute("href")).toBe(
          `https://${DEMO_SHOP}/admin/themes/current/editor?template=page&addAppBlockId=${TEST_ENV.SHOPIFY_API_KEY}/my-cards&target=newAppsSection`,
        );
        await shot(page, `home-${locale}-${size.width}`);
        await page.close();
      });
    }
  }
});
