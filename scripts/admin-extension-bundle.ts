// Bundles the admin UI extensions (extensions/admin-*/) as the Shopify CLI does when it
// deploys them, with the same esbuild options as the customer account extension
// (scripts/customer-account-bundle.ts): bundled, JSX automatic with Preact, target es6,
// minified, no legal comments, NODE_ENV defined. Nothing is committed: the tests build
// them to render them in Chromium and to hold each to Shopify's 64 KB limit. ESM output,
// so the host page can import a target's default export and call it as Shopify's host does.
import path from "node:path";
import { build } from "esbuild";

/** Each admin extension's folder under extensions/, and its targets' modules (shopify.extension.toml) by a short name. */
export const ADMIN_EXTENSIONS = {
  "admin-customer": {
    block: { target: "admin.customer-details.block.render", module: "src/CustomerBlock.tsx" },
    action: { target: "admin.customer-details.action.render", module: "src/CustomerAction.tsx" },
  },
  "admin-order": {
    block: { target: "admin.order-details.block.render", module: "src/OrderBlock.tsx" },
  },
  "admin-product": {
    block: { target: "admin.product-details.block.render", module: "src/ProductBlock.tsx" },
  },
} as const satisfies Record<string, Record<string, { target: string; module: string }>>;
export type AdminExtension = keyof typeof ADMIN_EXTENSIONS;

/** Shopify refuses a UI extension bundle over 64 KB at deploy. */
export const ADMIN_BUNDLE_LIMIT_BYTES = 64 * 1024;

export const adminExtensionDir = (extension: AdminExtension) => path.resolve("extensions", extension);

/** One extension's bundles, in memory, by target short name. */
export async function buildAdminExtension(extension: AdminExtension): Promise<Record<string, string>> {
  const targets: Record<string, { module: string }> = ADMIN_EXTENSIONS[extension];
  const result = await build({
    absWorkingDir: adminExtensionDir(extension),
    entryPoints: Object.fromEntries(Object.entries(targets).map(([name, { module }]) => [name, module])),
    outdir: "out", // names the outputs; nothing is written
    write: false,
    bundle: true,
    format: "esm",
    jsx: "automatic",
    jsxImportSource: "preact",
    loader: { ".esnext": "ts", ".js": "jsx" },
    resolveExtensions: [".tsx", ".ts", ".js", ".json", ".esnext", ".mjs", ".ejs"],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    legalComments: "none",
    minify: true,
    target: "es6",
    logLevel: "silent",
  });
  return Object.fromEntries(result.outputFiles.map((file) => [path.basename(file.path, ".js"), file.text]));
}

/** Every admin extension's bundles: `bundles[extension][target short name]`. */
export async function buildAdminExtensions(): Promise<Record<string, Record<string, string>>> {
  const names = Object.keys(ADMIN_EXTENSIONS) as AdminExtension[];
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await buildAdminExtension(name)] as const)));
}
