// A local stand-in for a Shopify storefront (demo and tests only): a theme-like page
// with both app blocks rendered by liquidjs from the real .liquid files of the theme
// app extension (extensions/storefront/), the extension's assets, the app proxy
// (/apps/twincards/* → <appUrl>/proxy/*, signed as Shopify signs it) and, when given
// customers, a login page where a visitor picks which customer they are.
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Liquid, type TagToken, type TopLevelToken } from "liquidjs";

export const EXTENSION_DIR = path.resolve("extensions/storefront");
export const PROXY_PREFIX = "/apps/twincards";

/** The app blocks, in the order the page shows them. */
export const STOREFRONT_BLOCKS = ["claim-card", "my-cards"] as const;
export type StorefrontBlock = (typeof STOREFRONT_BLOCKS)[number];

export interface StorefrontCustomer {
  id: string;
  name: string;
  email: string;
}

export interface StorefrontHarnessOptions {
  /** The app's origin; proxy requests go to `<appUrl>/proxy/*`. Empty until `proxyTo` sets it. */
  appUrl: string;
  /** 0 (default): a free port. */
  port?: number;
  /** The app's API secret, which signs proxy requests. */
  apiSecret: string;
  /** The shop's *.myshopify.com domain. */
  shop: string;
  /** The logged-in customer's numeric id, or null for a logged-out visitor (until they log in as one of `customers`). */
  customerId: string | null;
  /** Who /account/login offers to log in as; the choice is kept in a cookie. */
  customers?: readonly StorefrontCustomer[];
  /** The storefront locale (a file in extensions/storefront/locales/); `?locale=` on the page overrides it. */
  locale?: string;
  /**
   * Set per request from a localized path (`/fr/apps/twincards/...`, as Shopify serves a
   * published language in a subfolder): the locale's root, which Liquid's `routes.root_url` gives.
   */
  localizedRoot?: string;
  /** Sent to the app as X-Forwarded-For, as Shopify forwards the shopper's address. */
  clientAddress?: string;
  /** Block settings over the schema's defaults. */
  settings?: Partial<Record<StorefrontBlock, Record<string, unknown>>>;
}

export interface StorefrontHarness {
  /** The storefront's origin; the page with both blocks is at `/` (and `/pages/twin-cards`). */
  url: string;
  /** Sends the app proxy to `appUrl` from now on (for an app started after the storefront, which it needs to know). */
  proxyTo(appUrl: string): void;
  close(): Promise<void>;
}

/** Shopify's app proxy signature: every param but `signature`, sorted, `key=value` joined with nothing, HMAC-SHA256 hex. */
export function signProxyQuery(params: URLSearchParams, apiSecret: string): string {
  const grouped = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (key !== "signature") grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  const message = [...grouped.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, values]) => `${key}=${values.join(",")}`)
    .join("");
  return createHmac("sha256", apiSecret).update(message).digest("hex");
}

// Params Shopify sets itself on proxied requests: a shopper can never supply them.
const SHOPIFY_PARAMS = new Set(["shop", "logged_in_customer_id", "path_prefix", "timestamp", "signature"]);
// Request headers passed to the app; Shopify strips cookies and most others.
const FORWARDED_REQUEST_HEADERS = ["accept", "accept-language", "content-type", "user-agent"];
const FORWARDED_RESPONSE_HEADERS = ["content-type", "retry-after", "location", "cache-control", "x-request-id", "x-robots-tag"];
const LAYOUT_NONE = /^\s*{%-?\s*layout\s+none\s*-?%}/;

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json; charset=utf-8",
};

export async function startStorefrontHarness(given: StorefrontHarnessOptions): Promise<StorefrontHarness> {
  const options = { ...given };
  const server = http.createServer((req, res) => {
    handle(req, res, withVisitor(options, req), new URL(req.url ?? "/", "http://storefront.local")).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`Storefront harness error: ${error instanceof Error ? error.stack : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    proxyTo: (appUrl) => {
      options.appUrl = appUrl;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

// Shopify's localized paths: `/fr/...` (or `/fr-ca/...`) is the page in that published language.
const LOCALIZED_PATH = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/;

async function handle(req: http.IncomingMessage, res: http.ServerResponse, visitor: StorefrontHarnessOptions, url: URL) {
  let options = visitor;
  const localized = LOCALIZED_PATH.exec(url.pathname);
  if (localized && localized[1] !== (visitor.locale ?? "en")) {
    options = { ...visitor, locale: localized[1], localizedRoot: `/${localized[1]}` };
    url.pathname = localized[2] ?? "/";
  }
  if (url.pathname === PROXY_PREFIX || url.pathname.startsWith(`${PROXY_PREFIX}/`)) return proxy(req, res, url, options);
  if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain; charset=utf-8", "Method not allowed");
  if (url.pathname.startsWith("/assets/")) return asset(res, url.pathname.slice("/assets/".length));
  if (url.pathname === "/" || url.pathname === "/pages/twin-cards") {
    return send(res, 200, "text/html; charset=utf-8", await renderPage(options, url));
  }
  if (url.pathname === "/account/login") return send(res, 200, "text/html; charset=utf-8", loginPage(options, url));
  if (url.pathname === "/account/logout") return logIn(res, "", "/");
  if (url.pathname.startsWith("/account/login/")) {
    const customer = options.customers?.find((c) => c.id === url.pathname.slice("/account/login/".length));
    if (customer) return logIn(res, customer.id, safeReturnUrl(url));
  }
  return send(res, 404, "text/plain; charset=utf-8", "Not found");
}

const CUSTOMER_COOKIE = "storefront_customer";

/** The options as this visitor sees them: logged in as the customer their cookie names, if it is one of `customers`. */
function withVisitor(options: StorefrontHarnessOptions, req: http.IncomingMessage): StorefrontHarnessOptions {
  const cookie = /(?:^|;\s*)storefront_customer=(\d*)/.exec(req.headers.cookie ?? "");
  if (!cookie || !options.customers) return options;
  const customer = options.customers.find((c) => c.id === cookie[1]);
  return { ...options, customerId: customer?.id ?? null };
}

function logIn(res: http.ServerResponse, customerId: string, returnUrl: string) {
  res.writeHead(303, {
    Location: returnUrl,
    "Set-Cookie": `${CUSTOMER_COOKIE}=${customerId}; Path=/; HttpOnly; SameSite=Lax`,
    "Cache-Control": "no-store",
  });
  res.end();
}

/** `return_url` when it is a path on this storefront, else the home page. */
const safeReturnUrl = (url: URL) => {
  const back = url.searchParams.get("return_url") ?? "/";
  return back.startsWith("/") && !back.startsWith("//") ? back : "/";
};

function send(res: http.ServerResponse, status: number, contentType: string, body: string | Buffer) {
  res.writeHead(status, { "Content-Type": contentType, "Cache-Control": "no-store" });
  res.end(body);
}

async function asset(res: http.ServerResponse, name: string) {
  if (!/^[\w.-]+$/.test(name)) return send(res, 404, "text/plain; charset=utf-8", "Not found");
  try {
    const body = await readFile(path.join(EXTENSION_DIR, "assets", name));
    return send(res, 200, CONTENT_TYPES[path.extname(name)] ?? "application/octet-stream", body);
  } catch {
    return send(res, 404, "text/plain; charset=utf-8", "Not found");
  }
}

/** What Shopify does for an app proxy: forward to the app with a signed query, pass the answer back unchanged. */
async function proxy(req: http.IncomingMessage, res: http.ServerResponse, url: URL, options: StorefrontHarnessOptions) {
  const target = new URL(`${options.appUrl}/proxy${url.pathname.slice(PROXY_PREFIX.length)}`);
  for (const [key, value] of url.searchParams) {
    if (!SHOPIFY_PARAMS.has(key)) target.searchParams.append(key, value);
  }
  target.searchParams.set("shop", options.shop);
  target.searchParams.set("logged_in_customer_id", options.customerId ?? "");
  target.searchParams.set("path_prefix", PROXY_PREFIX);
  target.searchParams.set("timestamp", String(Math.floor(Date.now() / 1000)));
  target.searchParams.set("signature", signProxyQuery(target.searchParams, options.apiSecret));

  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  headers.set("X-Forwarded-For", options.clientAddress ?? req.socket.remoteAddress ?? "127.0.0.1");
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";

  const answer = await fetch(target, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
    redirect: "manual",
  });
  const responseHeaders: Record<string, string> = {};
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) responseHeaders[name] = value;
  }
  // Shopify renders an application/liquid answer as Liquid, in the storefront's language, inside the theme's layout.
  if ((answer.headers.get("content-type") ?? "").startsWith("application/liquid")) {
    const locale = localeOf(options, url);
    // `{% layout none %}` first: the answer is the whole document, without the theme's layout.
    const source = await answer.text();
    const bare = LAYOUT_NONE.exec(source);
    const content = (await new Liquid().parseAndRender(
      bare ? source.slice(bare[0].length) : source,
      themeGlobals(options, url, locale),
    )) as string;
    res.writeHead(answer.status, { ...responseHeaders, "content-type": "text/html; charset=utf-8" });
    res.end(bare ? content : themePage({ options, locale, head: "", main: content }));
    return;
  }
  res.writeHead(answer.status, responseHeaders);
  res.end(Buffer.from(await answer.arrayBuffer()));
}

/** The storefront's language: `?locale=` on the page, else the harness's, else English. */
const localeOf = (options: StorefrontHarnessOptions, url: URL) => url.searchParams.get("locale") ?? options.locale ?? "en";

// ---- Liquid: the parts of Shopify's theme runtime the blocks use ----

interface BlockSchema {
  name: string;
  javascript?: string;
  stylesheet?: string;
  settings?: { id: string; default?: unknown }[];
}

const SCHEMA_TAG = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/;

/** The `{% schema %}` JSON of a block (Shopify reads it; it renders nothing). */
export function blockSchema(source: string): BlockSchema {
  const match = SCHEMA_TAG.exec(source);
  if (!match) throw new Error("The block has no {% schema %}");
  return JSON.parse(match[1]!) as BlockSchema;
}

type Translations = { [key: string]: string | Translations };

async function loadLocale(locale: string): Promise<Translations | null> {
  const file = locale === "en" ? "en.default.json" : `${locale}.json`;
  if (!/^[\w.-]+$/.test(file)) return null;
  try {
    return JSON.parse(await readFile(path.join(EXTENSION_DIR, "locales", file), "utf8")) as Translations;
  } catch {
    return null;
  }
}

function lookup(translations: Translations | null, key: string): string | undefined {
  let node: string | Translations | undefined = translations ?? undefined;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

async function liquidEngine(locale: string) {
  const [translations, fallback] = await Promise.all([loadLocale(locale), loadLocale("en")]);
  const engine = new Liquid({
    root: path.join(EXTENSION_DIR, "blocks"),
    partials: path.join(EXTENSION_DIR, "snippets"),
    extname: ".liquid",
    strictFilters: true,
  });
  // Shopify's `t`: the locale's string (else the default locale's), {{ name }} interpolated,
  // HTML-escaped unless the key ends in `_html`; a missing key prints "translation missing".
  engine.registerFilter("t", (key: string, ...args: unknown[]) => {
    const text = lookup(translations, key) ?? lookup(fallback, key);
    if (text === undefined) return `translation missing: ${locale}.${key}`;
    const values = Object.fromEntries(args.filter((arg): arg is [string, unknown] => Array.isArray(arg)));
    const interpolated = text.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ""));
    return key.endsWith("_html") ? interpolated : escapeHtml(interpolated);
  });
  engine.registerFilter("asset_url", (file: string) => `/assets/${encodeURIComponent(file)}`);
  // {% schema %}…{% endschema %} is read by Shopify, not rendered.
  engine.registerTag("schema", {
    parse(token: TagToken, remainTokens: TopLevelToken[]) {
      while (remainTokens.length) {
        const next = remainTokens.shift()!;
        if ("name" in next && next.name === "endschema") return;
      }
      throw new Error(`tag ${token.getText()} not closed`);
    },
    render() {},
  });
  return engine;
}

interface RenderedBlock {
  html: string;
  schema: BlockSchema;
}

async function renderBlock(
  engine: Liquid,
  name: StorefrontBlock,
  globals: object,
  options: StorefrontHarnessOptions,
): Promise<RenderedBlock> {
  const source = await readFile(path.join(EXTENSION_DIR, "blocks", `${name}.liquid`), "utf8");
  const schema = blockSchema(source);
  const defaults = Object.fromEntries((schema.settings ?? []).map((setting) => [setting.id, setting.default]));
  const block = {
    id: `${name.replace(/-/g, "_")}_AbC123`,
    type: `shopify://apps/twin-cards/blocks/${name}`,
    settings: { ...defaults, ...options.settings?.[name] },
    shopify_attributes: "",
  };
  const html = (await engine.parseAndRender(source, { block }, { globals })) as string;
  return { html: `<div id="shopify-block-${block.id}" class="shopify-block shopify-app-block">${html}</div>`, schema };
}

/** The Liquid globals of a storefront page (the parts the blocks and the proxy's pages use). */
function themeGlobals(options: StorefrontHarnessOptions, url: URL, locale: string) {
  return {
    customer: options.customerId ? { id: Number(options.customerId), first_name: firstName(options), name: customerName(options) } : null,
    shop: { name: "Harbor & Pine", permanent_domain: options.shop },
    request: { locale: { iso_code: locale, primary: locale === "en" }, path: url.pathname, host: url.host, page_type: "page" },
    routes: {
      root_url: options.localizedRoot ?? "/",
      account_login_url: `${options.localizedRoot ?? ""}/account/login`,
      account_url: `${options.localizedRoot ?? ""}/account`,
      cart_url: `${options.localizedRoot ?? ""}/cart`,
    },
  };
}

async function renderPage(options: StorefrontHarnessOptions, url: URL): Promise<string> {
  const locale = localeOf(options, url);
  const engine = await liquidEngine(locale);
  const globals = themeGlobals(options, url, locale);
  const blocks = await Promise.all(STOREFRONT_BLOCKS.map((name) => renderBlock(engine, name, globals, options)));
  // Shopify adds each app block's stylesheet and (deferred) script once per page.
  const stylesheets = [...new Set(blocks.flatMap((b) => (b.schema.stylesheet ? [b.schema.stylesheet] : [])))];
  const scripts = [...new Set(blocks.flatMap((b) => (b.schema.javascript ? [b.schema.javascript] : [])))];
  const head = [
    ...stylesheets.map((file) => `<link rel="stylesheet" href="/assets/${file}">`),
    ...scripts.map((file) => `<script src="/assets/${file}" defer></script>`),
  ].join("\n    ");
  const main = `<div class="page-header"><h1>Your collection</h1><p>Cards and digital twins from Harbor &amp; Pine, in one place.</p></div>
      ${blocks.map((b) => `<div class="shopify-section section">${b.html}</div>`).join("\n      ")}`;
  return themePage({ options, locale, head, main });
}

/** The theme's layout around a page's content, as theme.liquid wraps `content_for_layout`. */
function themePage({
  options,
  locale,
  head,
  main,
}: {
  options: StorefrontHarnessOptions;
  locale: string;
  head: string;
  main: string;
}): string {
  const account = options.customerId
    ? `<a href="/account/logout">${escapeHtml(firstName(options))}’s account · Log out</a>`
    : `<a href="/account/login">Log in</a>`;
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Your collection – Harbor &amp; Pine</title>
    <style>${THEME_CSS}</style>
    ${head}
  </head>
  <body>
    <a class="skip-link" href="#MainContent">Skip to content</a>
    <div class="announcement">Free shipping on orders over €50</div>
    <header class="site-header">
      <a class="site-header__logo" href="/">Harbor &amp; Pine</a>
      <nav aria-label="Main"><a href="/collections/all">Shop</a><a href="/collections/new">New in</a><a href="/pages/about">Our story</a></nav>
      <div class="site-header__icons">${account}<a href="/cart">Cart (0)</a></div>
    </header>
    <main id="MainContent">
      ${main}
    </main>
    <footer class="site-footer">
      <nav aria-label="Footer"><a href="/pages/contact">Contact</a><a href="/policies/shipping-policy">Shipping</a><a href="/policies/refund-policy">Returns</a></nav>
      <p>© 2026 Harbor &amp; Pine · Powered by Shopify</p>
    </footer>
  </body>
</html>`;
}

const customerName = (options: StorefrontHarnessOptions) =>
  options.customers?.find((c) => c.id === options.customerId)?.name ?? "Alex Morgan";
const firstName = (options: StorefrontHarnessOptions) => customerName(options).split(" ")[0]!;

/** Shopify's login, reduced to choosing which of the shop's customers you are. */
function loginPage(options: StorefrontHarnessOptions, url: URL): string {
  const back = safeReturnUrl(url);
  const choices = (options.customers ?? []).map(
    (c) =>
      `<li><a class="button" href="/account/login/${c.id}?return_url=${encodeURIComponent(back)}">Log in as ${escapeHtml(c.name)}</a> <small>${escapeHtml(c.email)}</small></li>`,
  );
  const body = choices.length
    ? `<p>This local storefront has no passwords: choose the customer you are.</p><ul class="login-choices">${choices.join("")}</ul>`
    : `<p>This storefront has no accounts: start it with a customer id.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Log in – Harbor &amp; Pine</title><style>${THEME_CSS}</style></head>
<body><main id="MainContent"><div class="page-header"><h1>Log in</h1>${body}
<p>Afterwards you return to <code>${escapeHtml(back)}</code>.</p></div></main></body></html>`;
}

// A minimal Dawn-like theme: the blocks must look at home with its fonts and colours.
const THEME_CSS = `
:root { --color-foreground: 28, 33, 37; --color-background: 250, 248, 244; --color-button: 33, 64, 54; --color-button-text: 255, 255, 255;
  --font-body: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; --page-width: 75rem; }
*, *::before, *::after { box-sizing: border-box; }
html { font-size: 100%; }
body { margin: 0; font-family: var(--font-body); font-size: 1rem; line-height: 1.6; letter-spacing: 0.01em;
  color: rgb(var(--color-foreground)); background: rgb(var(--color-background)); }
h1, h2, h3, h4 { font-family: Georgia, "Times New Roman", serif; font-weight: 500; line-height: 1.2; letter-spacing: 0.01em; }
h1 { font-size: 2.5rem; margin: 0 0 0.5rem; } h2 { font-size: 1.75rem; } h3 { font-size: 1.3rem; }
a { color: inherit; }
.skip-link { position: absolute; left: -999px; } .skip-link:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem 1rem; z-index: 10; }
.announcement { background: rgb(var(--color-button)); color: rgb(var(--color-button-text)); text-align: center; font-size: 0.85rem; padding: 0.4rem; letter-spacing: 0.06em; }
.site-header { display: flex; align-items: center; justify-content: space-between; gap: 2rem; max-width: var(--page-width); margin: 0 auto; padding: 1.25rem; border-bottom: 1px solid rgba(var(--color-foreground), 0.12); }
.site-header__logo { font-family: Georgia, serif; font-size: 1.6rem; text-decoration: none; letter-spacing: 0.04em; }
.site-header nav, .site-header__icons, .site-footer nav { display: flex; gap: 1.5rem; }
.site-header nav a, .site-header__icons a, .site-footer a { text-decoration: none; font-size: 0.95rem; }
.site-header nav a:hover, .site-footer a:hover { text-decoration: underline; }
main { max-width: var(--page-width); margin: 0 auto; padding: 2.5rem 0 1rem; }
.page-header { padding: 0 1.25rem 2rem; } .page-header p { margin: 0; opacity: 0.75; }
.site-footer { margin-top: 3rem; padding: 2rem 1.25rem; border-top: 1px solid rgba(var(--color-foreground), 0.12); font-size: 0.9rem; text-align: center; }
.site-footer nav { justify-content: center; margin-bottom: 0.5rem; } .site-footer p { margin: 0; opacity: 0.7; }
.login-choices { list-style: none; padding: 0; display: grid; gap: 0.75rem; margin: 1.5rem 0; }
.login-choices .button { display: inline-block; padding: 0.6rem 1.2rem; background: rgb(var(--color-button)); color: rgb(var(--color-button-text)); text-decoration: none; }
@media (max-width: 749px) { .site-header { flex-wrap: wrap; gap: 0.75rem 1.5rem; } .site-header nav { order: 3; width: 100%; } h1 { font-size: 2rem; } main { padding-top: 1.5rem; } }
`;
