// Small stand-ins for the Polaris web components Shopify's hosts provide UI extensions
// (demo and tests only), shared by the customer account and admin hosts: enough to look
// like the page and to be driven by a test. Each host's stand-ins.css draws the light-DOM ones.

/**
 * An element whose listed properties (camelCase, as Preact sets them) re-render its
 * shadow root (`render`), or else show as data-* attributes for stand-ins.css.
 */
function standIn(tag, props, render, onConnected) {
  customElements.define(
    tag,
    class extends HTMLElement {
      static get observedAttributes() {
        return props.map((prop) => prop.toLowerCase());
      }
      constructor() {
        super();
        this.state = {};
        if (render) this.attachShadow({ mode: "open" });
      }
      connectedCallback() {
        if (render) render(this, this.state);
        onConnected?.(this);
      }
      attributeChangedCallback(name, _old, value) {
        const prop = props.find((candidate) => candidate.toLowerCase() === name);
        if (prop && this.state[prop] !== value) this[prop] = value;
      }
    },
  );
  const proto = customElements.get(tag).prototype;
  for (const prop of props) {
    Object.defineProperty(proto, prop, {
      get() {
        return this.state[prop];
      },
      set(value) {
        this.state[prop] = value;
        if (render && this.isConnected) render(this, this.state);
        else if (!render) this.dataset[prop] = value === undefined || value === null || value === false ? "" : String(value);
        // Column templates are free text, which CSS cannot read from an attribute.
        if (prop === "gridTemplateColumns") this.style.gridTemplateColumns = value ? String(value) : "";
      },
    });
  }
}

const html = (text) => String(text ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

standIn("s-page", ["heading"], (el, s) => {
  el.shadowRoot.innerHTML = `<style>:host{display:block}h1{font-size:1.75rem;margin:0 0 1.5rem;font-weight:650}</style><h1>${html(s.heading)}</h1><slot></slot>`;
});
standIn("s-section", ["heading"], (el, s) => {
  el.shadowRoot.innerHTML = `<style>:host{display:block;background:#fff;border-radius:12px;padding:1.25rem 1.5rem;box-shadow:0 0 0 1px #e3e3e3}h2{font-size:1.15rem;margin:0 0 1rem;font-weight:650}</style>${s.heading ? `<h2>${html(s.heading)}</h2>` : ""}<slot></slot>`;
});
standIn("s-banner", ["heading", "tone"], (el, s) => {
  const critical = s.tone === "critical";
  el.shadowRoot.innerHTML = `<style>:host{display:block}div{border-radius:10px;padding:.75rem 1rem;background:${critical ? "#fee9e8" : s.tone === "success" ? "#e3f1df" : "#eaf4ff"};color:${critical ? "#8e1f0b" : "#0c5132"}}strong{display:block}</style><div role="${critical ? "alert" : "status"}"><strong>${html(s.heading)}</strong><slot></slot></div>`;
});
standIn("s-image", ["src", "alt", "aspectRatio", "objectFit", "borderRadius", "loading"], (el, s) => {
  el.shadowRoot.innerHTML = `<style>:host{display:block}img{display:block;width:100%;aspect-ratio:${html(s.aspectRatio || "auto")};object-fit:${html(s.objectFit || "contain")};border-radius:8px;background:#f1f1f1}</style><img src="${html(s.src)}" alt="${html(s.alt)}">`;
});

let fieldIds = 0;
standIn("s-text-field", ["label", "value", "error", "name", "placeholder", "disabled"], (el, s) => {
  if (!el.shadowRoot.querySelector("input")) {
    const id = `field-${(fieldIds += 1)}`;
    el.shadowRoot.innerHTML = `<style>:host{display:block}label{display:block;font-weight:550;margin-bottom:.3rem}input{box-sizing:border-box;width:100%;font:inherit;padding:.65rem .75rem;border:1px solid #8a8a8a;border-radius:8px}input[aria-invalid=true]{border-color:#c70a24;background:#fff5f5}p{color:#c70a24;margin:.3rem 0 0}</style><label for="${id}"></label><input id="${id}" aria-describedby="${id}-error"><p id="${id}-error" hidden></p>`;
    const input = el.shadowRoot.querySelector("input");
    // The input's own `input` events cross the shadow boundary (composed); `change` does not.
    input.addEventListener("change", () => el.dispatchEvent(new Event("change", { bubbles: true })));
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") el.closest("s-form")?.dispatchEvent(new Event("submit"));
    });
    Object.defineProperty(el, "value", {
      get: () => input.value,
      set: (value) => {
        s.value = value;
        input.value = value ?? "";
      },
    });
  }
  const [label, input, error] = ["label", "input", "p"].map((selector) => el.shadowRoot.querySelector(selector));
  label.textContent = s.label ?? "";
  if (input.value !== (s.value ?? "")) input.value = s.value ?? "";
  input.name = s.name ?? "";
  input.placeholder = s.placeholder ?? "";
  error.textContent = s.error ?? "";
  error.hidden = !s.error;
  if (s.error) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
});

standIn("s-checkbox", ["label", "checked", "error", "name"], (el, s) => {
  if (!el.shadowRoot.querySelector("input")) {
    const id = `field-${(fieldIds += 1)}`;
    el.shadowRoot.innerHTML = `<style>:host{display:block}label{margin-left:.4rem}input{width:1.25rem;height:1.25rem;vertical-align:middle}p{color:#c70a24;margin:.3rem 0 0}</style><input id="${id}" type="checkbox" aria-describedby="${id}-error"><label for="${id}"></label><p id="${id}-error" hidden></p>`;
    const input = el.shadowRoot.querySelector("input");
    // As Polaris' checkbox: the element's own `checked` follows the box, and `change` reaches the extension.
    input.addEventListener("change", () => {
      s.checked = input.checked;
      el.dispatchEvent(new Event("change", { bubbles: true }));
    });
    Object.defineProperty(el, "checked", {
      get: () => input.checked,
      set: (value) => {
        s.checked = value;
        input.checked = Boolean(value);
      },
    });
  }
  const [label, input, error] = ["label", "input", "p"].map((selector) => el.shadowRoot.querySelector(selector));
  label.textContent = s.label ?? "";
  input.checked = Boolean(s.checked);
  error.textContent = s.error ?? "";
  error.hidden = !s.error;
  if (s.error) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
});

// Light-DOM stand-ins: the children Preact renders stay where it put them; CSS (stand-ins.css) draws them.
for (const [tag, props] of Object.entries({
  "s-stack": ["direction", "gap", "alignItems"],
  "s-grid": ["gridTemplateColumns", "gap", "alignItems"],
  "s-box": ["padding", "border", "borderRadius", "background", "accessibilityVisibility"],
  "s-text": ["color", "tone", "type"],
  "s-paragraph": ["color", "tone", "textAlign"],
  "s-badge": ["tone"],
  "s-skeleton-paragraph": [],
  "s-unordered-list": [],
  "s-list-item": [],
  "s-form": [],
}))
  standIn(tag, props);

// The clipboard item holds text; a button whose commandFor names it with command "--copy" copies it,
// then it fires `copy` (or `copyerror`), as Polaris' does. `oncopyerror` is declared so Preact listens for `copyerror`.
standIn("s-clipboard-item", ["text", "oncopyerror"], undefined, (el) => {
  el.hidden = true;
});
function runCommand(button) {
  const target = document.getElementById(button.commandFor);
  if (button.command !== "--copy" || target?.localName !== "s-clipboard-item") return;
  navigator.clipboard.writeText(String(target.text ?? "")).then(
    () => target.dispatchEvent(new Event("copy")),
    () => target.dispatchEvent(new Event("copyerror")),
  );
}

standIn("s-heading", [], undefined, (el) => {
  el.setAttribute("role", "heading");
  el.setAttribute("aria-level", "3");
});

/** Buttons and links: clickable by role; a submit button submits its s-form, an href is recorded rather than followed. */
for (const [tag, role] of [
  ["s-button", "button"],
  ["s-link", "link"],
]) {
  standIn(
    tag,
    ["href", "target", "type", "variant", "loading", "disabled", "accessibilityLabel", "tone", "commandFor", "command"],
    undefined,
    (el) => {
      el.setAttribute("role", role);
      el.tabIndex = 0;
      if (el.accessibilityLabel) el.setAttribute("aria-label", el.accessibilityLabel);
      if (el.wired) return;
      el.wired = true;
      el.addEventListener("click", () => {
        if (el.loading || el.disabled) return;
        if (el.type === "submit") el.closest("s-form")?.dispatchEvent(new Event("submit"));
        if (el.href) (globalThis.hostNavigations ??= []).push(el.href);
        if (el.commandFor) runCommand(el);
      });
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          el.click();
        }
      });
    },
  );
}

export { standIn, html };
