import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { onTestFinished } from "vitest";
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
      // Every page of a site (all of 127.0.0.1, whatever the port) in one renderer per context: see contextFor.
      "--process-per-site",
    ],
  });
}

/**
 * A new page (a tab of its own: no session storage) in a context with no cookies, closed when the
 * test that opened it finishes. The context is a fresh one, or one whose pages have all closed, its
 * cookies cleared: the app keeps nothing else in the browser, and a context already holding the
 * admin's hashed scripts and styles (cached for good) opens a page in half the time of a new one.
 * Each context also keeps one blank page of 127.0.0.1 open, so the renderer process of the site
 * outlives the pages: a new page then finds the admin's scripts already compiled and takes about
 * 0.55 s of Chromium's CPU to load the Cards list instead of about 1.9 s (a new process each time).
 */
/** A browser context's options a test may set: JavaScript off, another device's user agent, the visitor's time zone. */
export interface PageOptions {
  javaScriptEnabled?: boolean;
  userAgent?: string;
  timezoneId?: string;
}

export async function newPage(browser: Browser, options: PageOptions = {}): Promise<Page> {
  const context = await contextFor(browser, options);
  const page = await context.newPage();
  closeWithTest(page);
  return page;
}

/** Contexts whose pages have all closed, by browser and options. */
const idleContexts = new WeakMap<Browser, Map<string, BrowserContext[]>>();

async function contextFor(browser: Browser, options: PageOptions): Promise<BrowserContext> {
  const key = JSON.stringify(options);
  const idle = idleContexts.get(browser) ?? new Map<string, BrowserContext[]>();
  idleContexts.set(browser, idle);
  const reused = idle.get(key)?.pop();
  if (reused) {
    await reused.clearCookies();
    return reused;
  }
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1280, height: 900 }, ...options });
  await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: "http://127.0.0.1" }).catch(() => undefined);
  // Generous: the suite runs other heavy files beside the browser on 2 cores.
  context.setDefaultTimeout(30_000);
  const keeper = await keepSiteProcess(context);
  const release = () => {
    const open = context.pages().filter((page) => page !== keeper);
    if (open.length === 0 && !idle.get(key)?.includes(context)) idle.set(key, [...(idle.get(key) ?? []), context]);
  };
  context.on("page", (page) => page.on("close", release));
  context.on("close", () =>
    idle.set(
      key,
      (idle.get(key) ?? []).filter((other) => other !== context),
    ),
  );
  return context;
}

/** The blank page of 127.0.0.1 that keeps the site's renderer process alive between a context's pages (nothing listens on port 80: it is fulfilled here). */
async function keepSiteProcess(context: BrowserContext): Promise<Page> {
  const keeper = await context.newPage();
  await keeper.route(KEEPER_URL, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>keeper</title>" }));
  await keeper.goto(KEEPER_URL);
  return keeper;
}
const KEEPER_URL = "http://127.0.0.1/twin-cards-test-keeper";

/** Closes `page` once the running test has finished; a page opened outside a test (beforeAll) is left to its opener. */
function closeWithTest(page: Page) {
  try {
    onTestFinished(() => page.close());
  } catch {
    // Not inside a test.
  }
}

/**
 * Screenshots for a person to look at (nothing asserts on them), written to test/output/screenshots when
 * the run asks for them (`TEST_SCREENSHOTS=1 npm test`): a full-page one costs about 0.6 s on a busy
 * 2-core machine, and the suite takes some two hundred.
 */
export const screenshotsWanted = (): boolean => process.env.TEST_SCREENSHOTS === "1";

export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted()) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
