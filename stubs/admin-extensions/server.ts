import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { ADMIN_EXTENSIONS, adminExtensionDir, buildAdminExtensions, type AdminExtension } from "../../scripts/admin-extension-bundle";
import { adminExtensionToken } from "./session-token";

/*
 * A stand-in for Shopify admin's host of admin UI extensions (demo and tests only): a
 * page per target that provides what the admin provides the extension — the `shopify`
 * global (data.selected, i18n from the extension's locales, navigation, toast, close,
 * auth.idToken), a `fetch` that resolves relative URLs against the app's URL and adds
 * the session token there, as the admin does — and the Polaris web component stand-ins,
 * at the width the admin gives it: a block in the page's main column, an action in its modal.
 *
 *   GET /render?extension=admin-customer&target=block&resource=Customer&id=&shop=&locale=
 *   GET /token?shop=     a session token, signed here (the secret never reaches the page)
 * `badTokens=N` makes the page's first N tokens unusable (signed with another secret).
 */

export interface AdminExtensionsHarnessOptions {
  appUrl: string;
  apiKey: string;
  apiSecret: string;
}

export interface AdminExtensionsHarness {
  url: string;
  /** The built bundles the pages load: `bundles[extension][target short name]`. */
  bundles: Record<string, Record<string, string>>;
  close(): Promise<void>;
}

const HERE = path.resolve("stubs/admin-extensions");
const LOCALES = ["en", "fr"] as const;
/** Shopify admin's widths: a block in the main column of a details page, an action's modal. */
export const BLOCK_WIDTH_PX = 600;
export const ACTION_WIDTH_PX = 620;

const translations = (extension: AdminExtension, locale: string): unknown =>
  JSON.parse(
    readFileSync(path.join(adminExtensionDir(extension), "locales", locale === "en" ? "en.default.json" : `${locale}.json`), "utf8"),
  );

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function hostPage(url: URL, options: AdminExtensionsHarnessOptions): string | null {
  const extension = url.searchParams.get("extension") as AdminExtension;
  const targets: Record<string, { target: string }> | undefined = ADMIN_EXTENSIONS[extension];
  const short = url.searchParams.get("target") ?? "";
  const target = targets?.[short]?.target;
  if (!target) return null;
  const requested = url.searchParams.get("locale") ?? "en";
  const locale = (LOCALES as readonly string[]).includes(requested) ? requested : "en";
  const resource = url.searchParams.get("resource") ?? "Customer";
  const id = url.searchParams.get("id") ?? "";
  const action = target.includes(".action.");
  const config = {
    target,
    locale,
    translations: translations(extension, locale),
    appUrl: options.appUrl,
    tokenUrl: `/token?${new URLSearchParams({ shop: url.searchParams.get("shop") ?? "" })}`,
    badTokens: Number(url.searchParams.get("badTokens") ?? 0),
    bundleUrl: `/bundle/${extension}/${short}.js`,
    selected: id ? [{ id: `gid://shopify/${resource}/${id}` }] : [],
    action,
  };
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shopify admin — ${target}</title>
<link rel="stylesheet" href="/shared-stand-ins.css">
<link rel="stylesheet" href="/stand-ins.css">
<style>body{width:${action ? ACTION_WIDTH_PX : BLOCK_WIDTH_PX}px}</style>
</head>
<body class="${action ? "action" : "block"}">
<script type="application/json" id="host-config">${scriptJson(config)}</script>
<script type="module" src="/host.js"></script>
</body>
</html>`;
}

export async function startAdminExtensionsHarness(options: AdminExtensionsHarnessOptions): Promise<AdminExtensionsHarness> {
  const bundles = await buildAdminExtensions();
  const send = (res: http.ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
    res.end(body);
  };
  const files: Record<string, [string, string]> = {
    "/host.js": ["text/javascript", path.join(HERE, "host.js")],
    "/stand-ins.css": ["text/css", path.join(HERE, "stand-ins.css")],
    "/polaris-stand-ins.js": ["text/javascript", path.resolve("stubs/shared/polaris-stand-ins.js")],
    "/shared-stand-ins.css": ["text/css", path.resolve("stubs/customer-account/stand-ins.css")],
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://harness.local");
    if (url.pathname === "/render") {
      const page = hostPage(url, options);
      return page ? send(res, 200, "text/html; charset=utf-8", page) : send(res, 404, "text/plain; charset=utf-8", "No such target");
    }
    if (url.pathname === "/token") {
      const secret = url.searchParams.get("bad") ? "not-the-app-secret" : options.apiSecret;
      const token = adminExtensionToken({ shop: url.searchParams.get("shop") ?? "", apiKey: options.apiKey, apiSecret: secret });
      return send(res, 200, "text/plain; charset=utf-8", token);
    }
    const bundle = /^\/bundle\/([\w-]+)\/([\w-]+)\.js$/.exec(url.pathname);
    const code = bundle ? bundles[bundle[1]!]?.[bundle[2]!] : undefined;
    if (code) return send(res, 200, "text/javascript; charset=utf-8", code);
    const file = files[url.pathname];
    if (file) return send(res, 200, `${file[0]}; charset=utf-8`, readFileSync(file[1], "utf8"));
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
