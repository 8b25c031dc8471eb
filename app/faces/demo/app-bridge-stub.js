// A stand-in for Shopify's App Bridge (cdn.shopify.com/shopifycloud/app-bridge.js),
// served only in demo mode: the CDN and Shopify admin are out of reach here.
// It does what the app relies on: session tokens on same-origin fetches,
// shopify.toast, the nav menu (which Shopify admin would draw beside the app),
// and shopify.resourcePicker: a dialog searching the stub shop's catalogue
// (app/routes/app.demo-resource-picker.ts) that resolves as App Bridge's does.
(function () {
  const TOKEN_PATH = "/demo/session-token";
  const nativeFetch = window.fetch.bind(window);
  let cached = null;

  async function idToken() {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const response = await nativeFetch(TOKEN_PATH, { cache: "no-store" });
    const { token } = await response.json();
    cached = { token, expiresAt: Date.now() + 30_000 };
    return token;
  }

  window.fetch = async function (input, init) {
    const request = new Request(input, init);
    const url = new URL(request.url, location.href);
    if (url.origin !== location.origin || url.pathname === TOKEN_PATH || request.headers.has("Authorization")) {
      return nativeFetch(request);
    }
    const headers = new Headers(request.headers);
    headers.set("Authorization", `Bearer ${await idToken()}`);
    return nativeFetch(new Request(request, { headers }));
  };

  function toastRegion() {
    let region = document.getElementById("demo-toasts");
    if (!region) {
      region = document.createElement("div");
      region.id = "demo-toasts";
      region.setAttribute("role", "status");
      region.setAttribute("aria-live", "polite");
      document.body.appendChild(region);
    }
    return region;
  }

  function showToast(message, options) {
    const toast = document.createElement("div");
    toast.className = "demo-toast" + (options && options.isError ? " demo-toast--error" : "");
    toast.textContent = message;
    toastRegion().appendChild(toast);
    setTimeout(() => toast.remove(), (options && options.duration) || 5000);
    return String(Date.now());
  }

  const PICKER_WORDS = {
    en: {
      title: { product: "Select product", variant: "Select variant", collection: "Select collection" },
      search: "Search",
      select: "Select",
      cancel: "Cancel",
      none: "No results",
      failed: "The catalogue could not be loaded",
    },
    fr: {
      title: { product: "Sélectionner un produit", variant: "Sélectionner une variante", collection: "Sélectionner une collection" },
      search: "Rechercher",
      select: "Sélectionner",
      cancel: "Annuler",
      none: "Aucun résultat",
      failed: "Le catalogue n’a pas pu être chargé",
    },
  };

  function element(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  // Resolves to the picked resources (App Bridge's shape), or undefined when the merchant cancels.
  function resourcePicker(options) {
    const type = options && options.type;
    const words = PICKER_WORDS[String(window.shopify.config.locale).slice(0, 2)] || PICKER_WORDS.en;
    const multiple = Boolean(options && options.multiple);
    return new Promise((resolve) => {
      let resources = [];
      const chosen = new Set(((options && options.selectionIds) || []).map((resource) => resource.id));
      const search = element("input", {
        type: "search",
        "aria-label": words.search,
        placeholder: words.search,
        class: "demo-picker__search",
      });
      const list = element("ul", { class: "demo-picker__list", "aria-label": words.title[type] || type });
      const status = element("p", { role: "status", class: "demo-picker__status" });
      const selectButton = element("button", { type: "button", class: "demo-picker__primary" }, words.select);
      const cancelButton = element("button", { type: "button" }, words.cancel);
      const dialog = element(
        "dialog",
        { class: "demo-picker", "aria-labelledby": "demo-picker-title" },
        element("h2", { id: "demo-picker-title" }, words.title[type] || type),
        search,
        status,
        list,
        element("div", { class: "demo-picker__actions" }, cancelButton, selectButton),
      );
      const close = (value) => {
        dialog.close();
        dialog.remove();
        resolve(value);
      };
      const render = () => {
        list.replaceChildren(
          ...resources.map((resource) => {
            const input = element("input", { type: multiple ? "checkbox" : "radio", name: "demo-picker-choice", value: resource.id });
            input.checked = chosen.has(resource.id);
            input.addEventListener("change", () => {
              if (!multiple) chosen.clear();
              if (input.checked) chosen.add(resource.id);
              else chosen.delete(resource.id);
            });
            const image = resource.images?.[0] || resource.image || resource.product?.images?.[0];
            const picture = image
              ? element("img", { src: image.originalSrc, alt: "", width: "32", height: "32" })
              : element("span", { class: "demo-picker__blank" });
            return element("li", {}, element("label", {}, input, picture, resource.displayName || resource.title));
          }),
        );
        status.textContent = resources.length ? "" : words.none;
      };
      let latest = 0;
      const load = async () => {
        const asked = ++latest;
        const params = new URLSearchParams({ type, query: search.value });
        try {
          const response = await window.fetch(`/app/demo-resource-picker?${params}`);
          if (!response.ok) throw new Error(String(response.status));
          const body = await response.json();
          if (asked === latest) {
            resources = body.resources;
            render();
          }
        } catch {
          if (asked === latest) status.textContent = words.failed;
        }
      };
      let typing;
      search.addEventListener("input", () => {
        clearTimeout(typing);
        typing = setTimeout(load, 200);
      });
      cancelButton.addEventListener("click", () => close(undefined));
      dialog.addEventListener("cancel", (event) => {
        event.preventDefault();
        close(undefined);
      });
      selectButton.addEventListener("click", () => {
        const picked = resources.filter((resource) => chosen.has(resource.id));
        close(picked.length ? picked : undefined);
      });
      document.body.appendChild(dialog);
      dialog.showModal();
      search.focus();
      void load();
    });
  }

  const script = document.currentScript;
  const params = new URLSearchParams(location.search);
  window.shopify = {
    config: {
      apiKey: script && script.dataset.apiKey,
      shop: params.get("shop"),
      host: params.get("host"),
      locale: params.get("locale") || "en",
    },
    environment: { embedded: true, mobile: false, pos: false },
    idToken,
    toast: { show: showToast, hide() {} },
    resourcePicker,
    loading() {},
  };

  for (const name of ["ui-nav-menu", "ui-title-bar", "ui-modal", "ui-save-bar"]) {
    if (!customElements.get(name)) customElements.define(name, class extends HTMLElement {});
  }

  const style = document.createElement("style");
  style.textContent = `
    ui-nav-menu { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; padding: 8px 16px; background: #1a1a1a; }
    @media (max-width: 600px) { ui-nav-menu::before { flex-basis: 100%; } }
    ui-nav-menu::before { content: "Shopify admin · Twin Cards (demo)"; color: #e3e3e3; font: 600 13px/20px -apple-system, "Segoe UI", sans-serif; margin-right: 16px; }
    ui-nav-menu a { color: #e3e3e3; text-decoration: none; font: 500 13px/20px -apple-system, "Segoe UI", sans-serif; padding: 4px 10px; border-radius: 8px; }
    ui-nav-menu a:hover, ui-nav-menu a:focus-visible, ui-nav-menu a[aria-current="page"] { background: #303030; color: #fff; }
    #demo-toasts { position: fixed; bottom: 24px; left: 50%; transform: translateX(-50%); display: grid; gap: 8px; z-index: 1000; }
    .demo-toast { background: #1a1a1a; color: #fff; padding: 10px 16px; border-radius: 10px; font: 500 13px/20px -apple-system, "Segoe UI", sans-serif; box-shadow: 0 4px 12px rgba(0,0,0,.25); }
    .demo-toast--error { background: #8e1f0b; }
    .demo-picker { width: min(560px, calc(100vw - 32px)); max-height: calc(100vh - 64px); border: 0; border-radius: 12px; padding: 16px; box-shadow: 0 8px 32px rgba(0,0,0,.3); font: 13px/20px -apple-system, "Segoe UI", sans-serif; }
    .demo-picker::backdrop { background: rgba(0,0,0,.5); }
    .demo-picker h2 { margin: 0 0 12px; font-size: 16px; }
    .demo-picker__search { width: 100%; box-sizing: border-box; padding: 6px 10px; border: 1px solid #8a8a8a; border-radius: 8px; font: inherit; }
    .demo-picker__list { list-style: none; margin: 8px 0; padding: 0; max-height: 50vh; overflow: auto; }
    .demo-picker__list label { display: flex; gap: 10px; align-items: center; padding: 6px 4px; border-bottom: 1px solid #ebebeb; cursor: pointer; }
    .demo-picker__list img, .demo-picker__blank { width: 32px; height: 32px; border-radius: 6px; background: #f1f1f1; flex-shrink: 0; }
    .demo-picker__actions { display: flex; justify-content: flex-end; gap: 8px; }
    .demo-picker__actions button { padding: 6px 14px; border-radius: 8px; border: 1px solid #8a8a8a; background: #fff; font: 600 13px/20px -apple-system, "Segoe UI", sans-serif; cursor: pointer; }
    .demo-picker__actions .demo-picker__primary { background: #303030; color: #fff; border-color: #303030; }
  `;
  document.head.appendChild(style);
})();
