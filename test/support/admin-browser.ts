import type { Browser, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { newPage, screenshot } from "./browser";

/**
 * The embedded admin of the demo shop, opened through /demo on a demo-mode server, at `path`,
 * in the merchant's admin language (`locale`, as Shopify admin passes it).
 */
export async function openAdminPage(browser: Browser, serverUrl: string, path = "/app", locale: "en" | "fr" = "en"): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${serverUrl}/demo?${new URLSearchParams({ to: path, ...(locale === "en" ? {} : { locale }) })}`);
  await page.getByRole("link", { name: locale === "fr" ? "Accueil" : "Home" }).waitFor();
  return page;
}

/** Waits until React has hydrated the page (app/root.tsx marks it): a click before that does nothing. */
export const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

/** Waits until the element is on screen; fails the test if it never is. */
export const shown = (locator: Locator) => locator.first().waitFor({ state: "visible" });
/** Follows a link of the app's navigation menu (App Bridge's ui-nav-menu). */
export const navigate = (page: Page, name: string) => page.locator("ui-nav-menu").getByRole("link", { name }).click();
/** A toast the local App Bridge shows. */
export const toast = (page: Page, text: string | RegExp) => page.locator("#demo-toasts").getByText(text);

/** Opens Customers, then the first customer's page; returns the customer's name. */
export async function openFirstCustomer(page: Page, screenshotName?: string) {
  await navigate(page, "Customers");
  await page.getByRole("heading", { name: "Customers" }).waitFor();
  if (screenshotName) await screenshot(page, screenshotName);
  const row = page.locator("tbody tr").first();
  const name = (await row.locator("td").first().innerText()).trim();
  await row.click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
  return name;
}

/** On a customer's page: registers a universal name for their wallet, then validates it (issuing step 1). */
export async function registerAndValidateName(page: Page, name: string, wallet: string) {
  await page.getByLabel("Universal name", { exact: true }).fill(name);
  await page.getByLabel("Wallet public key").fill(wallet);
  await page.getByRole("button", { name: "Register name" }).click();
  await shown(toast(page, `“${name}” registered`));
  await page.getByLabel("Customer's universal name").fill(name);
  await page.getByRole("button", { name: "Validate" }).click();
  // The banner names the wallet it is registered to, shortened as admin shows addresses.
  await shown(page.getByText(`“${name}” is registered to ${wallet.slice(0, 5)}…${wallet.slice(-4)}`));
}

/** Step 2: pre-fills the twin from the customer's first ordered product; returns its title once the form shows it. */
export async function prefillFirstOrderedProduct(page: Page): Promise<string> {
  const product = page.getByLabel("Pre-fill from an ordered product");
  const title = (await product.locator("option").nth(1).innerText()).split(" — ")[0]!;
  await product.selectOption({ index: 1 });
  await expect.poll(() => page.getByLabel("Title").inputValue()).toBe(title);
  return title;
}

/** Picks the rule's product with the App Bridge stand-in's resource picker: searched by `search`, then chosen by title. */
export async function pickRuleProduct(page: Page, title: string, search = title) {
  await page.getByRole("button", { name: "Select a product" }).click();
  const picker = page.getByRole("dialog", { name: "Select product" });
  await picker.getByRole("searchbox", { name: "Search" }).fill(search);
  await picker.getByLabel(title, { exact: true }).check();
  await picker.getByRole("button", { name: "Select" }).click();
  await page.getByTestId("rule-target-title").getByText(title).waitFor();
}
