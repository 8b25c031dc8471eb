/*
 * Twin Cards: the "Claim a card" block (blocks/claim-card.liquid).
 * Pre-fills the code from ?code=, POSTs it as JSON to <proxy>/redeem (the app
 * proxy, same origin): the code alone claims the cards, no wallet needed (the
 * store holds them until the customer links one, decision 0032). Shows what was
 * claimed and where to go next, and dispatches `twin-cards:claimed` on document
 * so "My cards" blocks refresh. Every message comes from the block's translated
 * data-* attributes, never from the app's (English) error text. Data is only
 * ever written with textContent/attributes.
 */
(function () {
  "use strict";

  var SELECTOR = "[data-twin-cards-claim]";

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // ---- Field errors, within one form ----

  function errorFor(form, field) {
    return form.querySelector('[data-error-for="' + field + '"]');
  }

  function hintIds(input) {
    return (input.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
      return id && !/-error$/.test(id);
    });
  }

  /** Shows `message` under `field` ("" for the whole form); returns what should take focus. */
  function showFieldError(form, field, message) {
    var input = field && form.elements[field];
    var target = errorFor(form, input ? field : "");
    target.textContent = message;
    target.hidden = false;
    if (input) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", hintIds(input).concat(target.id).join(" "));
    } else {
      target.setAttribute("role", "alert");
    }
    return input || target;
  }

  function clearError(form, field) {
    var input = field && form.elements[field];
    var target = errorFor(form, field || "");
    target.textContent = "";
    target.hidden = true;
    if (input) {
      input.removeAttribute("aria-invalid");
      input.setAttribute("aria-describedby", hintIds(input).join(" "));
    }
  }

  function clearErrors(form) {
    form.querySelectorAll("[data-error-for]").forEach(function (target) {
      clearError(form, target.dataset.errorFor);
    });
  }

  /** Typing in a field in error clears its message. */
  function clearOnInput(form) {
    Array.prototype.forEach.call(form.elements, function (input) {
      if (input.name)
        input.addEventListener("input", function () {
          if (input.getAttribute("aria-invalid")) clearError(form, input.name);
        });
    });
  }

  function setBusy(form, busy, busyLabel) {
    var button = form.querySelector('[type="submit"]');
    if (!button.dataset.label) button.dataset.label = button.textContent;
    button.disabled = busy;
    button.textContent = busy ? busyLabel : button.dataset.label;
    form.setAttribute("aria-busy", busy ? "true" : "false");
  }

  /** Shows each [field, message] once per field and focuses the first. */
  function showProblems(form, problems) {
    var seen = {};
    var focusable = problems
      .filter(function (pair) {
        if (seen[pair[0]]) return false;
        seen[pair[0]] = true;
        return true;
      })
      .map(function (pair) {
        return showFieldError(form, pair[0], pair[1]);
      });
    if (focusable[0]) focusable[0].focus();
  }

  /** The fields the app's 400/422 answer names, e.g. ["code"]. */
  function failedFields(body) {
    var details = body && body.error && Array.isArray(body.error.details) ? body.error.details : [];
    return details.map(function (detail) {
      return Array.isArray(detail.path) ? detail.path.join(".") : String(detail.path || "");
    });
  }

  function postJson(url, payload) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    }).then(function (response) {
      return response
        .json()
        .catch(function () {
          return null;
        })
        .then(function (body) {
          return { status: response.status, body: body, retryAfter: response.headers.get("Retry-After") };
        });
    });
  }

  /** The shop's log-in page, coming back to this page (and its ?code=) afterwards. */
  function loginHref(base) {
    var url = new URL(base, window.location.href);
    url.searchParams.set("return_url", window.location.pathname + window.location.search);
    return url.pathname + url.search;
  }

  function appendLogIn(root, form) {
    var login = el("a", "twin-cards__link", root.dataset.logIn);
    login.href = loginHref(root.dataset.loginUrl || "/account/login");
    var formError = errorFor(form, "");
    formError.appendChild(document.createTextNode(" "));
    formError.appendChild(login);
  }

  /** A picture, or when it has none or it fails to load, a tinted square with the name's first letter. */
  function thumbnail(url, name) {
    var placeholder = el("span", "twin-cards__thumb twin-cards__thumb--empty", String(name).trim().charAt(0).toUpperCase());
    placeholder.setAttribute("aria-hidden", "true");
    if (typeof url !== "string" || !/^https?:\/\//i.test(url)) return placeholder;
    var image = el("img", "twin-cards__thumb");
    image.alt = "";
    image.addEventListener(
      "error",
      function () {
        image.replaceWith(placeholder);
      },
      { once: true },
    );
    image.src = url;
    return image;
  }

  // ---- Claim ----

  function claimProblems(root, status, body) {
    var s = root.dataset;
    if (status === 404) return [["code", s.notFound]];
    // A gift its giver took back is not a code already used: the shopper is told which (issue 39).
    if (status === 409) return [["code", body && body.error && body.error.reason === "GIFT_TAKEN_BACK" ? s.takenBack : s.conflict]];
    if (status === 410) return [["code", body && body.error && body.error.code === "VOIDED" ? s.voided : s.expired]];
    if (status === 429) return [["", s.rateLimited]];
    if (status === 401) return [["", s.unauthenticated]];
    if (status === 422 || status === 400) {
      var form = root.querySelector("[data-twin-cards-form]");
      var problems = failedFields(body).map(function (path) {
        if (path === "code") return ["code", form.elements.code.value.trim() ? s.notFound : s.codeRequired];
        return ["", s.generic];
      });
      return problems.length ? problems : [["", s.generic]];
    }
    return [["", s.generic]];
  }

  // The wallet that fits the device (issue 39, decision 0074): Apple's on an iPhone or iPad and in Safari on a
  // Mac, Google's on Android, both anywhere else.
  function fitsDevice(google) {
    var ua = navigator.userAgent;
    if (/Android/.test(ua)) return google;
    var apple = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && /Safari\//.test(ua) && !/Chrome|Chromium|Edg|Firefox|OPR/.test(ua));
    return apple ? !google : true;
  }

  // "Add to Apple Wallet" for a claimed card: its signed pass through the app proxy; "Add to Google Wallet": the
  // app proxy answers with Google's save link (decision 0048).
  function walletLink(root, card, google) {
    var s = root.dataset;
    var text = google ? s.addToGoogleWallet : s.addToWallet;
    var link = el("a", "twin-cards__wallet", text);
    link.href =
      s.proxyUrl +
      (google ? "/google-wallet/" : "/passes/") +
      encodeURIComponent(card.id) +
      (google ? "" : ".pkpass") +
      (s.locale ? "?locale=" + encodeURIComponent(s.locale) : "");
    link.setAttribute("aria-label", text + ": " + card.name);
    return link;
  }

  function showClaimed(root, cards, passes) {
    var s = root.dataset;
    var form = root.querySelector("[data-twin-cards-form]");
    var result = root.querySelector("[data-twin-cards-result]");
    var message = new Intl.PluralRules(s.locale || undefined).select(cards.length) === "one" ? s.successOne : s.successOther;
    result.replaceChildren();
    result.appendChild(el("p", "twin-cards__success", message));
    var list = el("ul", "twin-cards__claimed");
    list.setAttribute("role", "list");
    cards.forEach(function (card) {
      var item = el("li", "twin-cards__claimed-item");
      item.appendChild(thumbnail(card.media && card.media.imageUrls && card.media.imageUrls[0], card.name));
      item.appendChild(el("span", "twin-cards__claimed-name", card.name));
      if (passes.apple && card.status === "OWNED" && fitsDevice(false)) item.appendChild(walletLink(root, card, false));
      if (passes.google && card.status === "OWNED" && fitsDevice(true)) item.appendChild(walletLink(root, card, true));
      list.appendChild(item);
    });
    result.appendChild(list);
    // Next steps: where the cards are now, and how to move held ones to a wallet.
    var heldCount = cards.filter(function (card) {
      return card.custody === "HELD";
    }).length;
    if (heldCount > 0) {
      var held = el("p", "twin-cards__held", (heldCount === 1 ? s.heldNext : s.heldNextOther) + " ");
      var wallet = el("a", "twin-cards__link", s.linkWallet);
      wallet.href = s.proxyUrl + "/wallet";
      held.appendChild(wallet);
      result.appendChild(held);
    }
    var again = el("button", "twin-cards__button twin-cards__button--secondary", s.claimAnother);
    again.type = "button";
    again.addEventListener("click", function () {
      result.hidden = true;
      result.replaceChildren();
      form.hidden = false;
      form.reset();
      form.elements.code.focus();
    });
    result.appendChild(again);
    form.hidden = true;
    result.hidden = false;
    result.focus();
  }

  function claim(root, event) {
    event.preventDefault();
    var s = root.dataset;
    var form = event.currentTarget;
    var code = form.elements.code.value.trim();
    clearErrors(form);
    if (!code) return showProblems(form, [["code", s.codeRequired]]);

    setBusy(form, true, s.submitting);
    postJson(s.proxyUrl + "/redeem", { code: code })
      .then(function (result) {
        setBusy(form, false);
        var cards = result.body && result.body.data && result.body.data.cards;
        if (result.status === 200 && Array.isArray(cards)) {
          forgetCodeInUrl();
          var data = result.body.data;
          showClaimed(root, cards, { apple: Boolean(data.appleWalletPasses), google: Boolean(data.googleWalletPasses) });
          document.dispatchEvent(new CustomEvent("twin-cards:claimed", { detail: { cards: cards } }));
          return;
        }
        showProblems(form, claimProblems(root, result.status, result.body));
        if (result.status === 401) appendLogIn(root, form);
        if (result.status === 429) {
          var button = form.querySelector('[type="submit"]');
          button.disabled = true;
          setTimeout(
            function () {
              button.disabled = false;
            },
            Math.min(Math.max(Number(result.retryAfter) || 5, 1), 120) * 1000,
          );
        }
      })
      .catch(function () {
        setBusy(form, false);
        showProblems(form, [["", s.generic]]);
      });
  }

  /** A used code should not come back on reload or when the link is shared. */
  function forgetCodeInUrl() {
    var url = new URL(window.location.href);
    if (!url.searchParams.has("code")) return;
    url.searchParams.delete("code");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }

  // ---- Start ----

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
      form.addEventListener("submit", function (event) {
        claim(root, event);
      });
      clearOnInput(form);
    });
  }

  document.addEventListener("shopify:section:load", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
