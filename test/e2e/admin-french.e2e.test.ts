import { randomUUID } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "~/db/client.server";
import { DEMO_SHOP } from "~/faces/demo/demo-mode.server";
import { createCard } from "~/domain/cards.server";
import { createFormatter } from "~/faces/admin/i18n/format";
import { navigate, shown } from "../support/admin-browser";
import { launchBrowser, newPage, screenshot } from "../support/browser";

// A French merchant: Shopify admin opens the app with locale=fr (the demo plays Shopify admin).
// The demo shop is in Europe/Paris (the Admin API stub's shop.ianaTimezone).
const demoUrl = inject("demoUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the demo admin in French at `path`, as Shopify admin opens it for a merchant whose admin is in French. */
async function openFrenchAdmin(path = "/app"): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: path, locale: "fr" })}`);
  await page.locator("ui-nav-menu").getByRole("link", { name: "Accueil" }).waitFor();
  return page;
}

const heading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true, level: 1 });
const language = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** How the admin writes a time for this French merchant: French, in the shop's zone, the zone named. */
const parisTime = (date: Date) => createFormatter({ locale: "fr", timeZone: "Europe/Paris" }).dateTime(date);

describe("a French merchant (demo mode, Chromium)", { timeout: 180_000 }, () => {
  it("reads every admin page in French, with times in the shop's zone, through reloads and client-side navigation", async () => {
    const email = `marie-${randomUUID().slice(0, 8)}@example.com`;
    const cardName = `Carte ${randomUUID().slice(0, 6)}`;
    await createCard(DEMO_SHOP, { name: cardName, media: { imageUrls: [] }, email });
    const notification = await db.notification.findFirstOrThrow({ where: { shop: DEMO_SHOP, destination: email } });

    // Home
    const page = await openFrenchAdmin();
    expect(await language(page)).toBe("fr");
    await shown(heading(page, "Twin Cards"));
    await shown(page.getByText("Cartes à récupérer"));
    await shown(page.getByRole("heading", { name: "Configuration" }));
    await shown(page.getByRole("link", { name: "Créer une clé d’API" }));
    await screenshot(page, "fr-01-home");

    // Customers, with an empty search (the menu: client-side navigations)
    await navigate(page, "Clients");
    await shown(heading(page, "Clients"));
    await shown(page.getByRole("columnheader", { name: "Commandes" }));
    const search = page.getByPlaceholder("Rechercher par nom, e-mail ou téléphone");
    await search.fill("zzz-personne");
    await search.press("Enter");
    await shown(page.getByText("Aucun client trouvé"));
    await shown(page.getByText("Personne ne correspond à «\u00a0zzz-personne\u00a0»."));
    await screenshot(page, "fr-02-customers-empty");

    // A customer's page; a bad e-mail on "Créer une carte" gets a French message under its field
    await search.fill("");
    await search.press("Enter");
    const row = page.locator("tbody tr").first();
    const customerName = (await row.locator("td").first().innerText()).trim();
    await row.click();
    await shown(heading(page, customerName));
    await shown(page.getByRole("heading", { name: `Créer une carte pour ${customerName}` }));
    await shown(page.getByRole("heading", { name: "Produits commandés" }));
    await shown(page.getByRole("button", { name: "Valider" }));
    // The customer may already have a universal name (other tests register some): choose the code explicitly.
    await page.getByText("Récupérée avec un code qui lui est envoyé").click();
    await expect.poll(() => page.getByLabel("Récupérée avec un code qui lui est envoyé").isChecked()).toBe(true);
    await page.getByLabel("Nom de la carte").fill(cardName + " refusée");
    await page.getByLabel("E-mail", { exact: true }).fill("marie@");
    await page.getByRole("button", { name: "Créer la carte" }).click();
    const emailError = page.getByText("Saisissez une adresse e-mail valide");
    await shown(emailError);
    // Under its field: Polaris ties the message to the input it describes.
    const describedBy = await page.getByLabel("E-mail", { exact: true }).getAttribute("aria-describedby");
    expect(describedBy).toContain(await emailError.first().evaluate((element) => element.closest("[id]")?.id ?? ""));
    expect(await db.unitCard.count({ where: { shop: DEMO_SHOP, name: `${cardName} refusée` } })).toBe(0);
    await screenshot(page, "fr-03-customer-error");

    // Cards; a tab changes the URL's query, so every loader (the root's language included) runs again: still French
    await navigate(page, "Cartes");
    await shown(heading(page, "Cartes"));
    await shown(page.getByRole("link", { name: "Créer des cartes" }).first());
    const cardRow = page.getByRole("row", { name: new RegExp(cardName) });
    await shown(cardRow.getByText("À récupérer"));
    await shown(cardRow.getByText(/^Expire le \d{1,2} [a-zéû]+\.? \d{4}$/));
    await page.getByRole("tab", { name: "Détenue" }).click();
    await page.waitForURL(/status=OWNED/);
    await shown(heading(page, "Cartes"));
    await shown(page.getByRole("tab", { name: "Toutes" }));
    expect(await language(page)).toBe("fr");
    await screenshot(page, "fr-04-cards");

    // Twins
    await navigate(page, "Jumeaux");
    await shown(heading(page, "Jumeaux numériques"));
    await shown(
      page.getByText("Les jumeaux que cette boutique a émis aux noms universels de ses clients, des plus récents aux plus anciens."),
    );
    await screenshot(page, "fr-05-twins");

    // Automation: the rules (or what they are for) and the order webhooks; the rule form
    await navigate(page, "Automatisation");
    await shown(heading(page, "Automatisation"));
    await shown(page.getByRole("heading", { name: "Webhooks de commande récents" }));
    await page.getByRole("link", { name: "Créer une règle" }).first().click();
    await shown(heading(page, "Créer une règle"));
    await shown(page.getByText("À l’expédition", { exact: true }));
    await shown(page.getByText("Émettre une carte unitaire", { exact: true }));
    await screenshot(page, "fr-05b-automation-new");

    // Notifications: the time in Paris, written the French way
    await navigate(page, "Notifications");
    await shown(heading(page, "Notifications"));
    await shown(page.getByRole("tab", { name: "En échec" }));
    const created = parisTime(notification.createdAt);
    expect(created).toMatch(/^\d{1,2} [a-zéû]+\.? \d{4}, \d{2}:\d{2} UTC\+[12]$/);
    await shown(page.getByRole("row", { name: new RegExp(email) }).getByText(created));
    await screenshot(page, "fr-06-notifications");

    // Settings, then a reload: Shopify admin (here the demo) opens the page again, still in French
    await navigate(page, "Paramètres");
    await shown(heading(page, "Paramètres"));
    await shown(page.getByRole("heading", { name: "Clés d’API" }));
    await shown(page.getByRole("button", { name: "Créer la clé d’API" }));
    await shown(page.getByRole("heading", { name: "Émission on-chain" }));
    await page.reload();
    await shown(heading(page, "Paramètres"));
    expect(new URL(page.url()).pathname).toBe("/app/settings");
    expect(await language(page)).toBe("fr");
    await screenshot(page, "fr-07-settings-reloaded");

    // After the reload, the menu still leads to French pages
    await navigate(page, "Accueil");
    await shown(page.getByText("Cartes à récupérer"));
  });

  it("switches the demo's Shopify admin language back to English from the admin bar", async () => {
    const page = await openFrenchAdmin("/app/cards");
    await shown(heading(page, "Cartes"));
    await page.getByRole("link", { name: "English" }).click();
    await shown(heading(page, "Cards"));
    expect(new URL(page.url()).pathname).toBe("/app/cards");
    expect(await language(page)).toBe("en");
    await page.getByRole("link", { name: "Français" }).click();
    await shown(heading(page, "Cartes"));
  });

  it("shows the admin in English when Shopify admin is in a language the app does not speak", async () => {
    const page = await newPage(browser);
    await page.goto(`${demoUrl}/demo?${new URLSearchParams({ to: "/app/settings", locale: "de-DE" })}`);
    await shown(heading(page, "Settings"));
    expect(await language(page)).toBe("de-DE");
  });
});
