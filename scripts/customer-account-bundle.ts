// Bundles the customer account UI extension (extensions/customer-account/) the way the
// Shopify CLI does when it deploys it: esbuild, bundled, JSX automatic with Preact (from
// the extension's tsconfig), target es6, minified, no legal comments, NODE_ENV and the
// environment as `process.env.*` defines. Shopify builds the uploaded bundle itself, so nothing is
// committed; the tests build it to render it in Chromium and to hold it to Shopify's
// 64 KB limit. One difference: ESM output, so a test page can import the target's
// default export and call it as Shopify's host does.
import path from "node:path";
import { build } from "esbuild";

export const CUSTOMER_ACCOUNT_DIR = path.resolve("extensions/customer-account");

/** Each target's module (shopify.extension.toml) by a short name. */
export const CUSTOMER_ACCOUNT_TARGETS = {
  page: "src/CardsPage.tsx",
  profile: "src/ProfileBlock.tsx",
  "order-status": "src/OrderStatusBlock.tsx",
} as const;
export type CustomerAccountTarget = keyof typeof CUSTOMER_ACCOUNT_TARGETS;

/** Shopify refuses a UI extension bundle over 64 KB at deploy. */
export const BUNDLE_LIMIT_BYTES = 64 * 1024;

/** The targets' bundles, in memory; `appUrl` is what `TWIN_CARDS_APP_URL` would be at deploy. */
export async function buildCustomerAccountExtension(options: { appUrl?: string } = {}): Promise<Record<CustomerAccountTarget, string>> {
  const names = Object.keys(CUSTOMER_ACCOUNT_TARGETS) as CustomerAccountTarget[];
  const result = await build({
    absWorkingDir: CUSTOMER_ACCOUNT_DIR,
    entryPoints: Object.fromEntries(names.map((name) => [name, CUSTOMER_ACCOUNT_TARGETS[name]])),
    outdir: "out", // names the outputs; nothing is written
    write: false,
    bundle: true,
    format: "esm",
    jsx: "automatic",
    jsxImportSource: "preact",
    loader: { ".esnext": "ts", ".js": "jsx" },
    resolveExtensions: [".tsx", ".ts", ".js", ".json", ".esnext", ".mjs", ".ejs"],
    define: {
      "process.env.NODE_ENV": JSON.stringify("production"),
      ...(options.appUrl ? { "process.env.TWIN_CARDS_APP_URL": JSON.stringify(options.appUrl) } : {}),
    },
    legalComments: "none",
    minify: true,
    target: "es6",
    logLevel: "silent",
  });
  const bundles = {} as Record<CustomerAccountTarget, string>;
  for (const file of result.outputFiles) bundles[path.basename(file.path, ".js") as CustomerAccountTarget] = file.text;
  return bundles;
}
