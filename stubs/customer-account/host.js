// The customer account host, as far as the extension sees it (demo and tests only):
// the `shopify` global, then the shared Polaris web component stand-ins
// (stubs/shared/polaris-stand-ins.js), then the extension itself. See server.ts.

import "/polaris-stand-ins.js";

const config = JSON.parse(document.getElementById("host-config").textContent);
const { locale, translations } = config;
const plurals = new Intl.PluralRules(locale);

/** A read-only signal, as the host gives `localization.language` and friends. */
const signal = (value) => ({ value, subscribe: (callback) => (callback(value), () => undefined) });

function translate(key, options = {}) {
  let entry = key.split(".").reduce((node, part) => (node && typeof node === "object" ? node[part] : undefined), translations);
  if (entry && typeof entry === "object" && typeof options.count === "number") entry = entry[plurals.select(options.count)] ?? entry.other;
  if (typeof entry !== "string") return key;
  return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name) => (name in options ? String(options[name]) : match));
}

let tokensServed = 0;
globalThis.shopify = {
  extension: { target: config.target, apiVersion: "2026-07" },
  localization: { language: signal({ isoCode: locale }), extensionLanguage: signal({ isoCode: locale }) },
  i18n: {
    translate,
    formatNumber: (number, options) => new Intl.NumberFormat(locale, options).format(number),
    formatCurrency: (number, options) => new Intl.NumberFormat(locale, { style: "currency", ...options }).format(number),
    formatDate: (date, options) => new Intl.DateTimeFormat(locale, options).format(date),
  },
  ...(config.order ? { order: signal(config.order) } : {}),
  sessionToken: {
    async get() {
      tokensServed += 1;
      const response = await fetch(config.tokenUrl + (tokensServed <= config.badTokens ? "&bad=1" : ""));
      return response.text();
    },
  },
};

// Test hook: how many of the app's answers the extension has read and acted on. A
// macrotask queued when an answer's JSON is read runs after every microtask it leads to
// (the extension's promise chain, Preact's re-render), so the count rises once the
// screen shows the answer — also when that is nothing at all.
const appFetch = globalThis.fetch;
globalThis.hostAnswersHandled = 0;
globalThis.fetch = async (...args) => {
  const response = await appFetch(...args);
  const json = response.json.bind(response);
  response.json = () => json().finally(() => setTimeout(() => (globalThis.hostAnswersHandled += 1), 0));
  return response;
};

// ---- The extension: its target module's default export, called as the host calls it ----
const extension = await import(config.bundleUrl);
await extension.default();
document.documentElement.dataset.extensionRendered = "true";
