/*
 * Twin Cards: the "Claim a card" block (blocks/claim-card.liquid).
 * Pre-fills the code from ?code=, checks the wallet key's shape before sending,
 * POSTs JSON to <proxy>/redeem (the app proxy, same origin), shows the result and
 * dispatches `twin-cards:claimed` on document so "My cards" blocks refresh.
 * Data is only ever written with textContent/attributes.
 */
(function () {
  "use strict";

  var SELECTOR = "[data-twin-cards-claim]";
  // A Solana public key: base58 (no 0, O, I, l), 32 to 44 characters.
  var PUBLIC_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
  var FIELDS = { code: "code", publicKey: "publicKey" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function errorFor(root, field) {
    return root.querySelector('[data-error-for="' + field + '"]');
  }

  function hintId(input) {
    return (input.getAttribute("aria-describedby") || "").split(" ").filter(function (id) { return id && !/-error$/.test(id); });
  }

  function showFieldError(root, field, message) {
    var input = field && root.querySelector('[name="' + field + '"]');
    var target = errorFor(root, input ? field : "");
    target.textContent = message;
    target.hidden = false;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", hintId(input).concat(target.id).join(" "));
    } else {
      target.setAttribute("role", "alert");
    }
    return input || target;
  }

  function clearError(root, field) {
    var input = field && root.querySelector('[name="' + field + '"]');
    var target = errorFor(root, field || "");
    target.textContent = "";
    target.hidden = true;
    if (input) {
      input.removeAttribute("aria-invalid");
      input.setAttribute("aria-describedby", hintId(input).join(" "));
    }
  }

  function clearErrors(root) {
    clearError(root, "");
    Object.keys(FIELDS).forEach(function (field) { clearError(root, field); });
  }

  function setBusy(root, busy) {
    var button = root.querySelector('[type="submit"]');
    if (!button.dataset.label) button.dataset.label = button.textContent;
    button.disabled = busy;
    button.textContent = busy ? root.dataset.submitting : button.dataset.label;
    root.querySelector("[data-twin-cards-form]").setAttribute("aria-busy", busy ? "true" : "false");
  }

  /** Client-side checks: returns the fields in error, in form order. */
  function validate(root, code, publicKey) {
    var invalid = [];
    if (!code) invalid.push(showFieldError(root, "code", root.dataset.codeRequired));
    if (publicKey && !PUBLIC_KEY.test(publicKey)) invalid.push(showFieldError(root, "publicKey", root.dataset.keyInvalid));
    return invalid;
  }

  function showSuccess(root, cards) {
    var s = root.dataset;
    var form = root.querySelector("[data-twin-cards-form]");
    var result = root.querySelector("[data-twin-cards-result]");
    var plural = new Intl.PluralRules(s.locale || undefined).select(cards.length) === "one" ? s.successOne : s.successOther;
    result.replaceChildren();
    result.appendChild(el("p", "twin-cards__success", plural));
    var list = el("ul", "twin-cards__claimed");
    list.setAttribute("role", "list");
    cards.forEach(function (card) {
      var item = el("li", "twin-cards__claimed-item");
      var image = card.media && card.media.imageUrls && card.media.imageUrls[0];
      if (typeof image === "string" && /^https?:\/\//i.test(image)) {
        var thumb = el("img", "twin-cards__thumb");
        thumb.src = image;
        thumb.alt = "";
        item.appendChild(thumb);
      }
      item.appendChild(el("span", "twin-cards__claimed-name", card.name));
      list.appendChild(item);
    });
    result.appendChild(list);
    var again = el("button", "twin-cards__button twin-cards__button--secondary", s.claimAnother);
    again.type = "button";
    again.addEventListener("click", function () {
      result.hidden = true;
      result.replaceChildren();
      form.hidden = false;
      form.reset();
      form.querySelector('[name="code"]').focus();
    });
    result.appendChild(again);
    form.hidden = true;
    result.hidden = false;
    result.focus();
  }

  function messageFor(root, status, body) {
    var s = root.dataset;
    var error = (body && body.error) || {};
    if (status === 404) return [["code", s.notFound]];
    if (status === 409) return [["code", s.conflict]];
    if (status === 410) return [["code", s.expired]];
    if (status === 429) return [["", s.rateLimited]];
    if (status === 401) return [["", s.unauthenticated]];
    if (status === 422 || status === 400) {
      var details = Array.isArray(error.details) ? error.details : [];
      var mapped = details.map(function (detail) {
        var path = Array.isArray(detail.path) ? detail.path.join(".") : String(detail.path || "");
        return [FIELDS[path] ? path : "", detail.message || error.message || s.generic];
      });
      return mapped.length ? mapped : [["", error.message || s.generic]];
    }
    return [["", s.generic]];
  }

  function showFailure(root, status, body, retryAfter) {
    var seen = {};
    var focusable = messageFor(root, status, body).filter(function (pair) {
      if (seen[pair[0]]) return false;
      seen[pair[0]] = true;
      return true;
    }).map(function (pair) { return showFieldError(root, pair[0], pair[1]); });
    if (status === 401) {
      var login = el("a", "twin-cards__link", root.dataset.logIn);
      login.href = loginHref(root.dataset.loginUrl || "/account/login");
      var formError = errorFor(root, "");
      formError.appendChild(document.createTextNode(" "));
      formError.appendChild(login);
    }
    if (status === 429) {
      var button = root.querySelector('[type="submit"]');
      button.disabled = true;
      setTimeout(function () { button.disabled = false; }, Math.min(Math.max(Number(retryAfter) || 5, 1), 120) * 1000);
    }
    if (focusable[0]) focusable[0].focus();
  }

  function submit(root, event) {
    event.preventDefault();
    var form = event.currentTarget;
    var code = form.elements.code.value.trim();
    var publicKey = form.elements.publicKey.value.trim();
    clearErrors(root);
    var invalid = validate(root, code, publicKey);
    if (invalid.length) {
      invalid[0].focus();
      return;
    }
    var payload = { code: code };
    if (publicKey) payload.publicKey = publicKey;
    setBusy(root, true);
    fetch(root.dataset.proxyUrl + "/redeem", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    })
      .then(function (response) {
        return response.json().catch(function () { return null; }).then(function (body) {
          return { status: response.status, body: body, retryAfter: response.headers.get("Retry-After") };
        });
      })
      .then(function (result) {
        setBusy(root, false);
        var cards = result.body && result.body.data && result.body.data.cards;
        if (result.status === 200 && Array.isArray(cards)) {
          forgetCodeInUrl();
          showSuccess(root, cards);
          document.dispatchEvent(new CustomEvent("twin-cards:claimed", { detail: { cards: cards } }));
          return;
        }
        showFailure(root, result.status, result.body, result.retryAfter);
      })
      .catch(function () {
        setBusy(root, false);
        showFailure(root, 0, null, null);
      });
  }

  /** A used code should not come back on reload or when the link is shared. */
  function forgetCodeInUrl() {
    var url = new URL(window.location.href);
    if (!url.searchParams.has("code")) return;
    url.searchParams.delete("code");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }

  /** The shop's log-in page, coming back to this page (and its ?code=) afterwards. */
  function loginHref(base) {
    var url = new URL(base, window.location.href);
    url.searchParams.set("return_url", window.location.pathname + window.location.search);
    return url.pathname + url.search;
  }

  /** Logged out: the log-in links rendered by the blocks come back here after logging in. */
  function returnHereAfterLogin() {
    document.querySelectorAll("a[data-twin-cards-log-in]").forEach(function (link) {
      var url = new URL(link.href, window.location.href);
      if (url.origin === window.location.origin && !url.searchParams.has("return_url")) link.href = loginHref(link.href);
    });
  }

  function init() {
    returnHereAfterLogin();
    var code = new URLSearchParams(window.location.search).get("code");
    document.querySelectorAll(SELECTOR).forEach(function (root) {
      if (root.dataset.twinCardsReady) return;
      root.dataset.twinCardsReady = "true";
      var form = root.querySelector("[data-twin-cards-form]");
      if (code && !form.elements.code.value) form.elements.code.value = code.trim().slice(0, 64);
      form.addEventListener("submit", function (event) { submit(root, event); });
      Object.keys(FIELDS).forEach(function (field) {
        form.elements[field].addEventListener("input", function () {
          if (form.elements[field].getAttribute("aria-invalid")) clearError(root, field);
        });
      });
    });
  }

  document.addEventListener("shopify:section:load", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
