import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildCustomerAccountExtension, CUSTOMER_ACCOUNT_DIR, type CustomerAccountTarget } from "../../scripts/customer-account-bundle";
import { customerAccountToken } from "./session-token";

/*
 * A stand-in for Shopify's customer account host (demo and tests only): a page per
 * target that provides what Shopify provides the extension — the `shopify` global
 * (session token, i18n from the extension's locales, localization), the browser's own
 * `navigation` (the page address, `?code=` included) — and simple Polaris web
 * component stand-ins, then imports the extension's bundle and calls its default
 * export. The bundle talks to `appUrl` across origins, as the real one does.
 *
 *   GET /page?shop=&customer=&locale=&code=   the full page ("Cards and twins")
 *   GET /profile?shop=&customer=&locale=      the profile block
 *   GET /order-status?shop=&customer=&locale=&order=   the order-status block, for the order with that numeric id
 *   GET /token?shop=&customer=                a session token, signed here (the secret never reaches the page)
 * `badTokens=N` makes the page's first N tokens unusable (signed with another secret).
 */

export interface CustomerAccountHarnessOptions {
  appUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface CustomerAccountHarness {
  url: string;
  /** The built bundles the pages load, by target. */
  bundles: Record<CustomerAccountTarget, string>;
  close(): Promise<void>;
}

const HERE = path.resolve("stubs/customer-account");
const LOCALES = ["en", "fr"] as const;
const TARGETS: Record<string, { target: string; bundle: CustomerAccountTarget }> = {
  "/page": { target: "customer-account.page.render", bundle: "page" },
  "/profile": { target: "customer-account.profile.block.render", bundle: "profile" },
  "/order-status": { target: "customer-account.order-status.block.render", bundle: "order-status" },
};

const translations = (locale: string): unknown =>
  JSON.parse(readFileSync(path.join(CUSTOMER_ACCOUNT_DIR, "locales", locale === "en" ? "en.default.json" : `${locale}.json`), "utf8"));

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function hostPage(url: URL, target: string, bundle: CustomerAccountTarget): string {
  const requested = url.searchParams.get("locale") ?? "en";
  const locale = (LOCALES as readonly string[]).includes(requested) ? requested : "en";
  const token = new URLSearchParams({ shop: url.searchParams.get("shop") ?? "", customer: url.searchParams.get("customer") ?? "" });
  const order = url.searchParams.get("order");
  const config = {
    target,
    locale,
    translations: translations(locale),
    tokenUrl: `/token?${token}`,
    badTokens: Number(url.searchParams.get("badTokens") ?? 0),
    bundleUrl: `/bundle/${bundle}.js`,
    // The order-status targets' `shopify.order`, as Shopify gives it: the order's GID and name.
    order: order ? { id: `gid://shopify/Order/${order}`, name: `#${order.slice(-4)}` } : null,
  };
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Customer account — ${target}</title>
<link rel="stylesheet" href="/stand-ins.css">
</head>
<body>
<script type="application/json" id="host-config">${scriptJson(config)}</script>
<script type="module" src="/host.js"></script>
</body>
</html>`;
}

export async function startCustomerAccountHarness(options: CustomerAccountHarnessOptions): Promise<CustomerAccountHarness> {
  const bundles = await buildCustomerAccountExtension({ appUrl: options.appUrl });
  const send = (res: http.ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
    res.end(body);
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://harness.local");
    const page = TARGETS[url.pathname];
    if (page) return send(res, 200, "text/html; charset=utf-8", hostPage(url, page.target, page.bundle));
    if (url.pathname === "/token") {
      const customer = url.searchParams.get("customer") || null;
      const secret = url.searchParams.get("bad") ? "not-the-app-secret" : options.apiSecret;
      const token = customerAccountToken({
        shop: url.searchParams.get("shop") ?? "",
        customerId: customer,
        apiKey: options.apiKey,
        apiSecret: secret,
      });
      return send(res, 200, "text/plain; charset=utf-8", token);
    }
    const bundle = /^\/bundle\/(page|profile|order-status)\.js$/.exec(url.pathname)?.[1] as CustomerAccountTarget | undefined;
    if (bundle) return send(res, 200, "text/javascript; charset=utf-8", bundles[bundle]);
    if (url.pathname === "/host.js")
      return send(res, 200, "text/javascript; charset=utf-8", readFileSync(path.join(HERE, "host.js"), "utf8"));
    if (url.pathname === "/polaris-stand-ins.js")
      return send(res, 200, "text/javascript; charset=utf-8", readFileSync(path.resolve("stubs/shared/polaris-stand-ins.js"), "utf8"));
    if (url.pathname === "/stand-ins.css")
      return send(res, 200, "text/css; charset=utf-8", readFileSync(path.join(HERE, "stand-ins.css"), "utf8"));
    send(res, 404, "text/plain; charset=utf-8", "Not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bundles,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
