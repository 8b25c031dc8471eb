// Shopify admin's host of admin UI extensions, as far as the extension sees it (demo and
// tests only): the `shopify` global, the admin's fetch, the shared Polaris web component
// stand-ins (stubs/shared/polaris-stand-ins.js) plus the admin's own, then the extension. See server.ts.

import { html, standIn } from "/polaris-stand-ins.js";

const config = JSON.parse(document.getElementById("host-config").textContent);
const { locale, translations } = config;
const plurals = new Intl.PluralRules(locale);

function translate(key, options = {}) {
  let entry = key.split(".").reduce((node, part) => (node && typeof node === "object" ? node[part] : undefined), translations);
  if (entry && typeof entry === "object" && typeof options.count === "number") entry = entry[plurals.select(options.count)] ?? entry.other;
  if (typeof entry !== "string") return key;
  return entry.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name) => (name in options ? String(options[name]) : match));
}

// The browser's own fetch, for the host's calls (tokens) and the admin's fetch below.
const browserFetch = globalThis.fetch;
let tokensServed = 0;
async function idToken() {
  tokensServed += 1;
  const response = await browserFetch(config.tokenUrl + (tokensServed <= config.badTokens ? "&bad=1" : ""));
  return response.text();
}

// What the merchant would see happen outside the extension: test hooks.
globalThis.hostNavigations = [];
globalThis.hostToasts = [];
globalThis.hostClosed = false;

globalThis.shopify = {
  extension: { target: config.target },
  data: { selected: config.selected },
  i18n: {
    translate,
    formatNumber: (number, options) => new Intl.NumberFormat(locale, options).format(number),
    formatCurrency: (number, options) => new Intl.NumberFormat(locale, { style: "currency", ...options }).format(number),
    formatDate: (date, options) => new Intl.DateTimeFormat(locale, options).format(date),
  },
  auth: { idToken },
  navigation: { navigate: (url) => globalThis.hostNavigations.push(String(url)) },
  toast: { show: (message) => globalThis.hostToasts.push(message), hide: () => undefined },
  query: async () => ({ errors: [{ message: "The host stand-in has no direct Admin API access" }] }),
  ...(config.action ? { close: () => (globalThis.hostClosed = true) } : {}),
};

// The admin's fetch: a relative URL is the app's (application_url), and a call to the app
// carries the session token. The count of answers read is the tests' hook, as in the
// customer account host: it rises once the screen shows an answer.
globalThis.hostAnswersHandled = 0;
globalThis.fetch = async (input, init = {}) => {
  const url = new URL(String(input instanceof Request ? input.url : input), config.appUrl);
  const headers = new Headers(init.headers);
  if (url.origin === new URL(config.appUrl).origin) headers.set("Authorization", `Bearer ${await idToken()}`);
  const response = await browserFetch(url, { ...init, headers });
  const json = response.json.bind(response);
  response.json = () => json().finally(() => setTimeout(() => (globalThis.hostAnswersHandled += 1), 0));
  return response;
};

// ---- The admin's own components ----

standIn("s-admin-block", ["heading", "collapsedSummary"], (el, s) => {
  el.shadowRoot.innerHTML = `<style>:host{display:block;background:#fff;border-radius:12px;padding:1rem 1.25rem;box-shadow:0 0 0 1px #e3e3e3}h2{font-size:.95rem;margin:0 0 .75rem;font-weight:650}</style><h2>${html(s.heading)}</h2><slot></slot>`;
});

standIn("s-admin-action", ["heading", "loading"], (el, s) => {
  el.shadowRoot.innerHTML = `<style>:host{display:block;background:#fff;border-radius:12px;box-shadow:0 4px 20px rgba(0,0,0,.2)}header{display:flex;justify-content:space-between;align-items:center;padding:1rem 1.25rem;border-bottom:1px solid #e3e3e3}h2{font-size:1rem;margin:0;font-weight:650}.body{padding:1rem 1.25rem}footer{display:flex;justify-content:flex-end;gap:.5rem;padding:.75rem 1.25rem;border-top:1px solid #e3e3e3}button{font:inherit;border:0;background:none;cursor:pointer;font-size:1.25rem}</style><header><h2>${html(s.heading)}</h2><button type="button" aria-label="Close">×</button></header><div class="body"><slot></slot></div><footer><slot name="secondary-actions"></slot><slot name="primary-action"></slot></footer>`;
  el.shadowRoot.querySelector("button").addEventListener("click", () => globalThis.shopify.close?.());
});

let selectIds = 0;
/** A select whose options are its s-option children (value, text); `change` reaches the extension with `value`. */
standIn("s-select", ["label", "value", "error", "name", "placeholder"], (el, s) => {
  if (!el.shadowRoot.querySelector("select")) {
    const id = `select-${(selectIds += 1)}`;
    el.shadowRoot.innerHTML = `<style>:host{display:block}label{display:block;font-weight:550;margin-bottom:.3rem}select{box-sizing:border-box;width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #8a8a8a;border-radius:8px}p{color:#c70a24;margin:.3rem 0 0}</style><label for="${id}"></label><select id="${id}" aria-describedby="${id}-error"></select><p id="${id}-error" hidden></p>`;
    const select = el.shadowRoot.querySelector("select");
    select.addEventListener("change", () => {
      s.value = select.value;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    Object.defineProperty(el, "value", {
      get: () => select.value,
      set: (value) => {
        s.value = value;
        select.value = value ?? "";
      },
    });
    new MutationObserver(() => fillOptions(el, s)).observe(el, { childList: true, subtree: true, characterData: true });
  }
  fillOptions(el, s);
  const [label, , error] = ["label", "select", "p"].map((selector) => el.shadowRoot.querySelector(selector));
  label.textContent = s.label ?? "";
  error.textContent = s.error ?? "";
  error.hidden = !s.error;
});
function fillOptions(el, s) {
  const select = el.shadowRoot.querySelector("select");
  const options = [...el.querySelectorAll("s-option")].map((option) => [String(option.value ?? ""), option.textContent ?? ""]);
  const placeholder = s.placeholder ? [["", s.placeholder]] : [];
  select.replaceChildren(...[...placeholder, ...options].map(([value, text]) => new Option(text, value)));
  select.value = s.value ?? "";
}
standIn("s-option", ["value"], undefined, (el) => {
  el.hidden = true;
});
standIn("s-divider", []);

// ---- The extension: its target module's default export, called as the admin calls it ----
const extension = await import(config.bundleUrl);
await extension.default();
document.documentElement.dataset.extensionRendered = "true";
