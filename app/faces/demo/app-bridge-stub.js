// A stand-in for Shopify's App Bridge (cdn.shopify.com/shopifycloud/app-bridge.js),
// served only in demo mode: the CDN and Shopify admin are out of reach here.
// It does what the app relies on: session tokens on same-origin fetches,
// shopify.toast, and the nav menu (which Shopify admin would draw beside the app).
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
  `;
  document.head.appendChild(style);
})();
