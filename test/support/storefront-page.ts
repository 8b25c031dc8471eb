import type { Browser, Locator, Page } from "playwright-core";
import { uniqueClientAddress } from "./api";
import { newPage } from "./browser";
import { startStorefrontHarness, type StorefrontHarness, type StorefrontHarnessOptions } from "../../stubs/storefront/server";

export interface Storefront {
  page: Page;
  claim: Locator;
  myCards: Locator;
  /** Storefront paths under /apps/ the page asked for (the app proxy). */
  appRequests: string[];
}

/**
 * The theme page with both blocks, for `customerId` (null: logged out), opened in
 * Chromium through a signed app-proxy harness in front of `appUrl`. The harness
 * is pushed on `harnesses` for the caller to close.
 */
export async function openStorefrontPage(args: {
  browser: Browser;
  harnesses: StorefrontHarness[];
  appUrl: string;
  shop: string;
  customerId: string | null;
  query?: string;
  locale?: string;
  /** false: a browser with JavaScript turned off. */
  javaScriptEnabled?: boolean;
  /** The browser's user agent (a desktop Chrome's unless given: `DEVICES` in ./user-agent). */
  userAgent?: string;
  /** Block settings as the merchant saved them in the theme editor. */
  settings?: StorefrontHarnessOptions["settings"];
}): Promise<Storefront> {
  const harness = await startStorefrontHarness({
    appUrl: args.appUrl,
    apiSecret: "test-api-secret",
    shop: args.shop,
    customerId: args.customerId,
    locale: args.locale,
    clientAddress: uniqueClientAddress(),
    settings: args.settings,
  });
  args.harnesses.push(harness);
  const page = await newPage(args.browser, {
    javaScriptEnabled: args.javaScriptEnabled ?? true,
    ...(args.userAgent ? { userAgent: args.userAgent } : {}),
  });
  const appRequests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/apps/")) appRequests.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto(`${harness.url}/pages/twin-cards${args.query ?? ""}`);
  return {
    page,
    // By block, whatever language their headings are in.
    claim: page.locator("section.twin-cards--claim"),
    myCards: page.locator("section.twin-cards--my-cards"),
    appRequests,
  };
}
