import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { USER_AGENT } from "./api";

/** Where e2e runs leave their screenshots (git-ignored): look at them. */
export const SCREENSHOT_DIR = path.resolve("test/output/screenshots");

/** Debian's Chromium, headless, with nothing but loopback reachable. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export async function newPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1280, height: 900 }, ...options });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: "http://127.0.0.1" }).catch(() => undefined);
  // Generous: the suite runs other heavy files beside the browser on 2 cores.
  context.setDefaultTimeout(30_000);
  return context.newPage();
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
